import { checkIdCard, ObjectType, type ObjectTypeCode, PROTOCOLS, type Protocol } from '@lodestar/domain';
import { Alert, App, Form, Input, InputNumber, Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { FormModal } from '../../../components/table/FormModal.tsx';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { TIME_ZONES } from '../../user/components/SettingsForm.tsx';
import { uploadPhoto } from '../api/device-photo.ts';
import type { DeviceDetail } from '../api/get-device.ts';
import { type AddDeviceInput, useSaveDevice } from '../api/save-device.ts';
import { PhotoField } from './PhotoField.tsx';

type Person = NonNullable<AddDeviceInput['Person']>;
type Asset = NonNullable<AddDeviceInput['Asset']>;

export interface DeviceFormValues {
  ObjectType: ObjectTypeCode;
  DeviceID: string;
  Protocol: Protocol;
  HoldID: number;
  SIM: string;
  DeviceName?: string;
  Model?: string;
  TrackerType: 'wired' | 'wireless';
  TimeZone: string;
  Remark?: string;
  Person?: Partial<Person>;
  Asset?: Partial<Asset>;
}

const DEVICE_ID = /^[0-9A-Za-z]{4,32}$/;

export function formValuesOf(d: DeviceDetail): DeviceFormValues {
  return {
    ObjectType: d.ObjectType,
    DeviceID: d.DeviceID,
    Protocol: d.Protocol as Protocol,
    HoldID: d.HoldID,
    SIM: d.SIM,
    DeviceName: d.DeviceName,
    Model: d.Model,
    TrackerType: d.TrackerType === 'wireless' ? 'wireless' : 'wired',
    TimeZone: d.TimeZone,
    Remark: d.Remark,
    ...(d.Person ? { Person: d.Person } : {}),
    ...(d.Asset ? { Asset: d.Asset } : {}),
  };
}

/** Blank optional texts as "not given" for numbers and choices; the object only for the type that carries one. */
function bodyOf(v: DeviceFormValues): AddDeviceInput {
  const num = (n: number | null | undefined) => (typeof n === 'number' ? n : undefined);
  const p = v.Person ?? {};
  const a = v.Asset ?? {};
  return {
    DeviceID: v.DeviceID.trim(),
    Protocol: v.Protocol,
    HoldID: v.HoldID,
    SIM: v.SIM?.trim() ?? '',
    DeviceName: v.DeviceName?.trim() ?? '',
    Model: v.Model?.trim() ?? '',
    TrackerType: v.TrackerType,
    TimeZone: v.TimeZone,
    Remark: v.Remark ?? '',
    ObjectType: v.ObjectType,
    ...(v.ObjectType === ObjectType.Person
      ? {
          Person: {
            Name: p.Name?.trim() ?? '',
            ObjectNo: p.ObjectNo ?? '',
            Age: num(p.Age),
            IdCard: p.IdCard?.trim().toUpperCase() ?? '',
            Phone: p.Phone ?? '',
            Sex: p.Sex,
            Category: p.Category ?? '',
          },
        }
      : {}),
    ...(v.ObjectType === ObjectType.Asset
      ? {
          Asset: {
            Name: a.Name?.trim() ?? '',
            ObjectNo: a.ObjectNo ?? '',
            Colour: a.Colour ?? '',
            Weight: num(a.Weight),
            Length: num(a.Length),
            Width: num(a.Width),
            Height: num(a.Height),
            Shape: a.Shape ?? '',
          },
        }
      : {}),
  };
}

/** Where in the form a server message's field (`Person.IdCard`, `DeviceID`) is. */
const SERVER_FIELDS: [string, (string | number)[]][] = [
  ['Person.IdCard', ['Person', 'IdCard']],
  ['Person.Name', ['Person', 'Name']],
  ['Person.Age', ['Person', 'Age']],
  ['Asset.Name', ['Asset', 'Name']],
  ['DeviceID', ['DeviceID']],
  ['SIM', ['SIM']],
  ['TimeZone', ['TimeZone']],
];

interface Props {
  open: boolean;
  /** The device being edited (with its person or asset); none: a new one. */
  device: DeviceDetail | undefined;
  /** The unit a new device goes to unless another is picked (the unit tree's). */
  defaultHoldId: number | undefined;
  onClose: () => void;
}

/** Add or edit a device; the fields follow what it is on (spec section 3: vehicle, person, asset). */
export function DeviceFormModal({ open, device, defaultHoldId, onClose }: Props) {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const [form] = Form.useForm<DeviceFormValues>();
  const save = useSaveDevice();
  const [photo, setPhoto] = useState<File | null>(null);
  const editing = device !== undefined;
  const type = (Form.useWatch('ObjectType', form) ?? device?.ObjectType ?? ObjectType.Vehicle) as ObjectTypeCode;
  const required = (field: string): Rule => ({ required: true, whitespace: true, message: t('required', { field }) });
  const idCardRule: Rule = {
    validator: async (_r, value: string | undefined) => {
      const v = value?.trim().toUpperCase();
      const problem = v ? checkIdCard(v) : null;
      if (problem) throw new Error(t(`idCard.${problem}`));
    },
  };

  const initial: Partial<DeviceFormValues> = device
    ? formValuesOf(device)
    : {
        ObjectType: ObjectType.Vehicle,
        Protocol: 'gt06',
        TrackerType: 'wired',
        TimeZone: 'Asia/Shanghai',
        ...(defaultHoldId ? { HoldID: defaultHoldId } : {}),
      };

  const submit = async (v: DeviceFormValues) => {
    try {
      const saved = await save.mutateAsync({ editing, body: bodyOf(v) });
      if (photo && v.ObjectType === ObjectType.Person) {
        try {
          await uploadPhoto(saved.DeviceID, photo);
        } catch (err) {
          // The device is saved: the photo can be chosen again from its edit form.
          message.warning(t('photo.failed', { reason: err instanceof Error ? err.message : String(err) }));
        }
      }
      setPhoto(null);
    } catch (err) {
      if (err instanceof ApiError)
        form.setFields(
          SERVER_FIELDS.filter(([name]) => err.message.includes(name)).map(([, path]) => ({
            name: path,
            errors: [err.message],
          })) as Parameters<typeof form.setFields>[0],
        );
      throw err;
    }
  };

  return (
    <FormModal<DeviceFormValues>
      open={open}
      form={form}
      name="device-form"
      width={720}
      title={editing ? t('form.editTitle', { id: device.DeviceID }) : t('form.addTitle')}
      initialValues={initial}
      onCancel={() => {
        setPhoto(null);
        onClose();
      }}
      onSubmit={submit}
    >
      <Form.Item name="ObjectType" label={t('field.objectType')}>
        <Radio.Group
          data-testid="device-form-type"
          optionType="button"
          options={[
            { value: ObjectType.Vehicle, label: t('objectType.vehicle') },
            { value: ObjectType.Person, label: t('objectType.person') },
            { value: ObjectType.Asset, label: t('objectType.asset') },
          ]}
        />
      </Form.Item>
      {editing && device.ObjectType === ObjectType.Vehicle && type !== ObjectType.Vehicle && device.VehicleID ? (
        <Alert
          className="device-form-note"
          type="warning"
          showIcon
          title={t('form.unbindNote', { plate: device.ObjectName })}
        />
      ) : null}
      <Form.Item
        name="DeviceID"
        label={t('field.deviceId')}
        rules={[required(t('field.deviceId')), { pattern: DEVICE_ID, message: t('form.deviceIdPattern') }]}
      >
        <Input disabled={editing} maxLength={32} data-testid="device-form-id" />
      </Form.Item>
      <Form.Item
        name="Protocol"
        label={t('field.protocol')}
        rules={[{ required: true, message: t('required', { field: t('field.protocol') }) }]}
      >
        <Select
          data-testid="device-form-protocol"
          options={PROTOCOLS.map((p) => ({ value: p, label: t(`protocol.${p}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="HoldID"
        label={t('field.hold')}
        rules={[{ required: true, message: t('required', { field: t('field.hold') }) }]}
      >
        <HoldTreeSelect disabled={editing} data-testid="device-form-hold" />
      </Form.Item>
      <Form.Item name="SIM" label={t('field.sim')} rules={[required(t('field.sim'))]}>
        <Input maxLength={32} data-testid="device-form-sim" />
      </Form.Item>
      <Form.Item name="DeviceName" label={t('field.deviceName')}>
        <Input maxLength={64} placeholder={t('form.nameDefault')} />
      </Form.Item>
      <Form.Item name="Model" label={t('field.model')}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="TrackerType" label={t('field.trackerType')}>
        <Radio.Group
          options={[
            { value: 'wired', label: t('tracker.wired') },
            { value: 'wireless', label: t('tracker.wireless') },
          ]}
        />
      </Form.Item>
      <Form.Item name="TimeZone" label={t('field.timeZone')}>
        <Select
          showSearch
          options={[...new Set([initial.TimeZone ?? '', ...TIME_ZONES])]
            .filter(Boolean)
            .map((z) => ({ value: z, label: z }))}
        />
      </Form.Item>
      <Form.Item label={t('field.vipExpiry')}>
        <span className="device-form-static">{device?.VipExpiry ?? t('vip.fromActivation')}</span>
      </Form.Item>
      <Form.Item name="Remark" label={t('field.remark')}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>

      {type === ObjectType.Vehicle ? (
        <Form.Item label={t('field.vehicle')}>
          <span className="device-form-static" data-testid="device-form-vehicle">
            {editing && device.ObjectType === ObjectType.Vehicle && device.ObjectName ? (
              <Link to={`/info/vehicle?Keyword=${encodeURIComponent(device.ObjectName)}`}>{device.ObjectName}</Link>
            ) : (
              <span className="muted">{t('form.noVehicle')}</span>
            )}{' '}
            <span className="muted">{t('form.bindOnVehicle')}</span>
          </span>
        </Form.Item>
      ) : null}

      {type === ObjectType.Person ? (
        <fieldset className="device-form-object" data-testid="device-form-person">
          <legend>{t('form.person')}</legend>
          <Form.Item name={['Person', 'Name']} label={t('person.name')} rules={[required(t('person.name'))]}>
            <Input maxLength={64} data-testid="person-name" />
          </Form.Item>
          <Form.Item name={['Person', 'ObjectNo']} label={t('person.objectNo')}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name={['Person', 'IdCard']} label={t('person.idCard')} rules={[idCardRule]}>
            <Input maxLength={18} data-testid="person-idcard" />
          </Form.Item>
          <Form.Item name={['Person', 'Age']} label={t('person.age')}>
            <InputNumber min={0} max={150} precision={0} />
          </Form.Item>
          <Form.Item name={['Person', 'Sex']} label={t('person.sex')}>
            <Radio.Group
              options={[
                { value: 1, label: t('sex.1') },
                { value: 2, label: t('sex.2') },
              ]}
            />
          </Form.Item>
          <Form.Item name={['Person', 'Phone']} label={t('person.phone')}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name={['Person', 'Category']} label={t('person.category')}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item label={t('person.photo')}>
            <PhotoField
              deviceId={editing ? device.DeviceID : undefined}
              hasPhoto={Boolean(device?.Person?.HasPhoto)}
              file={photo}
              onChange={setPhoto}
            />
          </Form.Item>
        </fieldset>
      ) : null}

      {type === ObjectType.Asset ? (
        <fieldset className="device-form-object" data-testid="device-form-asset">
          <legend>{t('form.asset')}</legend>
          <Form.Item name={['Asset', 'Name']} label={t('asset.name')} rules={[required(t('asset.name'))]}>
            <Input maxLength={64} data-testid="asset-name" />
          </Form.Item>
          <Form.Item name={['Asset', 'ObjectNo']} label={t('asset.objectNo')}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name={['Asset', 'Colour']} label={t('asset.colour')}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name={['Asset', 'Weight']} label={t('asset.weight')}>
            <InputNumber min={0} max={100000} />
          </Form.Item>
          <Form.Item name={['Asset', 'Length']} label={t('asset.length')}>
            <InputNumber min={0} max={100000} />
          </Form.Item>
          <Form.Item name={['Asset', 'Width']} label={t('asset.width')}>
            <InputNumber min={0} max={100000} />
          </Form.Item>
          <Form.Item name={['Asset', 'Height']} label={t('asset.height')}>
            <InputNumber min={0} max={100000} />
          </Form.Item>
          <Form.Item name={['Asset', 'Shape']} label={t('asset.shape')}>
            <Input maxLength={32} />
          </Form.Item>
        </fieldset>
      ) : null}
    </FormModal>
  );
}
