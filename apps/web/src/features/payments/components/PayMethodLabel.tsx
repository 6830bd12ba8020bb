import '../payments.css';
import { AlipayCircleOutlined, WechatOutlined } from '@ant-design/icons';
import { PayMethod } from '@lodestar/domain';
import { useTranslation } from 'react-i18next';

/** The provider's icon and name: Alipay in its blue, WeChat Pay in its green. */
export function PayMethodLabel({ method }: { method: number }) {
  const { t } = useTranslation('payments');
  return method === PayMethod.WechatPay ? (
    <span className="pay-method">
      <WechatOutlined style={{ color: '#09bb07' }} /> {t('method.2')}
    </span>
  ) : (
    <span className="pay-method">
      <AlipayCircleOutlined style={{ color: '#1677ff' }} /> {t('method.1')}
    </span>
  );
}
