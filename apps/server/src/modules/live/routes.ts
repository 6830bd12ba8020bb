import websocket from '@fastify/websocket';
import type { LiveClientMessage, LivePosition, LiveServerMessage, LiveUpdate } from '@lodestar/contract/live';
import { Fn, LIVE_CLOSE, LIVE_EARLY_MESSAGES_MAX, LIVE_WATCH_MAX } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveBus } from '../../ingest/bus.ts';
import type { AccessEvents } from '../../lib/access-events.ts';
import { serviceEndsAt } from '../../lib/session-check.ts';
import { zoneFormatter } from '../../lib/time.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { SessionView } from '../account/session-repository.ts';
import type { LiveService } from './service.ts';

interface Deps {
  appId: string;
  live: LiveService;
  bus: LiveBus;
  /** Where the account and user modules say that sessions ended: their sockets close at once. */
  access: AccessEvents;
  /** Updates are coalesced per device and sent this often, so 10,000 devices do not flood a browser. */
  intervalMs?: number;
  /** How often a connection's session, functions and hold are checked again (LIVE_RECHECK_SECONDS). */
  recheckMs?: number;
  /** How long a new socket may take to send its token (LIVE_AUTH_TIMEOUT_SECONDS). */
  authTimeoutMs?: number;
}

/** A watch of 5,000 device IDs is about 150 KB; nothing a client sends needs more. */
const MAX_MESSAGE_BYTES = 1024 * 1024;
/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** An open socket past its token check, as the access listener finds it. */
interface Connection {
  userId: number;
  sessionId: number;
  close(code: number, reason: string): void;
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** The token of the first message, `{ type: 'auth', token }`, or undefined when it is anything else. */
function tokenOf(text: string): string | undefined {
  try {
    const msg = JSON.parse(text) as { type?: unknown; token?: unknown };
    return msg?.type === 'auth' && typeof msg.token === 'string' && msg.token.length <= 200 ? msg.token : undefined;
  } catch {
    return undefined;
  }
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
 * The live feed: GET /API/ws?appid=… upgrades to a WebSocket whose first message is
 * `{ type: 'auth', token }` (a token in the URL would stay in proxies' and servers' access logs). It
 * then receives `{ type: 'hello' }` and `{ type: 'positions', rows }` every interval with the latest
 * update of each device that moved, only for devices in the caller's hold subtree (or a hold below it
 * chosen with `{ type: 'scope', HoldID }`). `{ type: 'watch', DeviceIDs }` narrows it further to the
 * devices the page lists (`null`: every device in scope): a browser showing 500 of a 10,000-device
 * fleet then parses 500 devices' updates, not 10,000. Watching never widens the hold scope.
 *
 * A socket lives only as long as the access it was opened with: when the user's sessions end (log-out,
 * password, functions, hold, removal: `AccessEvents`) it closes at once, and every recheck (and the
 * moment the account's service ends) compares the session, functions and hold with the database.
 */
export async function liveRoutes(app: FastifyInstance, deps: Deps) {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  const intervalMs = deps.intervalMs ?? 1000;
  const recheckMs = deps.recheckMs ?? 30_000;
  const authTimeoutMs = deps.authTimeoutMs ?? 10_000;

  const connections = new Set<Connection>();
  const stopListening = deps.access.onSessionsEnded((e) => {
    for (const c of connections) {
      const ended =
        'sessionId' in e ? c.sessionId === e.sessionId : c.userId === e.userId && c.sessionId !== e.exceptSessionId;
      if (ended) c.close(LIVE_CLOSE.LoginAgain, 'login again');
    }
  });
  app.addHook('onClose', async () => stopListening());

  // Not async, on purpose: the message listener is attached before anything is awaited, so what a
  // client sends right on open (its token, then a watch) is queued, never dropped.
  app.get('/API/ws', { websocket: true, schema: { hide: true } }, (socket, req) => {
    const q = req.query as Record<string, string | undefined>;
    if (q.appid !== deps.appId) return socket.close(LIVE_CLOSE.BadRequest, 'unknown appid');
    // Refused rather than ignored, so no client goes on writing tokens into access logs.
    if (q.token !== undefined) return socket.close(LIVE_CLOSE.BadRequest, 'send the token in the first message');

    let closed = false;
    let handle: ((text: string) => void) | undefined;
    let early: string[] | undefined;
    let stop = () => {};
    const authTimer = setTimeout(() => socket.close(LIVE_CLOSE.LoginAgain, 'no token sent'), authTimeoutMs);
    socket.on('close', () => {
      closed = true;
      clearTimeout(authTimer);
      stop();
    });
    socket.on('message', (raw: unknown) => {
      const text = String(raw);
      if (handle) return handle(text);
      if (early) {
        if (early.length >= LIVE_EARLY_MESSAGES_MAX) return socket.close(LIVE_CLOSE.BadRequest, 'too many messages');
        early.push(text);
        return;
      }
      early = [];
      clearTimeout(authTimer);
      const token = tokenOf(text);
      if (token === undefined) return socket.close(LIVE_CLOSE.LoginAgain, 'first message: { type: "auth", token }');
      void openFeed(socket, hashToken(token), () => closed).then(
        (feed) => {
          if (!feed) return;
          stop = feed.stop;
          if (closed) return stop();
          handle = feed.handle;
          for (const m of early!) feed.handle(m);
          early = undefined;
        },
        (err: unknown) => {
          req.log.error({ err }, 'live feed failed to open');
          socket.close(1011, 'server error');
        },
      );
    });
  });

  /** The feed of a socket whose token checked out: its message handler and what stops it; undefined when refused. */
  async function openFeed(socket: WebSocket, tokenHash: string, isClosed: () => boolean) {
    const session = await deps.live.session(tokenHash);
    if (!session) return void socket.close(LIVE_CLOSE.LoginAgain, 'login again');
    if (!session.funs.includes(Fn.onlineMonitor))
      return void socket.close(LIVE_CLOSE.NoFunction, 'no monitor function');

    let inZone = zoneText(session.timeZone);
    let scope = session.holdPath;
    let watched: Set<string> | null = null;
    let pending = new Map<string, LiveUpdate>();
    const unsubscribe = await deps.bus.subscribe((u) => {
      if (!u.holdPath.startsWith(scope) || (watched && !watched.has(u.deviceId))) return;
      // The newest state wins, but no event is dropped: a tracker that raises an alarm and hangs up within
      // the interval (the disconnect is an update of its own) still gets its alarm to the page.
      const before = pending.get(u.deviceId);
      pending.set(u.deviceId, before?.events.length ? { ...u, events: [...before.events, ...u.events] } : u);
    });
    const send = (msg: LiveServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
    };
    const flush = setInterval(() => {
      if (!pending.size || socket.readyState !== socket.OPEN) return;
      const rows = [...pending.values()].map((u) => row(u, inZone));
      pending = new Map();
      send({ type: 'positions', rows });
    }, intervalMs);
    const recheck = () =>
      void deps.live.session(tokenHash).then(
        (s) => {
          const closeFor = changed(session, s);
          if (closeFor) return socket.close(closeFor, 'access changed');
          // A zone changed in the settings applies from here on.
          inZone = zoneText(s!.timeZone);
        },
        () => {},
      );
    const rechecks = setInterval(recheck, recheckMs);
    const endsIn = (serviceEndsAt(session.serviceEndDate) ?? Number.POSITIVE_INFINITY) - Date.now();
    const serviceEnd = endsIn < MAX_TIMER_MS ? setTimeout(recheck, Math.max(0, endsIn)) : undefined;
    const connection: Connection = {
      userId: session.userId,
      sessionId: session.sessionId,
      close: (code, reason) => socket.close(code, reason),
    };
    connections.add(connection);
    const stop = () => {
      clearInterval(flush);
      clearInterval(rechecks);
      clearTimeout(serviceEnd);
      unsubscribe();
      connections.delete(connection);
    };
    if (isClosed()) return { stop, handle: () => {} };
    send({ type: 'hello', intervalMs, HoldID: session.holdId });

    const handle = (text: string) => {
      // A LiveClientMessage, checked field by field below: a browser may send anything.
      let msg: { [K in keyof LiveClientMessage | 'HoldID' | 'DeviceIDs']?: unknown };
      try {
        msg = JSON.parse(text);
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
    };
    return { stop, handle };
  }
}

/**
 * Why a socket opened with `opened` must close now that the database says `now`, or undefined
 * while it may go on: the session ended, the monitor function was taken away, or the functions or
 * hold changed (the client reconnects and gets a feed cut to its new access).
 */
function changed(opened: SessionView, now: SessionView | undefined): number | undefined {
  if (!now) return LIVE_CLOSE.LoginAgain;
  if (!now.funs.includes(Fn.onlineMonitor)) return LIVE_CLOSE.NoFunction;
  if (now.holdId !== opened.holdId || now.holdPath !== opened.holdPath || !sameIds(now.funs, opened.funs))
    return LIVE_CLOSE.AccessChanged;
  return undefined;
}
