import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../components/AuthLayout.tsx';

/** /usageProtocol and /securityProtocol: the texts the login agreement links to. */
export default function ProtocolPage({ kind }: { kind: 'usage' | 'security' }) {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout wide>
      <h1 className="auth-title">{t(`${kind}Title`)}</h1>
      <p className="protocol-body">{t(`${kind}Body`)}</p>
      <div className="auth-links">
        <Link to="/login">{t('backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
