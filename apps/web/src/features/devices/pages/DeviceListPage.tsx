import '../devices.css';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { DeviceSortColumn } from '@lodestar/domain';
import { Fn } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { DeleteButton } from '../../../components/table/confirm.tsx';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { type PagedColumn, PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { useUserTimeZone, wallClockIn } from '../../../lib/user-time.ts';
import { useFunctionSet, useSession } from '../../../store/session.ts';
import { useLeftHold } from '../../holds/api/get-left-hold.ts';
import { BatchImportButton } from '../../imports/components/BatchImportButton.tsx';
import { MoveButton } from '../../moves/components/MoveButton.tsx';
import { useExportDevices } from '../api/export-devices.ts';
import { type DeviceDetail, deviceKey, getDevice } from '../api/get-device.ts';
import { type DeviceInfoRow, deviceListRoot, getDeviceList } from '../api/get-device-list.ts';
import { useRemoveDevice } from '../api/remove-device.ts';
import { DeviceFilterBar } from '../components/DeviceFilterBar.tsx';
import { DeviceFormModal } from '../components/DeviceFormModal.tsx';
import { deviceColumns } from '../components/device-columns.tsx';
import { FullFunctionButton } from '../components/FullFunctionDialog.tsx';
import { filtersFromSearch, searchFromFilters } from '../filters-url.ts';

/** Devices, and the person and asset trackers that are devices too. */
const DEVICE_IMPORT_KINDS = ['device', 'person', 'asset'] as const;

/** /info/device (fn 70): every device of the unit chosen, with what it is on; filters in the address. */
export default function DeviceListPage() {
  const { t } = useTranslation('devices');
  const { t: tm } = useTranslation('monitor');
  const funs = useFunctionSet();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const [selected, setSelected] = useState<DeviceInfoRow[]>([]);
  const [form, setForm] = useState<{ open: boolean; device?: DeviceDetail | undefined }>({ open: false });
  const [loadingEdit, setLoadingEdit] = useState<string | null>(null);
  const exportList = useExportDevices();
  const remove = useRemoveDevice();
  const zone = useUserTimeZone();
  const today = wallClockIn(new Date(), zone).slice(0, 10);

  // The platform's administrators (the top of their tree is the root unit) say which models are full-function.
  const holds = useLeftHold('');
  const platformAdmin = funs.has(Fn.deviceManage) && holds.data?.[0]?.parentHoldId === null;

  const list = useServerList(deviceListRoot, getDeviceList, filters, { sortColumn: 'CreateTime', sortType: 'desc' });

  const applyFilters = (f: typeof filters) => {
    setSelected([]);
    setParams(searchFromFilters(f), { replace: true });
  };

  // A click in the shell's unit tree narrows the list to that unit, as on the monitor and the SIM list.
  const treeHoldId = useSession((s) => s.currentHoldId);
  const seenHoldId = useRef(treeHoldId);
  useEffect(() => {
    if (treeHoldId === seenHoldId.current) return;
    seenHoldId.current = treeHoldId;
    setSelected([]);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (treeHoldId === null) next.delete('HoldID');
        else next.set('HoldID', String(treeHoldId));
        return next;
      },
      { replace: true },
    );
  }, [treeHoldId, setParams]);

  const openEdit = async (row: DeviceInfoRow) => {
    setLoadingEdit(row.DeviceID);
    try {
      const device = await qc.fetchQuery({ queryKey: deviceKey(row.DeviceID), queryFn: () => getDevice(row.DeviceID) });
      setForm({ open: true, device });
    } catch {
      // The api client has shown why.
    } finally {
      setLoadingEdit(null);
    }
  };

  const columns: PagedColumn<DeviceInfoRow, unknown, DeviceSortColumn>[] = [
    ...deviceColumns(t, tm, {
      simLink: funs.has(Fn.simBusiness),
      geocode: funs.has(Fn.onlineMonitor) || funs.has(Fn.playback) || funs.has(Fn.locationService),
      today,
    }),
    {
      title: t('actions'),
      key: 'actions',
      // "Modifier" and "Supprimer" side by side in French.
      width: 210,
      fixed: 'right',
      resizable: false,
      render: (_: unknown, row: DeviceInfoRow) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            loading={loadingEdit === row.DeviceID}
            onClick={() => void openEdit(row)}
            data-testid="device-edit"
          >
            {t('edit')}
          </Button>
          <DeleteButton name={row.DeviceID} onConfirm={() => remove.mutateAsync(row.DeviceID)} />
        </Space>
      ),
    },
  ];

  return (
    <PageLayout title={t('menu:device')}>
      <DeviceFilterBar value={filters} onChange={applyFilters} />
      {/* The page's actions; "Batch import" and "Move" (other features) sit here beside Add. */}
      <div className="device-toolbar" data-testid="device-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })} data-testid="device-add">
          {t('add')}
        </Button>
        <BatchImportButton
          kinds={DEVICE_IMPORT_KINDS}
          holdId={filters.HoldID ?? treeHoldId ?? undefined}
          onImported={() => void qc.invalidateQueries({ queryKey: deviceListRoot })}
        />
        <MoveButton
          selection={{ kind: 'device', ids: selected.map((r) => r.DeviceID) }}
          labels={selected.map((r) => r.DeviceID)}
          onMoved={() => setSelected([])}
        />
        {selected.length > 0 ? (
          <span className="muted" data-testid="device-selected-count">
            {t('selected', { count: selected.length })}{' '}
            <Button type="link" size="small" onClick={() => setSelected([])}>
              {t('clearSelection')}
            </Button>
          </span>
        ) : null}
        <span className="device-toolbar-spacer" />
        {platformAdmin ? <FullFunctionButton /> : null}
        {funs.has(Fn.export) ? (
          <span data-testid="device-export">
            <ExportButton exportFile={() => exportList.mutateAsync(filters)} />
          </span>
        ) : null}
      </div>
      <PagedTable<DeviceInfoRow, unknown, DeviceSortColumn>
        id="info-devices"
        data-testid="device-table"
        list={list}
        rowKey="DeviceID"
        columns={columns}
        rowSelection={{
          fixed: true,
          selectedRowKeys: selected.map((r) => r.DeviceID),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
        }}
      />
      <DeviceFormModal
        open={form.open}
        device={form.device}
        defaultHoldId={filters.HoldID ?? treeHoldId ?? undefined}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
      />
    </PageLayout>
  );
}
