import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../features/auth/api/get-config.ts';

/** The title configured on the server, else the translated product name. */
export function useAppTitle(): string {
  const { data } = useAppConfig();
  const { t } = useTranslation();
  return data?.appTitle || t('common:appTitle');
}
