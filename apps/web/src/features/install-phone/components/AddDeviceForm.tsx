import { PlusOutlined, ScanOutlined } from '@ant-design/icons';
import { INSTALL_POSITIONS, type InstallPositionCode } from '@lodestar/domain';
import { App, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { fieldsNamedIn } from '../../../components/table/FormModal.tsx';
import { useUserTimeZone, wallClockIn } from '../../../lib/user-time.ts';
import { useSession } from '../../../store/session.ts';
import { useAddInstallInfo } from '../api/install-infos.ts';
import { BarcodeScanner, canScan } from './BarcodeScanner.tsx';

interface Values {
  DeviceID: string;
  Position: InstallPositionCode;
  People: string;
  /** `YYYY-MM-DDTHH:mm` from the phone's own date-time picker. */
  Time: string;
}

/** The user's wall clock now, as a datetime-local input holds it. */
const localNow = (zone: string | undefined) => wallClockIn(new Date(), zone).slice(0, 16).replace(' ', 'T');

/**
 * A device fitted to the car: its ID (scanned with the camera where the browser can, typed otherwise), where it
 * sits, who fitted it and when (the installer and now, unless changed).
 */
export function AddDeviceForm({ taskId }: { taskId: number }) {
  const { t } = useTranslation('install-phone');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const zone = useUserTimeZone();
  const userName = useSession((s) => s.userName);
  const add = useAddInstallInfo(taskId);
  const [scanning, setScanning] = useState(false);
  const scannable = canScan();

  const onFinish = async (v: Values) => {
    try {
      await add.mutateAsync({
        DeviceID: v.DeviceID.trim(),
        Position: v.Position,
        People: v.People.trim(),
        Time: `${v.Time.replace('T', ' ')}:00`,
      });
      message.success(t('devices.added'));
      form.setFieldsValue({ DeviceID: '' });
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : String(err);
      // A refusal that names no field is about the device (unknown, another unit's, already fitted).
      const named = fieldsNamedIn(msg, ['Position', 'People', 'Time', 'DeviceID']) as (keyof Values)[];
      form.setFields((named.length ? named : ['DeviceID' as const]).map((name) => ({ name, errors: [msg] })));
    }
  };

  return (
    <div className="ip-card ip-add-device">
      <h3 className="ip-card-title">{t('devices.add')}</h3>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ People: userName, Time: localNow(zone) }}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item label={t('devices.deviceId')} extra={scannable ? undefined : t('devices.typeOnly')} required>
          <div className="ip-device-id-row">
            <Form.Item
              name="DeviceID"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('devices.deviceIdRequired') }]}
            >
              <Input className="ip-device-id" inputMode="numeric" autoComplete="off" allowClear />
            </Form.Item>
            {scannable ? (
              <Button icon={<ScanOutlined />} onClick={() => setScanning(true)} className="ip-scan">
                {t('devices.scan')}
              </Button>
            ) : null}
          </div>
        </Form.Item>
        <Form.Item
          name="Position"
          label={t('devices.position')}
          rules={[{ required: true, message: t('devices.positionRequired') }]}
        >
          <Select
            className="ip-position"
            options={INSTALL_POSITIONS.map((p) => ({ value: p, label: t(`position.${p}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="People"
          label={t('devices.people')}
          rules={[{ required: true, whitespace: true, message: t('devices.peopleRequired') }]}
        >
          <Input className="ip-people" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="Time"
          label={t('devices.time')}
          rules={[{ required: true, message: t('devices.timeRequired') }]}
        >
          <Input className="ip-time" type="datetime-local" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          icon={<PlusOutlined />}
          loading={add.isPending}
          className="ip-add"
        >
          {t('devices.save')}
        </Button>
      </Form>
      <Modal
        open={scanning}
        title={t('scan.title')}
        footer={null}
        onCancel={() => setScanning(false)}
        destroyOnHidden
        className="ip-scan-modal"
      >
        <BarcodeScanner
          onCode={(code) => {
            setScanning(false);
            form.setFields([{ name: 'DeviceID', value: code, errors: [] }]);
          }}
          onClose={() => setScanning(false)}
        />
      </Modal>
    </div>
  );
}
