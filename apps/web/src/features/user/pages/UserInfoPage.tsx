import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { useUserInfo } from '../api/get-user-info.ts';
import { PasswordForm } from '../components/PasswordForm.tsx';
import { ProfileCard } from '../components/ProfileCard.tsx';
import { SettingsForm } from '../components/SettingsForm.tsx';

/** /user/info: profile, settings and password. */
export default function UserInfoPage() {
  const { t } = useTranslation('menu');
  const { data, isLoading } = useUserInfo();
  return (
    <PageLayout title={t('userInfo')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <ProfileCard profile={data} loading={isLoading} />
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
