import '../row-actions.css';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { MonitorRow } from '@lodestar/contract/monitor';
import { Empty, Spin } from 'antd';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusStyle } from '../../../map/device-status.ts';
import { useListedRows } from '../live/use-listed-rows.ts';
import { type MonitorView, useMonitorView } from '../live/view-settings.ts';
import { statusLabel } from './labels.ts';
import { lifeColour, lifeKey, lifeLabel } from './life-status.ts';
import { type RowAction, RowActions } from './RowActions.tsx';

export const ROW_HEIGHT = 56;
const OVERSCAN = 6;

interface Props {
  loading: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onFollow: (row: MonitorRow) => void;
  onAction: (action: RowAction, row: MonitorRow) => void;
}

/** A windowed list: only the rows in view (plus a few) are in the DOM, so 10,000 devices stay fast. */
export function DeviceList({ loading, selectedId, onSelect, onFollow, onAction }: Props) {
  const { t } = useTranslation('monitor');
  const rows = useListedRows();
  const fields = useMonitorView().listFields;
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    setHeight(el.clientHeight);
    return () => observer.disconnect();
  }, []);

  // Keep the selected row in view when it was chosen on the map.
  useEffect(() => {
    const el = box.current;
    const index = selectedId ? rows.findIndex((r) => r.DeviceID === selectedId) : -1;
    if (!el || index < 0) return;
    const top = index * ROW_HEIGHT;
    if (top < el.scrollTop || top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top - ROW_HEIGHT;
  }, [selectedId, rows]);

  if (!rows.length)
    return (
      <div className="device-list device-list-empty">
        {loading ? (
          <Spin description={t('list.loading')} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.noData')} />
        )}
      </div>
    );

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);

  return (
    <div ref={box} className="device-list" onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
      <div className="device-list-inner" style={{ height: rows.length * ROW_HEIGHT }}>
        {rows.slice(first, last).map((r, i) => (
          <DeviceRow
            key={r.DeviceID}
            row={r}
            top={(first + i) * ROW_HEIGHT}
            selected={r.DeviceID === selectedId}
            onSelect={onSelect}
            onFollow={onFollow}
            onAction={onAction}
            fields={fields}
          />
        ))}
      </div>
    </div>
  );
}

interface RowProps {
  row: MonitorRow;
  top: number;
  selected: boolean;
  onSelect: (id: string) => void;
  onFollow: (row: MonitorRow) => void;
  onAction: (action: RowAction, row: MonitorRow) => void;
  /** Which fields show under the name (the view settings). */
  fields: MonitorView['listFields'];
}

/**
 * One device of the list. Memoised: a live update re-renders only the rows whose device reported
 * (with stable callbacks from the page). Plain elements, not antd's Button and Tooltip: a burst of
 * reports re-renders every row in view, and their style hooks were most of that frame.
 */
const DeviceRow = memo(function DeviceRow({ row: r, top, selected, onSelect, onFollow, onAction, fields }: RowProps) {
  const { t } = useTranslation('monitor');
  const style = statusStyle(r.Status);
  const followed = Boolean(r.Followed);
  const followLabel = t(followed ? 'actions.unfollow' : 'actions.follow');
  const life = fields.lifeStatus ? lifeKey(r.VehicleLifeStatus) : null;
  return (
    <div
      className={`device-row${selected ? ' selected' : ''}`}
      style={{ top, height: ROW_HEIGHT }}
      data-id={r.DeviceID}
      data-status={r.Status}
    >
      <button type="button" className="device-row-main" onClick={() => onSelect(r.DeviceID)}>
        <span className="device-dot" style={{ background: style.color }} />
        <span className="device-row-text">
          <span className="device-row-title">
            <span className="device-row-name">{r.DeviceName || r.DeviceID}</span>
            {/* The bound vehicle's plate, which the search matches too, when the name does not say it already. */}
            {r.Plate && r.Plate !== r.DeviceName ? <span className="device-row-plate">{r.Plate}</span> : null}
            {life ? (
              <span
                className="life-tag"
                data-life={life}
                style={{ color: lifeColour(life), borderColor: lifeColour(life) }}
              >
                {lifeLabel(t, life)}
              </span>
            ) : null}
          </span>
          <span className="device-row-sub">
            {fields.deviceId ? <span className="device-row-id">{r.DeviceID}</span> : null}
            {fields.status ? (
              <span className="device-row-status" style={{ color: style.color }}>
                {statusLabel(t, r.Status)}
              </span>
            ) : null}
            {fields.speed && r.Speed ? (
              <span className="device-row-speed">{t('list.speed', { speed: Math.round(r.Speed) })}</span>
            ) : null}
            {fields.time && r.GpsTime ? <span className="device-row-time">{r.GpsTime.slice(5)}</span> : null}
            <span className="device-row-lat" hidden>
              {r.Lat ?? ''},{r.Lng ?? ''}
            </span>
          </span>
        </span>
      </button>
      <button
        type="button"
        className={`follow-toggle${followed ? ' followed' : ''}`}
        title={followLabel}
        aria-label={followLabel}
        aria-pressed={followed}
        onClick={() => onFollow(r)}
      >
        {followed ? <StarFilled /> : <StarOutlined />}
      </button>
      <RowActions row={r} label={t('rowMenu.more')} onAction={onAction} />
    </div>
  );
});
