import { Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TirePressure } from '../api/get-device-detail.ts';
import '../device-detail.css';

/** Rule of thumb for a passenger car's tyres: under 180 kPa is soft, over 250 kPa is over-inflated. */
export const LOW_KPA = 180;
export const HIGH_KPA = 250;

export type TireLevel = 'low' | 'normal' | 'high';
export const tireLevel = (kPa: number): TireLevel => (kPa < LOW_KPA ? 'low' : kPa > HIGH_KPA ? 'high' : 'normal');

/**
 * The tyre pressure dialog (spec section 2): the tyres drawn as the vehicle's axles seen from above, front at
 * the top, wheel 1 front left then left to right (JT/T 808's order); soft and over-inflated tyres marked.
 */
export function TirePressureDialog({
  open,
  name,
  tires,
  onClose,
}: {
  open: boolean;
  name: string;
  tires: TirePressure[];
  onClose: () => void;
}) {
  const { t } = useTranslation('monitor');
  const last = Math.max(0, ...tires.map((x) => x.Position));
  const axles = Array.from({ length: Math.ceil(last / 2) }, (_, i) => [
    tires.find((x) => x.Position === i * 2 + 1),
    tires.find((x) => x.Position === i * 2 + 2),
  ]);
  const axleName = (axle: number) => {
    if (axle === 0) return t('tires.front');
    return axles.length === 2 ? t('tires.rear') : t('tires.axle', { n: axle + 1 });
  };
  const wheel = (tire: TirePressure | undefined, side: 'left' | 'right', axle: number) => {
    if (!tire) return <div className="tire tire-empty" />;
    const level = tireLevel(tire.PressureKPa);
    return (
      <div className={`tire tire-${level}`} data-position={tire.Position} data-level={level}>
        <div className="tire-where">
          {t('tires.wheel', { n: tire.Position })} · {t(`tires.${side}`)}
          {axles.length > 1 ? ` · ${axleName(axle)}` : ''}
        </div>
        <div className="tire-value">
          <strong>{tire.PressureKPa}</strong> kPa
          <span className="muted tire-bar">{t('tires.bar', { value: (tire.PressureKPa / 100).toFixed(2) })}</span>
        </div>
        {level === 'normal' ? null : (
          <Tag color={level === 'low' ? 'red' : 'orange'} bordered={false} className="tire-flag">
            {t(`tires.${level}`)}
          </Tag>
        )}
      </div>
    );
  };
  return (
    <Modal
      open={open}
      title={t('tires.title', { name })}
      onCancel={onClose}
      footer={null}
      width={520}
      className="tire-dialog"
      destroyOnHidden
    >
      <div className="tire-front muted">{t('tires.frontOfVehicle')}</div>
      <div className="tire-axles">
        {axles.map(([left, right], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an axle is its position from the front
          <div className="tire-axle" key={i}>
            {wheel(left, 'left', i)}
            <div className="tire-shaft" />
            {wheel(right, 'right', i)}
          </div>
        ))}
      </div>
      <div className="tire-legend muted">{t('tires.legend', { low: LOW_KPA, high: HIGH_KPA })}</div>
    </Modal>
  );
}
