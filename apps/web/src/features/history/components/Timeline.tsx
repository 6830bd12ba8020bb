import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimelineEvent } from '../../events/api/get-event-list.ts';
import { usePlayer } from '../player-store.ts';
import { Span, type StopSpan, timelineColumns } from '../timeline-spans.ts';
import type { TrackArrays } from '../track-arrays.ts';
import { TimelineEvents } from './TimelineEvents.tsx';

interface Props {
  tracks: readonly { track: TrackArrays; color: string }[];
  stops?: readonly StopSpan[];
  /** Fence and road events of the devices, drawn as ticks with tooltips. */
  events?: readonly TimelineEvent[];
}

const ROW_MAX = 14;
const STOPPED = '#bfbfbf';
const ALARM = '#cf1322';

/**
 * The period as a bar per device: moving time in the device's colour, stops grey, no data (gaps)
 * blank, alarms as red ticks, fence and road events as ticks with tooltips; a cursor at the player's time. Click or drag to jump. The bar is drawn
 * once per size or data; playing moves only the cursor (a CSS transform).
 */
export function Timeline({ tracks, stops, events }: Props) {
  const { t } = useTranslation('history');
  const start = usePlayer((s) => s.start);
  const end = usePlayer((s) => s.end);
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const cursor = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.floor(el.clientWidth)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const rows = Math.max(1, tracks.length);
  const rowH = Math.max(6, Math.min(ROW_MAX, Math.floor(40 / rows)));
  const height = rows * rowH + (rows - 1) * 2 + 8;

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx || !width) return;
    const ratio = window.devicePixelRatio || 1;
    c.width = Math.round(width * ratio);
    c.height = Math.round(height * ratio);
    c.style.width = `${width}px`;
    c.style.height = `${height}px`;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const span = end - start;
    tracks.forEach(({ track, color }, r) => {
      const y = 4 + r * (rowH + 2);
      ctx.fillStyle = '#f5f5f5';
      ctx.fillRect(0, y, width, rowH);
      const cols = timelineColumns(track, start, end, width, stops);
      // Runs of one state are one rectangle.
      let c0 = 0;
      for (let c = 1; c <= width; c++) {
        if (c < width && cols[c] === cols[c0]) continue;
        const v = cols[c0];
        if (v) {
          ctx.fillStyle = v === Span.Moving ? color : STOPPED;
          ctx.fillRect(c0, y, c - c0, rowH);
        }
        c0 = c;
      }
      if (span > 0) {
        ctx.fillStyle = ALARM;
        for (const i of track.alarms.keys()) {
          const x = Math.floor((((track.time[i] as number) - start) / span) * width);
          ctx.fillRect(Math.min(width - 2, Math.max(0, x)), y - 3, 2, rowH + 6);
        }
      }
    });
  }, [tracks, stops, start, end, width, height, rowH]);

  // The cursor follows the player without re-rendering the component.
  useEffect(() => {
    const place = (time: number) => {
      const el = cursor.current;
      const { start: s, end: e } = usePlayer.getState();
      if (!el || e <= s) return;
      el.style.transform = `translateX(${((time - s) / (e - s)) * width}px)`;
    };
    place(usePlayer.getState().time);
    return usePlayer.subscribe((now, before) => {
      if (now.time !== before.time || now.start !== before.start || now.end !== before.end) place(now.time);
    });
  }, [width]);

  const seekAt = (clientX: number) => {
    const el = box.current;
    if (!el || end <= start) return;
    const rect = el.getBoundingClientRect();
    const f = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
    usePlayer.getState().seek(start + f * (end - start));
  };

  return (
    <div
      ref={box}
      className="history-timeline"
      style={{ height }}
      data-rows={tracks.length}
      role="slider"
      tabIndex={-1}
      aria-label={t('player.timeline')}
      aria-valuemin={start}
      aria-valuemax={end}
      aria-valuenow={Math.round(usePlayer.getState().time)}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        seekAt(e.clientX);
      }}
      onPointerMove={(e) => {
        if (e.buttons & 1) seekAt(e.clientX);
      }}
    >
      <canvas ref={canvas} />
      {events ? (
        <TimelineEvents
          events={events}
          deviceIds={tracks.map((x) => x.track.deviceId)}
          start={start}
          end={end}
          rowH={rowH}
        />
      ) : null}
      <div ref={cursor} className="history-timeline-cursor" />
    </div>
  );
}
