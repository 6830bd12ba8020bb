import { MAP_PROVIDERS, type MapProviderId } from '@lodestar/domain';
import { Modal, Radio, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tileProvider } from '../../../map/tile-settings.ts';

/** The change-map dialog (spec section 2): Amap road or satellite, Tencent, Baidu, OpenStreetMap, Google. */
export function ChangeMapDialog({
  open,
  value,
  onChange,
  onClose,
}: {
  open: boolean;
  value: MapProviderId;
  onChange: (provider: MapProviderId) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('monitor');
  const [choice, setChoice] = useState(value);
  useEffect(() => {
    if (open) setChoice(value);
  }, [open, value]);
  return (
    <Modal
      open={open}
      title={t('map.title')}
      onOk={() => {
        onChange(choice);
        onClose();
      }}
      onCancel={onClose}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      width={420}
      className="change-map-dialog"
      destroyOnHidden
    >
      <Radio.Group value={choice} onChange={(e) => setChoice(e.target.value)} className="change-map-options">
        <Space orientation="vertical">
          {MAP_PROVIDERS.map((id) => (
            <Radio key={id} value={id} data-provider={id}>
              {t(`map.provider.${id}`)} <Tag bordered={false}>{t(`map.crs.${tileProvider(id).crs}`)}</Tag>
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}
