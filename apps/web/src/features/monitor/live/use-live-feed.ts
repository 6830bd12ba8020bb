import type { LiveClientMessage, LivePosition, LiveServerMessage } from '@lodestar/contract/live';
import { DEFAULT_APP_ID, LIVE_CLOSE } from '@lodestar/domain';
import { useEffect, useRef } from 'react';
import { useSession } from '../../../store/session.ts';
import { type FeedMode, useMonitorStore } from './monitor-store.ts';
import { createFrameBatcher } from './positions.ts';

const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];
/** Positions applied per animation frame: each frame's render stays short when many report at once. */
const POSITIONS_PER_FRAME = 100;

/** The feed's address: the app id only; the token goes in the first message (URLs end up in access logs). */
export function liveFeedUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const appId = import.meta.env.VITE_APP_ID || DEFAULT_APP_ID;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/API/ws?${new URLSearchParams({ appid: appId })}`;
}

/** Where the feed's state and positions go: the monitor store unless a page keeps its own (live track). */
export interface LiveSink {
  setMode(mode: FeedMode): void;
  applyBatch(batch: readonly LivePosition[]): void;
}

/**
 * The socket controller: keeps the live feed open (reconnecting with back-off), narrows it to the
 * chosen unit and to the listed devices, and feeds positions into the monitor store (or `sink`) at
 * most once per animation frame. While it is down the mode is 'polling' and the page's auto refresh
 * takes over. `sink` is read when the socket opens: pass a function returning a stable object.
 */
export function useLiveFeed(
  holdId: number | null,
  deviceIds: readonly string[],
  sink: () => LiveSink = useMonitorStore.getState,
): void {
  const token = useSession((s) => s.token);
  const sinkRef = useRef(sink);
  sinkRef.current = sink;
  const socketRef = useRef<WebSocket | null>(null);
  const holdRef = useRef(holdId);
  holdRef.current = holdId;
  const watchRef = useRef(deviceIds);
  watchRef.current = deviceIds;

  useEffect(() => {
    if (!token) return;
    const { setMode, applyBatch } = sinkRef.current();
    const batcher = createFrameBatcher<LivePosition>(
      (rows) => applyBatch(rows),
      undefined,
      undefined,
      POSITIONS_PER_FRAME,
    );
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      setMode(attempt === 0 ? 'connecting' : 'polling');
      const ws = new WebSocket(liveFeedUrl());
      socketRef.current = ws;
      ws.onopen = () => ws.send(encode({ type: 'auth', token }));
      ws.onmessage = (ev) => {
        let msg: LiveServerMessage;
        try {
          msg = JSON.parse(String(ev.data)) as LiveServerMessage;
        } catch {
          return;
        }
        if (msg.type === 'hello') {
          attempt = 0;
          setMode('live');
          if (holdRef.current && holdRef.current !== msg.HoldID)
            ws.send(encode({ type: 'scope', HoldID: holdRef.current }));
          ws.send(watchMessage(watchRef.current));
        } else if (msg.type === 'positions') batcher.push(...msg.rows);
      };
      ws.onclose = (ev) => {
        if (socketRef.current === ws) socketRef.current = null;
        if (stopped) return;
        if (ev.code === LIVE_CLOSE.LoginAgain) {
          useSession.getState().clearSession();
          window.location.assign('/login');
          return;
        }
        if (ev.code === LIVE_CLOSE.NoFunction || ev.code === LIVE_CLOSE.BadRequest) {
          setMode('forbidden');
          return;
        }
        setMode('polling');
        timer = setTimeout(connect, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      batcher.dispose();
      socketRef.current?.close(1000, 'page left');
      socketRef.current = null;
    };
  }, [token]);

  // Only the listed devices' updates are wanted: the rest would be parsed and dropped.
  const watchKey = deviceIds.join(',');
  useEffect(() => {
    const ws = socketRef.current;
    // Device IDs never hold a comma (IMEIs, terminal phone numbers), so the key splits back.
    if (ws?.readyState === WebSocket.OPEN) ws.send(watchMessage(watchKey ? watchKey.split(',') : []));
  }, [watchKey]);

  // Narrow the feed when another unit is chosen in the unit tree.
  useEffect(() => {
    const ws = socketRef.current;
    if (holdId && ws?.readyState === WebSocket.OPEN) ws.send(encode({ type: 'scope', HoldID: holdId }));
  }, [holdId]);
}

const encode = (msg: LiveClientMessage) => JSON.stringify(msg);
const watchMessage = (ids: readonly string[]) => encode({ type: 'watch', DeviceIDs: [...ids] });
