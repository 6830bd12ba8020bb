import { LogoutOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../store/session.ts';
import { useLogout } from '../../auth/api/logout.ts';

/** Who is signed in on this phone, and the way out. */
export default function MePage() {
  const { t } = useTranslation('install-phone');
  const userName = useSession((s) => s.userName);
  const holdName = useSession((s) => s.currentHoldName);
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onLogout = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        useSession.getState().clearSession();
        queryClient.clear();
        navigate('/login', { replace: true });
      },
    });
  return (
    <section className="ip-page ip-me">
      <h1 className="ip-page-title">{t('me.title')}</h1>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('me.name')}>{userName}</Descriptions.Item>
        <Descriptions.Item label={t('me.unit')}>{holdName || '—'}</Descriptions.Item>
      </Descriptions>
      <Button
        block
        danger
        icon={<LogoutOutlined />}
        loading={logout.isPending}
        onClick={onLogout}
        className="ip-logout"
      >
        {t('me.logout')}
      </Button>
    </section>
  );
}
