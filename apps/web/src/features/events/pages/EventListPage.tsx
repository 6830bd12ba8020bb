import '../events.css';
import { Fn } from '@lodestar/domain';
import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { type PagedColumn, PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { useUserTimeZone } from '../../../lib/user-time.ts';
import { useFunctionSet, useSession } from '../../../store/session.ts';
import { historyHref } from '../../history/history-url.ts';
import { exportEventList } from '../api/export-event-list.ts';
import { type EventRow, type EventSortColumn, eventListRoot, getEventList } from '../api/get-event-list.ts';
import { EventFilters, type EventForm, todayForm, toFilters } from '../components/EventFilters.tsx';
import { eventLabel } from '../event-types.ts';

const FMT = 'YYYY-MM-DD HH:mm:ss';
/** The replay a "replay" link opens: this long before and after the event. */
const REPLAY_AROUND_MINUTES = 10;

const idParam = (v: string | null): number | undefined => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The replay around an event's time (wall clock in the user's zone, as the event list answers it). */
export function replayHref(row: Pick<EventRow, 'DeviceID' | 'EventTime'>): string {
  const at = dayjs(row.EventTime);
  return historyHref({
    devices: [row.DeviceID],
    start: at.subtract(REPLAY_AROUND_MINUTES, 'minute').format(FMT),
    end: at.add(REPLAY_AROUND_MINUTES, 'minute').format(FMT),
  });
}

/**
 * /monitor/event (fn 31): the events the ingest stored — fence and road events, device alarms, state
 * changes — by period (today by default, in the user's zone), unit, device, type and alarm; a fence or road
 * may come in the address (`?FenceID=` from the fence page, `?RoadID=`, `?DeviceID=`).
 */
export default function EventListPage() {
  const { t } = useTranslation('events');
  const timeZone = useUserTimeZone();
  const funs = useFunctionSet();
  const [params, setParams] = useSearchParams();
  const treeHoldId = useSession((s) => s.currentHoldId);
  const [zone, setZone] = useState(() => ({
    FenceID: idParam(params.get('FenceID')),
    RoadID: idParam(params.get('RoadID')),
  }));
  // What Reset goes back to: today, with the unit the shell's tree or the address chose.
  const [initial, setInitial] = useState<EventForm>(() =>
    todayForm(timeZone, {
      DeviceID: params.get('DeviceID') ?? undefined,
      HoldID: idParam(params.get('HoldID')),
    }),
  );
  const [form, setForm] = useState(initial);
  const filters = toFilters(form, zone);
  const list = useServerList(eventListRoot, getEventList, filters, {
    pageSize: 50,
    sortColumn: 'EventTime',
    sortType: 'desc',
  });

  // A click in the shell's unit tree narrows the list to that unit, as on the device list.
  const seenHoldId = useRef(treeHoldId);
  useEffect(() => {
    if (treeHoldId === seenHoldId.current) return;
    seenHoldId.current = treeHoldId;
    const HoldID = treeHoldId ?? undefined;
    setInitial((f) => ({ ...f, HoldID }));
    setForm((f) => ({ ...f, HoldID }));
  }, [treeHoldId]);

  const dropZone = () => {
    setZone({ FenceID: undefined, RoadID: undefined });
    const next = new URLSearchParams(params);
    next.delete('FenceID');
    next.delete('RoadID');
    setParams(next, { replace: true });
  };

  const columns: PagedColumn<EventRow, unknown, EventSortColumn>[] = [
    { key: 'EventTime', dataIndex: 'EventTime', title: t('col.time'), width: 170, sortable: true },
    {
      key: 'DeviceID',
      dataIndex: 'DeviceID',
      title: t('col.device'),
      width: 190,
      sortable: true,
      render: (_: unknown, r: EventRow) => (
        <div className="events-device-cell">
          <div>{r.DeviceName || r.DeviceID}</div>
          {r.DeviceName && r.DeviceName !== r.DeviceID ? <div className="muted">{r.DeviceID}</div> : null}
        </div>
      ),
    },
    { key: 'Plate', dataIndex: 'Plate', title: t('col.plate'), width: 110, render: (v: string | null) => v ?? '—' },
    { key: 'HoldName', dataIndex: 'HoldName', title: t('col.hold'), width: 150, ellipsis: true },
    {
      key: 'Type',
      dataIndex: 'Type',
      title: t('col.type'),
      width: 170,
      sortable: true,
      render: (v: string, r: EventRow) => (
        <Tag color={r.Alarm ? 'red' : 'blue'} className="events-type" data-type={v}>
          {eventLabel(t, v)}
        </Tag>
      ),
    },
    {
      key: 'ZoneName',
      dataIndex: 'ZoneName',
      title: t('col.zone'),
      width: 150,
      ellipsis: true,
      render: (v: string | null) => v ?? '—',
    },
    {
      key: 'Position',
      title: t('col.position'),
      width: 180,
      render: (_: unknown, r: EventRow) =>
        r.Lat !== null && r.Lng !== null ? `${r.Lat.toFixed(6)}, ${r.Lng.toFixed(6)}` : '—',
    },
    {
      key: 'Speed',
      dataIndex: 'Speed',
      title: t('col.speed'),
      width: 110,
      align: 'right',
      render: (v: number | null) => (v === null ? '—' : t('kmh', { v: Math.round(v) })),
    },
    {
      key: 'Alarm',
      dataIndex: 'Alarm',
      title: t('col.alarm'),
      width: 80,
      render: (v: boolean) => (v ? t('yes') : t('no')),
    },
    {
      key: 'ReleaseTime',
      dataIndex: 'ReleaseTime',
      title: t('col.released'),
      width: 170,
      render: (v: string | null) => v ?? '—',
    },
    {
      key: 'actions',
      title: t('col.actions'),
      width: 110,
      fixed: 'right',
      resizable: false,
      render: (_: unknown, r: EventRow) =>
        funs.has(Fn.playback) ? (
          <Tooltip title={t('locateHint')}>
            <Link to={replayHref(r)} className="events-locate">
              {t('locate')}
            </Link>
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <PageLayout title={t('title')}>
      <div className="events-page" data-testid="events-page">
        <PagedTable<EventRow, unknown, EventSortColumn>
          id="monitor.events"
          data-testid="events-table"
          list={list}
          rowKey="EventID"
          pageSizeOptions={[20, 50, 100, 500]}
          toolbar={
            <>
              {zone.FenceID !== undefined || zone.RoadID !== undefined ? (
                <Tag closable onClose={dropZone} className="events-zone-tag" color="geekblue">
                  {zone.FenceID !== undefined
                    ? t('filter.fence', { id: zone.FenceID })
                    : t('filter.road', { id: zone.RoadID })}
                </Tag>
              ) : null}
              <EventFilters initial={initial} onSearch={setForm} key={initial.HoldID ?? 'all'} />
            </>
          }
          extra={
            funs.has(Fn.export) ? (
              <span data-testid="events-export">
                <ExportButton exportFile={() => exportEventList(toFilters(form, zone))} />
              </span>
            ) : undefined
          }
          columns={columns}
        />
      </div>
    </PageLayout>
  );
}
