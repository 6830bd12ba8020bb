import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Empty, Spin, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusStyle } from '../../../map/device-status.ts';
import type { MonitorRow } from '../api/types.ts';
import { statusLabel } from './labels.ts';

export const ROW_HEIGHT = 56;
const OVERSCAN = 6;

interface Props {
  rows: readonly MonitorRow[];
  loading: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onFollow: (row: MonitorRow) => void;
}

/** A windowed list: only the rows in view (plus a few) are in the DOM, so 10,000 devices stay fast. */
export function DeviceList({ rows, loading, selectedId, onSelect, onFollow }: Props) {
  const { t } = useTranslation('monitor');
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
        {rows.slice(first, last).map((r, i) => {
          const style = statusStyle(r.Status);
          const followed = Boolean(r.Followed);
          return (
            <div
              key={r.DeviceID}
              className={`device-row${r.DeviceID === selectedId ? ' selected' : ''}`}
              style={{ top: (first + i) * ROW_HEIGHT, height: ROW_HEIGHT }}
              data-id={r.DeviceID}
              data-status={r.Status}
            >
              <button type="button" className="device-row-main" onClick={() => onSelect(r.DeviceID)}>
                <span className="device-dot" style={{ background: style.color }} />
                <span className="device-row-text">
                  <span className="device-row-name">{r.DeviceName || r.DeviceID}</span>
                  <span className="device-row-sub">
                    <span className="device-row-id">{r.DeviceID}</span>
                    <span className="device-row-status" style={{ color: style.color }}>
                      {statusLabel(t, r.Status)}
                    </span>
                    {r.Speed ? <span>{t('list.speed', { speed: Math.round(r.Speed) })}</span> : null}
                    <span className="device-row-lat" hidden>
                      {r.Lat ?? ''},{r.Lng ?? ''}
                    </span>
                  </span>
                </span>
              </button>
              <Tooltip title={t(followed ? 'actions.unfollow' : 'actions.follow')}>
                <Button
                  type="text"
                  size="small"
                  className={`follow-toggle${followed ? ' followed' : ''}`}
                  aria-label={t(followed ? 'actions.unfollow' : 'actions.follow')}
                  aria-pressed={followed}
                  icon={followed ? <StarFilled /> : <StarOutlined />}
                  onClick={() => onFollow(r)}
                />
              </Tooltip>
            </div>
          );
        })}
      </div>
    </div>
  );
}
