import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  showError: boolean;
}

/** The user agreement box every login needs ticked (spec section 5). */
export function Agreement({ checked, onChange, showError }: Props) {
  const { t } = useTranslation('auth');
  return (
    <div className="agreement">
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} className="agreement-check">
        {t('agreePrefix')}{' '}
        <Link to="/usageProtocol" target="_blank">
          {t('usageProtocol')}
        </Link>{' '}
        {t('and')}{' '}
        <Link to="/securityProtocol" target="_blank">
          {t('securityProtocol')}
        </Link>
      </Checkbox>
      {showError ? (
        <div className="ant-form-item-explain-error agreement-error" role="alert">
          {t('agreementRequired')}
        </div>
      ) : null}
    </div>
  );
}
