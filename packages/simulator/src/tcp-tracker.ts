import { createConnection, type Socket } from 'node:net';
import type { SimProtocol } from './ids.ts';
import type { DialectEvent, TcpDialect } from './protocols/types.ts';
import type { SimFix } from './route.ts';
import { Backlog, type Tracker, type TrackerDeps } from './tracker.ts';

const LOGIN_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * A tracker on a TCP connection: connects, logs in and waits for the login ACK, then sends its positions
 * (and any backlog) and resends what is not acknowledged. Reconnects with backoff when the gateway closes.
 */
export class TcpTracker implements Tracker {
  online = false;
  /** The platform cut the fuel/power (Command/Lock) and did not restore it yet. */
  immobilised = false;
  private socket?: Socket;
  private readonly backlog: Backlog;
  private stopped = false;
  private backoff = 500;
  private timer?: NodeJS.Timeout;

  constructor(
    readonly deviceId: string,
    readonly protocol: SimProtocol,
    private readonly dialect: TcpDialect,
    private readonly deps: TrackerDeps,
  ) {
    this.backlog = new Backlog(deviceId, protocol, deps);
    this.connect();
  }

  get pending(): number {
    return this.backlog.size;
  }

  report(fix: SimFix): void {
    this.backlog.add(fix, this.dialect.position(fix));
    this.flush();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.destroy();
  }

  private connect(): void {
    const splitter = this.dialect.splitter();
    const socket = createConnection({ host: this.deps.host, port: this.deps.port });
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('connect', () => {
      const login = this.dialect.login();
      if (login === undefined) return this.loggedIn();
      socket.write(login);
      this.timer = setTimeout(() => socket.destroy(), LOGIN_TIMEOUT_MS);
    });
    socket.on('data', (chunk) => {
      for (const frame of splitter.push(chunk)) for (const e of this.dialect.onFrame(frame)) this.handle(e, socket);
    });
    socket.on('error', () => {}); // 'close' follows and schedules the reconnect
    socket.on('close', () => {
      this.online = false;
      clearTimeout(this.timer);
      if (this.socket === socket) this.socket = undefined;
      if (this.stopped) return;
      this.timer = setTimeout(() => this.connect(), this.backoff);
      this.backoff = Math.min(MAX_BACKOFF_MS, this.backoff * 2);
    });
  }

  private handle(e: DialectEvent, socket: Socket): void {
    if (e.type === 'loggedIn') this.loggedIn();
    else if (e.type === 'send') socket.write(e.bytes);
    else if (e.type === 'ack') this.backlog.ack(e.key, Date.now());
    else if (e.type === 'refused') socket.destroy();
    else if (e.type === 'immobilise') this.immobilised = e.on;
  }

  private loggedIn(): void {
    clearTimeout(this.timer);
    this.online = true;
    this.backoff = 500;
    this.backlog.unsend(); // a new connection: everything unacknowledged goes again
    this.flush();
  }

  private flush(): void {
    const socket = this.socket;
    if (!this.online || !socket || socket.destroyed) return;
    for (const bytes of this.backlog.due(Date.now())) socket.write(bytes);
  }
}
