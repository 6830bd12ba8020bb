import type { ModifyVehicleInput } from '@lodestar/contract/vehicles';
import { checkVin, normaliseVin, VEHICLE_LIFE_KEYS, VEHICLE_LIFE_STATUSES, YUAN_RE } from '@lodestar/domain';
import { DatePicker, Divider, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { provinceOptions } from '../provinces.ts';
import { DeviceSelect } from './DeviceSelect.tsx';
import { type Point, PointPicker } from './PointPicker.tsx';

/** The form's values: the API's fields, with cost as yuan text, the time as a picker value and points as pairs. */
export interface VehicleForm {
  HoldID: number;
  Plate: string;
  OwnerName?: string;
  Brand?: string;
  VehicleType?: string;
  Colour?: string;
  VIN?: string;
  EngineNo?: string;
  DeviceIDs?: string[];
  StoreName?: string;
  StorePhone?: string;
  WorkOrderNo?: string;
  InstallTime?: Dayjs | null;
  CostYuan?: string;
  HomeAddress?: string;
  HomePoint?: Point;
  CompanyAddress?: string;
  CompanyPoint?: Point;
  Province?: string;
  VehicleLifeStatus?: ModifyVehicleInput['VehicleLifeStatus'];
  Tag?: string;
  Remark?: string;
}

interface Props {
  adding: boolean;
  /** The unit of the vehicle being edited. */
  holdName?: string | undefined;
  /** The map pickers are made only while the dialog is open (a hidden MapLibre map has no size). */
  open: boolean;
}

/** Every Vehicle field of spec section 3, grouped: the vehicle, its devices, the install, places, status. */
export function VehicleFormFields({ adding, holdName, open }: Props) {
  const { t, i18n } = useTranslation('vehicles');
  const max = (n: number) => ({ max: n, message: t('rule.max', { max: n }) });
  const holdId = Form.useWatch<number | undefined>('HoldID');
  return (
    <div className="vehicle-form">
      <Divider titlePlacement="start" plain>
        {t('group.vehicle')}
      </Divider>
      <div className="vehicle-form-grid">
        <Form.Item
          name="Plate"
          label={t('field.Plate')}
          rules={[{ required: true, whitespace: true, message: t('rule.plate') }, max(32)]}
        >
          <Input maxLength={32} />
        </Form.Item>
        {adding ? (
          <Form.Item name="HoldID" label={t('field.HoldName')} rules={[{ required: true, message: t('rule.hold') }]}>
            <HoldTreeSelect />
          </Form.Item>
        ) : (
          // A vehicle changes unit with "Move" (Vehicle/MoveVehicles), which takes its devices along.
          <Form.Item label={t('field.HoldName')} tooltip={t('form.unitByMove')}>
            <Input value={holdName} disabled />
          </Form.Item>
        )}
        <Form.Item name="OwnerName" label={t('field.OwnerName')} rules={[max(64)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="Brand" label={t('field.Brand')} rules={[max(64)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="VehicleType" label={t('field.VehicleType')} rules={[max(64)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="Colour" label={t('field.Colour')} rules={[max(32)]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="VIN"
          label={t('field.VIN')}
          rules={[
            {
              validator: async (_r, v: string | undefined) => {
                const vin = normaliseVin(v ?? '');
                const problem = vin ? checkVin(vin) : null;
                if (problem) throw new Error(t(`vin.${problem}`));
              },
            },
          ]}
        >
          <Input maxLength={17} className="vehicle-vin" />
        </Form.Item>
        <Form.Item name="EngineNo" label={t('field.EngineNo')} rules={[max(64)]}>
          <Input maxLength={64} />
        </Form.Item>
      </div>
      <Divider titlePlacement="start" plain>
        {t('group.devices')}
      </Divider>
      <Form.Item name="DeviceIDs" label={t('field.DeviceIDs')} labelCol={{ span: 3 }} wrapperCol={{ span: 20 }}>
        <DeviceSelect holdId={holdId} />
      </Form.Item>
      <Divider titlePlacement="start" plain>
        {t('group.install')}
      </Divider>
      <div className="vehicle-form-grid">
        <Form.Item name="StoreName" label={t('field.StoreName')} rules={[max(64)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="StorePhone" label={t('field.StorePhone')} rules={[max(32)]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="WorkOrderNo" label={t('field.WorkOrderNo')} rules={[max(64)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="InstallTime" label={t('field.InstallTime')}>
          <DatePicker showTime allowClear format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="CostYuan" label={t('field.Cost')} rules={[{ pattern: YUAN_RE, message: t('rule.yuan') }]}>
          <Input suffix={t('yuan')} inputMode="decimal" />
        </Form.Item>
      </div>
      <Divider titlePlacement="start" plain>
        {t('group.places')}
      </Divider>
      <div className="vehicle-form-grid">
        <div>
          <Form.Item name="HomeAddress" label={t('field.HomeAddress')} rules={[max(200)]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="HomePoint" label={t('field.HomePoint')}>
            {open ? <PointPicker testId="home-point" /> : <span />}
          </Form.Item>
        </div>
        <div>
          <Form.Item name="CompanyAddress" label={t('field.CompanyAddress')} rules={[max(200)]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="CompanyPoint" label={t('field.CompanyPoint')}>
            {open ? <PointPicker testId="company-point" /> : <span />}
          </Form.Item>
        </div>
        <Form.Item name="Province" label={t('field.Province')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={provinceOptions(i18n.language)} />
        </Form.Item>
      </div>
      <Divider titlePlacement="start" plain>
        {t('group.status')}
      </Divider>
      <div className="vehicle-form-grid">
        <Form.Item name="VehicleLifeStatus" label={t('field.VehicleLifeStatus')}>
          <Select
            allowClear
            options={VEHICLE_LIFE_STATUSES.map((v) => ({ value: v, label: t(`lifeStatus.${VEHICLE_LIFE_KEYS[v]}`) }))}
          />
        </Form.Item>
        <Form.Item name="Tag" label={t('field.Tag')} rules={[max(32)]}>
          <Input maxLength={32} />
        </Form.Item>
      </div>
      <Form.Item
        name="Remark"
        label={t('field.Remark')}
        labelCol={{ span: 3 }}
        wrapperCol={{ span: 20 }}
        rules={[max(200)]}
      >
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </div>
  );
}
