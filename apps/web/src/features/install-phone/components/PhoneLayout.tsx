import { ProfileOutlined, UserOutlined } from '@ant-design/icons';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import { Logo } from '../../../components/Logo.tsx';
import { PageFallback } from '../../../router/Root.tsx';
import { useSaveSettings } from '../../user/api/save-settings.ts';
import '../install-phone.css';

/**
 * The installer's frame on a phone: a slim header, the page, and a tab bar at the thumb's reach. It replaces the
 * desktop shell (menus, tag bar, unit tree) that a 390 px screen cannot hold.
 */
export default function PhoneLayout() {
  const { t } = useTranslation('install-phone');
  const saveSettings = useSaveSettings();
  return (
    <div className="ip-app">
      <header className="ip-header">
        <span className="ip-brand">
          <Logo />
          <span className="ip-title">{t('appTitle')}</span>
        </span>
        <LanguageSwitch className="ip-lang" onChange={(Language) => saveSettings.mutate({ Language })} />
      </header>
      <main className="ip-main">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <nav className="ip-tabs" aria-label={t('tabs.label')}>
        <NavLink
          to="/installer"
          end
          className={({ isActive }) => `ip-tab${isActive ? ' active' : ''}`}
          data-tab="tasks"
        >
          <ProfileOutlined />
          <span>{t('tabs.tasks')}</span>
        </NavLink>
        <NavLink to="/installer/me" className={({ isActive }) => `ip-tab${isActive ? ' active' : ''}`} data-tab="me">
          <UserOutlined />
          <span>{t('tabs.me')}</span>
        </NavLink>
      </nav>
    </div>
  );
}
