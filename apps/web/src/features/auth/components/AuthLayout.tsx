import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import { Logo } from '../../../components/Logo.tsx';
import { useAppTitle } from '../../../components/useAppTitle.ts';

/** The frame of the public pages: brand, language switch, a centred card. */
export function AuthLayout({ children, footer, wide }: { children: ReactNode; footer?: ReactNode; wide?: boolean }) {
  const appTitle = useAppTitle();
  return (
    <div className="auth-page">
      <header className="auth-header">
        <Link to="/login" className="auth-brand">
          <Logo size={32} />
          <span>{appTitle}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main className={wide ? 'auth-card auth-card-wide' : 'auth-card'}>{children}</main>
      {footer ? <footer className="auth-footer">{footer}</footer> : null}
    </div>
  );
}
