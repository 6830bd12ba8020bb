import websocket from '@fastify/websocket';
import type { LiveClientMessage, LivePosition, LiveServerMessage, LiveUpdate } from '@lodestar/contract/live';
import { Fn, LIVE_CLOSE, LIVE_WATCH_MAX } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { LiveBus } from '../../ingest/bus.ts';
import { zoneFormatter } from '../../lib/time.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { LiveService } from './service.ts';

interface Deps {
  appId: string;
  live: LiveService;
  bus: LiveBus;
  /** Updates are coalesced per device and sent this often, so 10,000 devices do not flood a browser. */
  intervalMs?: number;
  /** How often a connection's token is checked again (revoked or expired → closed). */
  recheckMs?: number;
}

// One formatter per zone, shared by every socket in it: its offset cache per hour makes a row's
// time a few string operations, not an Intl call (the feed formats every listed device every second).
const zoneTexts = new Map<string, (d: Date) => string>();
function zoneText(timeZone: string): (d: Date) => string {
  let f = zoneTexts.get(timeZone);
  if (!f) {
    f = zoneFormatter(timeZone);
    zoneTexts.set(timeZone, f);
  }
  return f;
}

/** A bus update as the user reads it: every time in the user's zone, like the list calls. */
const row = (u: LiveUpdate, inZone: (d: Date) => string): LivePosition => ({
  DeviceID: u.deviceId,
  Lat: u.lat,
  Lng: u.lon,
  Speed: u.speed,
  Course: u.course,
  GpsTime: u.fixTime === null ? null : inZone(new Date(u.fixTime)),
  Acc: u.acc,
  Alarms: u.alarms,
  Status: u.status,
  Mileage: Math.round(u.mileage * 100) / 100,
  Events: u.events.length ? u.events.map((e) => ({ ...e, eventTime: inZone(new Date(e.eventTime)) })) : [],
});

/**
 * The live feed: GET /API/ws?appid=…&token=… upgrades to a WebSocket that receives
 * `{ type: 'positions', rows }` every interval with the latest update of each device that moved,
 * only for devices in the caller's hold subtree (or a hold below it chosen with
 * `{ type: 'scope', HoldID }`). `{ type: 'watch', DeviceIDs }` narrows it further to the devices
 * the page lists (`null`: every device in scope): a browser showing 500 of a 10,000-device fleet
 * then parses 500 devices' updates, not 10,000. Watching never widens the hold scope.
 */
export async function liveRoutes(app: FastifyInstance, deps: Deps) {
  await app.register(websocket);
  const intervalMs = deps.intervalMs ?? 1000;
  app.get('/API/ws', { websocket: true, schema: { hide: true } }, async (socket, req) => {
    const q = req.query as Record<string, string | undefined>;
    if (q.appid !== deps.appId) return socket.close(LIVE_CLOSE.BadRequest, 'unknown appid');
    const tokenHash = hashToken(q.token ?? '');
    const valid = () => deps.live.session(tokenHash);
    const session = await valid();
    if (!session) return socket.close(LIVE_CLOSE.LoginAgain, 'login again');
    if (!session.funs.includes(Fn.onlineMonitor)) return socket.close(LIVE_CLOSE.NoFunction, 'no monitor function');

    let inZone = zoneText(session.timeZone);
    let scope = session.holdPath;
    let watched: Set<string> | null = null;
    let pending = new Map<string, LiveUpdate>();
    const unsubscribe = await deps.bus.subscribe((u) => {
      if (u.holdPath.startsWith(scope) && (!watched || watched.has(u.deviceId))) pending.set(u.deviceId, u);
    });
    const send = (msg: LiveServerMessage) => socket.send(JSON.stringify(msg));
    const flush = setInterval(() => {
      if (!pending.size || socket.readyState !== socket.OPEN) return;
      const rows = [...pending.values()].map((u) => row(u, inZone));
      pending = new Map();
      send({ type: 'positions', rows });
    }, intervalMs);
    const recheck = setInterval(
      () =>
        void valid().then(
          (s) => {
            if (!s) return socket.close(LIVE_CLOSE.LoginAgain, 'login again');
            // A zone changed in the settings applies from here on.
            inZone = zoneText(s.timeZone);
          },
          () => {},
        ),
      deps.recheckMs ?? 30_000,
    );
    const stop = () => {
      clearInterval(flush);
      clearInterval(recheck);
      unsubscribe();
    };
    socket.on('close', stop);
    socket.on('message', (raw: unknown) => {
      // A LiveClientMessage, checked field by field below: a browser may send anything.
      let msg: { [K in keyof LiveClientMessage | 'HoldID' | 'DeviceIDs']?: unknown };
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return send({ type: 'error', msg: 'invalid JSON' });
      }
      if (msg.type === 'watch') {
        const ids = msg.DeviceIDs;
        if (ids !== null && !(Array.isArray(ids) && ids.every((id) => typeof id === 'string')))
          return send({ type: 'error', msg: 'DeviceIDs must be a list of device IDs or null' });
        if (ids && ids.length > LIVE_WATCH_MAX)
          return send({ type: 'error', msg: `at most ${LIVE_WATCH_MAX} DeviceIDs` });
        watched = ids ? new Set(ids) : null;
        if (watched) for (const id of pending.keys()) if (!watched.has(id)) pending.delete(id);
        return send({ type: 'watch', count: watched ? watched.size : null });
      }
      if (msg.type !== 'scope') return send({ type: 'error', msg: 'unknown message type' });
      void deps.live.holdInReach(session.holdPath, Number(msg.HoldID)).then((hold) => {
        if (!hold) return send({ type: 'error', msg: 'outside your organisation', HoldID: msg.HoldID });
        scope = hold.path;
        pending = new Map();
        send({ type: 'scope', HoldID: hold.id });
      });
    });
    send({ type: 'hello', intervalMs, HoldID: session.holdId });
  });
}
