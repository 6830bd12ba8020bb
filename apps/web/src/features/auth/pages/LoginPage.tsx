import { Alert, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { hasToken, useSession } from '../../../store/session.ts';
import { preloadMonitor } from '../../monitor/preload.ts';
import { useAppConfig } from '../api/get-config.ts';
import { Agreement } from '../components/Agreement.tsx';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { PasswordLoginForm } from '../components/PasswordLoginForm.tsx';
import { SmsLoginForm } from '../components/SmsLoginForm.tsx';
import { landingOf, useReturnPath } from '../hooks/use-sign-in.ts';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { data: config } = useAppConfig();
  const [agreed, setAgreed] = useState(false);
  const [agreementError, setAgreementError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const signedIn = useSession((s) => hasToken(s));
  const returnTo = useReturnPath();
  usePreloadFor(returnTo);

  if (signedIn) return <Navigate to={returnTo ?? landingOf(useSession.getState())} replace />;

  const requireAgreement = () => {
    setFailure(null);
    setAgreementError(!agreed);
    return agreed;
  };
  const onAgree = (checked: boolean) => {
    setAgreed(checked);
    if (checked) setAgreementError(false);
  };
  const formProps = {
    requireAgreement,
    onFailed: (reason: string) => setFailure(reason),
    agreement: <Agreement checked={agreed} onChange={onAgree} showError={agreementError} />,
  };

  const footer = config ? (
    <span className="device-access">
      {t('deviceAccess', { ip: config.deviceAccessIp, port: config.deviceAccessPort })}
    </span>
  ) : null;

  return (
    <AuthLayout footer={footer}>
      <h1 className="auth-title">{t('welcome')}</h1>
      <Tabs
        centered
        destroyOnHidden={false}
        items={[
          { key: 'password', label: t('passwordTab'), children: <PasswordLoginForm {...formProps} /> },
          {
            key: 'sms',
            label: t('smsTab'),
            children: <SmsLoginForm {...formProps} localProvider={config?.smsProvider === 'local'} />,
          },
        ]}
      />
      {failure !== null ? (
        <Alert
          className="login-failed"
          type="error"
          showIcon
          title={t('loginFailed')}
          description={failure || undefined}
        />
      ) : null}
      <div className="auth-links">
        <Link to="/forget">{t('forget')}</Link>
        <Link to="/register">{t('register')}</Link>
      </div>
    </AuthLayout>
  );
}

/**
 * While the person types: the signed-in frame's code (every login opens it) and, when they were
 * sent here from the online monitor (a bookmark, an expired session), the monitor's code with
 * MapLibre (~1 MB), so the page asked for opens at once after login.
 */
function usePreloadFor(returnTo: string | null) {
  const monitor = returnTo?.startsWith('/monitor') ?? false;
  useEffect(() => {
    void import('../../../layouts/Shell.tsx');
    if (monitor) preloadMonitor();
  }, [monitor]);
}
