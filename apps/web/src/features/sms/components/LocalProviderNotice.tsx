import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Said wherever SMS are sent while the server's provider is the local one: nothing leaves the server. */
export function LocalProviderNotice({ provider }: { provider: 'local' | 'http' | undefined }) {
  const { t } = useTranslation('sms');
  if (provider !== 'local') return null;
  return (
    <Alert
      className="sms-local-notice"
      data-testid="sms-local-provider"
      type="warning"
      showIcon
      title={t('local.title')}
      description={t('local.text')}
    />
  );
}
