import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Fn, formatFen, parseYuanToFen, VEHICLE_LIFE_KEYS, VEHICLE_LIFE_STATUSES } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import {
  DeleteButton,
  ExportButton,
  FilterForm,
  FormModal,
  type PagedColumn,
  PagedTable,
  useFormModal,
  useServerList,
} from '../../../components/table/index.ts';
import { useFunctionSet, useSession } from '../../../store/session.ts';
import { BatchImportButton } from '../../imports/components/BatchImportButton.tsx';
import { MoveButton } from '../../moves/components/MoveButton.tsx';
import {
  addVehicle,
  exportVehicles,
  getVehicleList,
  isBoundElsewhere,
  modifyVehicle,
  removeVehicle,
  VEHICLES_KEY,
  type VehicleFilters,
  type VehicleRow,
  type VehicleSortColumn,
} from '../api/vehicles.ts';
import { type VehicleForm, VehicleFormFields } from '../components/VehicleFormFields.tsx';
import { provinceLabel, provinceOptions } from '../provinces.ts';
import '../vehicles.css';

const TIME = 'YYYY-MM-DD HH:mm:ss';
const LIFE_COLOURS: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'red', 4: 'blue', 5: 'default' };

const toForm = (v: VehicleRow): VehicleForm => ({
  HoldID: v.HoldID,
  Plate: v.Plate,
  OwnerName: v.OwnerName,
  Brand: v.Brand,
  VehicleType: v.VehicleType,
  Colour: v.Colour,
  VIN: v.VIN,
  EngineNo: v.EngineNo,
  DeviceIDs: v.DeviceIDs,
  StoreName: v.StoreName,
  StorePhone: v.StorePhone,
  WorkOrderNo: v.WorkOrderNo,
  InstallTime: v.InstallTime ? dayjs(v.InstallTime, TIME) : null,
  CostYuan: v.Cost ? formatFen(v.Cost) : '',
  HomeAddress: v.HomeAddress,
  HomePoint: v.HomeLat !== null && v.HomeLng !== null ? [v.HomeLng, v.HomeLat] : null,
  CompanyAddress: v.CompanyAddress,
  CompanyPoint: v.CompanyLat !== null && v.CompanyLng !== null ? [v.CompanyLng, v.CompanyLat] : null,
  Province: v.Province || undefined,
  VehicleLifeStatus: v.VehicleLifeStatus,
  Tag: v.Tag,
  Remark: v.Remark,
});

/** Every field, as the server takes it: text as typed ('' clears), the time in the user's zone, cost in fen. */
const toBody = (v: VehicleForm) => ({
  Plate: v.Plate,
  OwnerName: v.OwnerName ?? '',
  Brand: v.Brand ?? '',
  VehicleType: v.VehicleType ?? '',
  Colour: v.Colour ?? '',
  VIN: v.VIN ?? '',
  EngineNo: v.EngineNo ?? '',
  StoreName: v.StoreName ?? '',
  StorePhone: v.StorePhone ?? '',
  WorkOrderNo: v.WorkOrderNo ?? '',
  InstallTime: v.InstallTime ? v.InstallTime.format(TIME) : null,
  Cost: v.CostYuan ? (parseYuanToFen(v.CostYuan) ?? 0) : 0,
  HomeAddress: v.HomeAddress ?? '',
  HomeLat: v.HomePoint ? v.HomePoint[1] : null,
  HomeLng: v.HomePoint ? v.HomePoint[0] : null,
  CompanyAddress: v.CompanyAddress ?? '',
  CompanyLat: v.CompanyPoint ? v.CompanyPoint[1] : null,
  CompanyLng: v.CompanyPoint ? v.CompanyPoint[0] : null,
  Province: v.Province ?? '',
  VehicleLifeStatus: v.VehicleLifeStatus ?? null,
  Tag: v.Tag ?? '',
  Remark: v.Remark ?? '',
  DeviceIDs: v.DeviceIDs ?? [],
});

const EMPTY_FILTERS: VehicleFilters = { Keyword: '' };

/** info/vehicle: the vehicles of the unit chosen in the unit list (and the units below it). */
export default function VehiclesPage() {
  const { t, i18n } = useTranslation('vehicles');
  const { modal: confirm } = App.useApp();
  const client = useQueryClient();
  const holdId = useSession((s) => s.currentHoldId);
  const holdName = useSession((s) => s.currentHoldName);
  const [filters, setFilters] = useState<VehicleFilters>(EMPTY_FILTERS);
  const query = { ...filters, HoldID: holdId ?? undefined };
  const list = useServerList(VEHICLES_KEY, getVehicleList, query);
  const canExport = useFunctionSet().has(Fn.export);
  const modal = useFormModal<VehicleRow>();
  const [selected, setSelected] = useState<VehicleRow[]>([]);
  const refresh = () => client.invalidateQueries({ queryKey: VEHICLES_KEY });
  const lifeOptions = VEHICLE_LIFE_STATUSES.map((v) => ({ value: v, label: t(`lifeStatus.${VEHICLE_LIFE_KEYS[v]}`) }));

  /** Saves; devices on another object are named by the server, and moved only after the person agrees. */
  const save = async (v: VehicleForm) => {
    const body = toBody(v);
    const send = (Force: boolean) =>
      modal.record
        ? modifyVehicle({ ...body, VehicleID: modal.record.VehicleID, Force })
        : addVehicle({ ...body, HoldID: v.HoldID, Force });
    try {
      await send(false);
    } catch (err) {
      if (!isBoundElsewhere(err)) throw err;
      const move = await confirm.confirm({
        title: t('bound.title'),
        content: (
          <div data-testid="bound-elsewhere">
            <p>{t('bound.explain')}</p>
            <ul className="vehicle-bound-list">
              {(err.message.split(': ').slice(1).join(': ') || err.message).split('; ').map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ),
        okText: t('bound.move'),
        cancelText: t('common:cancel'),
      });
      if (!move) throw err;
      await send(true);
    }
  };

  const columns: PagedColumn<VehicleRow, unknown, VehicleSortColumn>[] = [
    { key: 'Plate', dataIndex: 'Plate', title: t('field.Plate'), width: 130, sortable: true },
    // The life status right after the plate: with the unit tree and the menu open, the first columns are in view.
    {
      key: 'VehicleLifeStatus',
      dataIndex: 'VehicleLifeStatus',
      title: t('field.VehicleLifeStatus'),
      width: 160,
      sortable: true,
      // French says "En retard de paiement": the tag keeps to its cell (whole text on hover), never over the owner.
      render: (v: number | null) => {
        if (!v) return null;
        const text = t(`lifeStatus.${VEHICLE_LIFE_KEYS[v as 1 | 2 | 3 | 4 | 5]}`);
        return (
          <Tag color={LIFE_COLOURS[v]} title={text} className="life-tag">
            {text}
          </Tag>
        );
      },
    },
    { key: 'OwnerName', dataIndex: 'OwnerName', title: t('field.OwnerName'), width: 130, sortable: true },
    { key: 'HoldName', dataIndex: 'HoldName', title: t('field.HoldName'), width: 150, sortable: true, ellipsis: true },
    {
      key: 'Devices',
      title: t('field.DeviceIDs'),
      width: 230,
      render: (_v, r) =>
        r.Devices.length ? (
          <Space orientation="vertical" size={2}>
            {r.Devices.map((d) => (
              <span key={d.DeviceID} className="vehicle-device" data-online={d.Online}>
                <span
                  className={`vehicle-dot ${d.Online ? 'online' : 'offline'}`}
                  title={t(d.Online ? 'online' : 'offline')}
                />
                {d.DeviceID}
                <Tag className="vehicle-tracker-tag">{t(`trackerType.${d.TrackerType}`)}</Tag>
              </span>
            ))}
          </Space>
        ) : (
          <span className="muted">{t('noDevices')}</span>
        ),
    },
    { key: 'Tag', dataIndex: 'Tag', title: t('field.Tag'), width: 100, ellipsis: true },
    { key: 'VIN', dataIndex: 'VIN', title: t('field.VIN'), width: 180 },
    { key: 'Brand', dataIndex: 'Brand', title: t('field.Brand'), width: 100, ellipsis: true },
    {
      key: 'Province',
      dataIndex: 'Province',
      title: t('field.Province'),
      width: 100,
      render: (v: string) => provinceLabel(v, i18n.language),
    },
    { key: 'InstallTime', dataIndex: 'InstallTime', title: t('field.InstallTime'), width: 170, sortable: true },
    {
      key: 'Cost',
      dataIndex: 'Cost',
      title: t('field.CostYuan'),
      width: 110,
      align: 'right',
      sortable: true,
      render: (v: number) => formatFen(v),
    },
    { key: 'CreateTime', dataIndex: 'CreateTime', title: t('field.CreateTime'), width: 170, sortable: true },
    {
      key: 'actions',
      title: t('table:actions'),
      // "Modifier" and "Supprimer" side by side in French.
      width: 230,
      fixed: 'right',
      resizable: false,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => modal.openEdit(r)}>
            {t('table:edit')}
          </Button>
          <DeleteButton
            name={r.Plate}
            onConfirm={async () => {
              await removeVehicle(r.VehicleID);
              await refresh();
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <PageLayout title={t('menu:vehicle')} extra={<span className="muted">{t('scope', { holdName })}</span>}>
      <PagedTable<VehicleRow, unknown, VehicleSortColumn>
        id="info.vehicles"
        data-testid="vehicle-table"
        list={list}
        rowKey="VehicleID"
        columns={columns}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.VehicleID),
          onChange: (_keys, rows) => setSelected(rows),
          preserveSelectedRowKeys: true,
        }}
        toolbar={
          <FilterForm<VehicleFilters> initialValues={EMPTY_FILTERS} onSearch={setFilters} name="vehicle_filter">
            <Form.Item name="Keyword" label={t('filter.keyword')}>
              <Input allowClear placeholder={t('filter.keywordHint')} className="vehicle-keyword" />
            </Form.Item>
            <Form.Item name="VehicleLifeStatus" label={t('field.VehicleLifeStatus')}>
              <Select allowClear options={lifeOptions} className="vehicle-filter-select" />
            </Form.Item>
            <Form.Item name="Province" label={t('field.Province')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={provinceOptions(i18n.language)}
                className="vehicle-filter-select"
              />
            </Form.Item>
            <Form.Item name="Tag" label={t('field.Tag')}>
              <Input allowClear className="vehicle-filter-tag" />
            </Form.Item>
          </FilterForm>
        }
        extra={
          // The toolbar: export, batch import (features/imports), move (features/moves), add.
          <Space wrap>
            {canExport ? (
              <span data-testid="vehicles-export">
                <ExportButton
                  exportFile={() =>
                    exportVehicles({ ...query, SortColumn: list.paging.SortColumn, SortType: list.paging.SortType })
                  }
                />
              </span>
            ) : null}
            <BatchImportButton kinds={['vehicle']} holdId={holdId ?? undefined} onImported={() => void refresh()} />
            <MoveButton
              selection={{ kind: 'vehicle', ids: selected.map((r) => r.VehicleID) }}
              labels={selected.map((r) => r.Plate)}
              onMoved={() => {
                setSelected([]);
                void refresh();
              }}
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={modal.openAdd} data-testid="vehicle-add">
              {t('add')}
            </Button>
          </Space>
        }
      />
      <FormModal<VehicleForm>
        open={modal.open}
        name="vehicle_form"
        width={1040}
        title={modal.editing ? t('edit') : t('add')}
        initialValues={
          modal.record
            ? toForm(modal.record)
            : { HoldID: holdId ?? undefined, DeviceIDs: [], HomePoint: null, CompanyPoint: null, InstallTime: null }
        }
        onCancel={modal.close}
        onSubmit={save}
        onSaved={() => void refresh()}
      >
        <VehicleFormFields adding={!modal.editing} holdName={modal.record?.HoldName} open={modal.open} />
      </FormModal>
    </PageLayout>
  );
}
