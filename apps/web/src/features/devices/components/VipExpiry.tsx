import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const DAY = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/**
 * The VIP expiry with its state of spec section 4 (expired, or expiring within 7, 30 or 60 days, as the list's VIP
 * filter judges it); empty until activation starts the default 4 years (spec section 9).
 */
export function VipExpiry({ value, today }: { value: string | null; today: string }) {
  const { t } = useTranslation('devices');
  if (!value) return <span className="muted">{t('vip.fromActivation')}</span>;
  const left = daysBetween(today, value);
  if (left < 0)
    return (
      <span>
        {value} <Tag color="red">{t('vip.expired')}</Tag>
      </span>
    );
  const within = [7, 30, 60].find((n) => left < n);
  return (
    <span>
      {value}{' '}
      {within ? (
        <Tag color={within === 7 ? 'orange' : within === 30 ? 'gold' : 'blue'}>{t(`vip.${within}`)}</Tag>
      ) : null}
    </span>
  );
}
