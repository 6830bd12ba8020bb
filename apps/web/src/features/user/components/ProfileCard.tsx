import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../api/get-user-info.ts';

const dash = (v: string | null | undefined) => (v ? v : '—');

export function ProfileCard({ profile, loading }: { profile: Profile | undefined; loading: boolean }) {
  const { t } = useTranslation('user');
  return (
    <Card title={t('profile')} loading={loading} className="profile-card">
      {profile ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('userName')}>{profile.UserName}</Descriptions.Item>
          <Descriptions.Item label={t('phone')}>{profile.Phone}</Descriptions.Item>
          <Descriptions.Item label={t('hold')}>{profile.HoldName}</Descriptions.Item>
          <Descriptions.Item label={t('accountType')}>
            {t(`accountTypes.${profile.AccountType}`, { defaultValue: String(profile.AccountType) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('timeZone')}>{dash(profile.TimeZone)}</Descriptions.Item>
          <Descriptions.Item label={t('serviceEnd')}>{dash(profile.ServiceEndDate)}</Descriptions.Item>
          <Descriptions.Item label={t('createTime')}>{dash(profile.CreateTime)}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Card>
  );
}
