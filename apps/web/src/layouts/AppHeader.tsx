import { DownloadOutlined, LinkOutlined, LoadingOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { MenuPosition } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Layout, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { Logo } from '../components/Logo.tsx';
import { useAppTitle } from '../components/useAppTitle.ts';
import { useLogout } from '../features/auth/api/logout.ts';
import { useBranding } from '../features/bulletins/api/branding.ts';
import { BulletinBell } from '../features/bulletins/components/BulletinBell.tsx';
import { NoticeButton } from '../features/notices/components/NoticeButton.tsx';
import { useSaveSettings } from '../features/user/api/save-settings.ts';
import { WorkCountButton } from '../features/work-orders/components/WorkCountButton.tsx';
import { useSession } from '../store/session.ts';
import { NavMenu } from './NavMenu.tsx';
import { WorkspaceSwitch } from './WorkspaceSwitch.tsx';

export function AppHeader() {
  const { t } = useTranslation('shell');
  const defaultTitle = useAppTitle();
  // The unit's own title and logo, else the nearest superior unit's (User/GetBranding), else the product's.
  const branding = useBranding().data?.Effective;
  const appTitle = branding?.Title || defaultTitle;
  const menuPosition = useSession((s) => s.menuPosition);
  const userName = useSession((s) => s.userName);
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saveSettings = useSaveSettings();

  const onLogout = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        useSession.getState().clearSession();
        queryClient.clear();
        navigate('/login', { replace: true });
      },
    });

  return (
    <Layout.Header className="app-header">
      <div className="app-brand">
        {branding?.Logo ? (
          <img
            className="logo custom-logo"
            src={`data:image/png;base64,${branding.Logo}`}
            width={28}
            height={28}
            alt=""
          />
        ) : (
          <Logo />
        )}
        <span className="app-title" data-testid="app-title">
          {appTitle}
        </span>
      </div>
      <div className="app-header-menu">{menuPosition === MenuPosition.Top ? <NavMenu mode="horizontal" /> : null}</div>
      <div className="app-header-tools">
        {branding?.ExternalLink ? (
          <Tooltip title={t('bulletins:branding.openExternal')}>
            <a
              className="header-tool header-link"
              href={branding.ExternalLink}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('bulletins:branding.openExternal')}
            >
              <LinkOutlined />
            </a>
          </Tooltip>
        ) : null}
        <WorkCountButton />
        <BulletinBell />
        <NoticeButton />
        <WorkspaceSwitch />
        <LanguageSwitch className="header-tool" onChange={(Language) => saveSettings.mutate({ Language })} />
        <Tooltip title={t('download')}>
          <Link to="/user/download" className="header-tool header-link" aria-label={t('download')}>
            <DownloadOutlined />
          </Link>
        </Tooltip>
        <Tooltip title={t('personal')}>
          <Link to="/user/info" className="header-tool header-link personal-link" aria-label={t('personal')}>
            <UserOutlined /> <span className="user-name">{userName}</span>
          </Link>
        </Tooltip>
        <button
          type="button"
          className="plain-button header-tool logout"
          onClick={onLogout}
          disabled={logout.isPending}
        >
          {logout.isPending ? <LoadingOutlined /> : <LogoutOutlined />}
          <span>{t('logout')}</span>
        </button>
      </div>
    </Layout.Header>
  );
}
