import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { useFunctionSet } from '../../../store/session.ts';
import { BrandingForm, canBrand } from '../../bulletins/components/BrandingForm.tsx';
import { useUserInfo } from '../api/get-user-info.ts';
import { PasswordForm } from '../components/PasswordForm.tsx';
import { ProfileCard } from '../components/ProfileCard.tsx';
import { SettingsForm } from '../components/SettingsForm.tsx';

/** /user/info: profile, settings and password; the unit's title and logo for those who brand it. */
export default function UserInfoPage() {
  const { t } = useTranslation('menu');
  const { data, isLoading } = useUserInfo();
  const brands = canBrand(useFunctionSet());
  return (
    <PageLayout title={t('userInfo')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          {/* The profile is short: the branding form sits under it, in view at 1440 px. */}
          <Flex vertical gap={16}>
            <ProfileCard profile={data} loading={isLoading} />
            {brands ? <BrandingForm /> : null}
          </Flex>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <SettingsForm profile={data} />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <PasswordForm />
        </Col>
      </Row>
    </PageLayout>
  );
}
