import type { ProtocolName } from '@lodestar/protocols';

/** Counters since start; `connections` is the number open now. */
export interface GatewayStats {
  connections: Record<ProtocolName, number>;
  /** Open connections that have not identified a registered device yet (all protocols). */
  unidentified: number;
  /** Connections closed at once because maxConnections was reached and every open one was identified. */
  connectionsRefused: number;
  /** Unidentified connections closed for a new one from their address, which held maxUnidentifiedPerAddress. */
  unidentifiedEvictedPerAddress: number;
  /** Unidentified connections closed to make room for a new one at maxConnections (oldest first). */
  unidentifiedEvicted: number;
  /** Connections closed because no registered device identified itself within unidentifiedTimeoutMs. */
  unidentifiedTimedOut: number;
  framesDecoded: number;
  /** Frames the codec could not decode (or that came before the device identified itself). */
  malformedFrames: number;
  /** Decoded but with a wrong checksum (accepted, as Traccar does; counted so bad links show). */
  badCrcFrames: number;
  /** Bytes the splitters threw away while resynchronising. */
  garbageBytes: number;
  positionsPersisted: number;
  persistFailures: number;
  acksSent: number;
  /** Replies not sent because their data could not be stored (the device will resend). */
  acksWithheld: number;
  unknownDevicesRefused: number;
  commandsSent: number;
  commandsAcknowledged: number;
  commandsFailed: number;
  /** Whole photos stored (JT/T 808 0x0801 uploads). */
  photosStored: number;
  /** Uploads given up: packets never came, over the memory caps, not a JPEG, or the sink failed. */
  photosDropped: number;
  /** 0x8800 requests asking a terminal again for missing packets. */
  mediaResendRequests: number;
  /** Bytes of uploads held in memory now (all connections). */
  mediaBytes: number;
}

export function emptyStats(): GatewayStats {
  return {
    connections: { gt06: 0, jt808: 0, h02: 0, osmand: 0, teltonika: 0 },
    unidentified: 0,
    connectionsRefused: 0,
    unidentifiedEvictedPerAddress: 0,
    unidentifiedEvicted: 0,
    unidentifiedTimedOut: 0,
    framesDecoded: 0,
    malformedFrames: 0,
    badCrcFrames: 0,
    garbageBytes: 0,
    positionsPersisted: 0,
    persistFailures: 0,
    acksSent: 0,
    acksWithheld: 0,
    unknownDevicesRefused: 0,
    commandsSent: 0,
    commandsAcknowledged: 0,
    commandsFailed: 0,
    photosStored: 0,
    photosDropped: 0,
    mediaResendRequests: 0,
    mediaBytes: 0,
  };
}

export interface ConnectionLimits {
  maxConnections: number;
  maxUnidentifiedPerAddress: number;
  unidentifiedTimeoutMs: number;
  /** An unidentified connection younger than this never gives way to a newcomer from its address. */
  unidentifiedGraceMs: number;
}

/** One open connection's place in the limiter. */
export interface ConnectionSlot {
  /** A registered device identified itself: no longer timed out, evicted or counted against its address. */
  identified(): void;
  /** The connection closed; safe to call more than once. */
  release(): void;
  /**
   * Its device id is being looked up (true) or the lookup answered (false): while looking up it is not evicted
   * for a newcomer (it still times out), so a reconnect storm behind one address does not close the trackers
   * that already sent their login.
   */
  lookingUp(waiting: boolean): void;
}

/** How often the limiter warns that it refuses or closes connections (each one would flood the log). */
const WARN_EVERY_MS = 10_000;

/**
 * Counts open connections against the caps shared by every listener. A connection starts unidentified: it is
 * closed if no registered device identifies itself within the timeout, and it is the first to give way, oldest
 * first, when its address holds the most unidentified connections allowed or the gateway is full. Giving way
 * rather than refusing the newcomer matters behind carrier NAT, where trackers share an address with whoever
 * floods from it: a tracker's new connection is taken in and identifies within its round trip, while idle
 * sockets churn among themselves. Identified connections are never capped per address, never evicted; only
 * when every connection is identified is a new one refused.
 */
export class ConnectionLimiter {
  private open = 0;
  /** Unidentified connections, oldest first (a Set iterates in insertion order). */
  private readonly waiting = new Set<Slot>();
  private readonly perAddress = new Map<string, Set<Slot>>();
  private warnedAt = 0;

  constructor(
    private readonly stats: GatewayStats,
    private readonly limits: ConnectionLimits,
    private readonly warn: (msg: string, fields: Record<string, unknown>) => void = () => {},
  ) {}

  /**
   * A slot for a new connection from `address`, or undefined (counted) when it must be refused. `close` ends the
   * connection when it times out or gives way; its slot is released at once, before the transport closes.
   */
  acquire(protocol: ProtocolName, address: string, close: () => void): ConnectionSlot | undefined {
    const key = addressKey(address);
    const fromAddress = this.perAddress.get(key);
    if (fromAddress && fromAddress.size >= this.limits.maxUnidentifiedPerAddress) {
      // Only a connection that has had its grace gives way: trackers behind one carrier NAT reconnecting together
      // (after an outage or a restart) all connect within a second or two and log in right after. Closing them
      // for each other made them churn (10,000 at once lost a quarter of their throughput). Idle floods still
      // churn among themselves once past the grace, and the global cap and the timeout bound the rest.
      const oldest = first(fromAddress);
      if (oldest && Date.now() - oldest.openedAt >= this.limits.unidentifiedGraceMs) {
        this.stats.unidentifiedEvictedPerAddress++;
        this.warnNow('unidentified connections of one address at their cap; closing its oldest', { protocol, address });
        oldest.evict();
      }
    }
    if (this.open >= this.limits.maxConnections) {
      const oldest = first(this.waiting);
      if (!oldest) {
        this.stats.connectionsRefused++;
        this.warnNow('connection limit reached with every connection identified; refusing', { protocol });
        return undefined;
      }
      this.stats.unidentifiedEvicted++;
      this.warnNow('connection limit reached; closing the oldest unidentified connection', { protocol });
      oldest.evict();
    }
    this.open++;
    this.stats.connections[protocol]++;
    this.stats.unidentified++;
    const slot = new Slot(this, protocol, key, close);
    slot.timer = setTimeout(() => {
      this.stats.unidentifiedTimedOut++;
      slot.evict();
    }, this.limits.unidentifiedTimeoutMs).unref();
    this.enqueue(slot);
    return slot;
  }

  /** @internal the slot stops waiting (identified or released). */
  settle(slot: Slot): void {
    clearTimeout(slot.timer);
    this.stats.unidentified--;
    this.unqueue(slot);
  }

  /** @internal a waiting slot leaves the eviction order while its id is looked up (true), and rejoins after. */
  lookingUp(slot: Slot, waiting: boolean): void {
    if (waiting) this.unqueue(slot);
    else this.enqueue(slot);
  }

  private enqueue(slot: Slot): void {
    this.waiting.add(slot);
    const group = this.perAddress.get(slot.address) ?? new Set<Slot>();
    group.add(slot);
    this.perAddress.set(slot.address, group);
  }

  private unqueue(slot: Slot): void {
    this.waiting.delete(slot);
    const group = this.perAddress.get(slot.address);
    group?.delete(slot);
    if (group?.size === 0) this.perAddress.delete(slot.address);
  }

  /** @internal */
  close(slot: Slot): void {
    this.open--;
    this.stats.connections[slot.protocol]--;
  }

  private warnNow(msg: string, fields: Record<string, unknown>): void {
    const now = Date.now();
    if (now - this.warnedAt < WARN_EVERY_MS) return;
    this.warnedAt = now;
    const {
      connectionsRefused,
      unidentifiedEvictedPerAddress,
      unidentifiedEvicted,
      unidentifiedTimedOut,
      unidentified,
    } = this.stats;
    this.warn(msg, {
      ...fields,
      open: this.open,
      unidentified,
      connectionsRefused,
      unidentifiedEvictedPerAddress,
      unidentifiedEvicted,
      unidentifiedTimedOut,
    });
  }
}

const first = <T>(set: Set<T> | undefined): T | undefined => set?.values().next().value;

class Slot implements ConnectionSlot {
  timer: NodeJS.Timeout | undefined;
  readonly openedAt = Date.now();
  private state: 'waiting' | 'identified' | 'released' = 'waiting';

  constructor(
    private readonly limiter: ConnectionLimiter,
    readonly protocol: ProtocolName,
    readonly address: string,
    private readonly close: () => void,
  ) {}

  /** Released now (its place is free at once), then its transport is closed. */
  evict(): void {
    this.release();
    this.close();
  }

  lookingUp(waiting: boolean): void {
    if (this.state === 'waiting') this.limiter.lookingUp(this, waiting);
  }

  identified(): void {
    if (this.state !== 'waiting') return;
    this.state = 'identified';
    this.limiter.settle(this);
  }

  release(): void {
    if (this.state === 'released') return;
    if (this.state === 'waiting') this.limiter.settle(this);
    this.state = 'released';
    this.limiter.close(this);
  }
}

/**
 * What the per-address cap counts by: the IPv4 address (also when it comes IPv4-mapped), or an IPv6 address's
 * /64, which one subscriber usually holds whole.
 */
export function addressKey(address: string): string {
  if (address.startsWith('::ffff:') && address.includes('.')) return address.slice(7);
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (g || '0').toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
