/** Test-only in-memory implementations of the gateway's ports (the unit boundary; the server tests the real ones). */
import type { ProtocolName } from '@lodestar/protocols';
import type { CommandStore, DeviceDirectory, InboundRecord, IngestSink, PendingCommand } from '../ports.ts';

export class MemorySink implements IngestSink {
  readonly records: InboundRecord[] = [];
  calls = 0;
  /** While true, persist rejects as a database that is down would. */
  failing = false;

  async persist(records: InboundRecord[]): Promise<void> {
    this.calls++;
    await new Promise((r) => setImmediate(r));
    if (this.failing) throw new Error('database is down');
    this.records.push(...records);
  }

  positions(deviceId?: string) {
    return this.records
      .filter((r) => deviceId === undefined || r.deviceId === deviceId)
      .flatMap((r) => r.message.positions);
  }
}

export class MemoryDirectory implements DeviceDirectory {
  readonly unknown: { protocol: ProtocolName; deviceId: string }[] = [];
  readonly online = new Set<string>();
  readonly events: string[] = [];

  constructor(private readonly known: Set<string> = new Set()) {}

  add(...ids: string[]): void {
    for (const id of ids) this.known.add(id);
  }

  async isKnown(_protocol: ProtocolName, deviceId: string): Promise<boolean> {
    return this.known.has(deviceId);
  }

  async recordUnknown(u: { protocol: ProtocolName; deviceId: string }): Promise<void> {
    this.unknown.push({ protocol: u.protocol, deviceId: u.deviceId });
  }

  connected(u: { deviceId: string }): void {
    this.online.add(u.deviceId);
    this.events.push(`connected ${u.deviceId}`);
  }

  disconnected(u: { deviceId: string }): void {
    this.online.delete(u.deviceId);
    this.events.push(`disconnected ${u.deviceId}`);
  }
}

export type CommandState = {
  command: PendingCommand;
  status: 'pending' | 'sent' | 'acknowledged' | 'failed' | 'cancelled';
  note?: string;
};

export class MemoryCommands implements CommandStore {
  readonly states = new Map<number, CommandState>();
  readonly history: string[] = [];
  private nextId = 1;

  add(deviceId: string, type: PendingCommand['type'], payload: Record<string, unknown> = {}, expireAt?: Date): number {
    const id = this.nextId++;
    this.states.set(id, { command: { id, deviceId, type, payload, expireAt }, status: 'pending' });
    return id;
  }

  /** As Command/CancelCommand does: only a pending command. */
  cancel(id: number): void {
    if (this.states.get(id)?.status === 'pending') this.set(id, 'cancelled');
  }

  status(id: number): CommandState | undefined {
    return this.states.get(id);
  }

  async pendingFor(deviceId: string): Promise<PendingCommand[]> {
    return [...this.states.values()]
      .filter((s) => s.command.deviceId === deviceId && s.status === 'pending')
      .map((s) => s.command);
  }

  /** As the database store: only a pending command not past its expiry goes out. */
  async markSent(id: number, at: Date): Promise<boolean> {
    const s = this.states.get(id);
    if (s?.status !== 'pending' || (s.command.expireAt && s.command.expireAt <= at)) return false;
    this.set(id, 'sent');
    return true;
  }

  async markAcknowledged(id: number, _at: Date, result?: string): Promise<void> {
    this.set(id, 'acknowledged', result);
  }

  async markFailed(id: number, _at: Date, reason: string): Promise<void> {
    this.set(id, 'failed', reason);
  }

  private set(id: number, status: CommandState['status'], note?: string): void {
    const s = this.states.get(id);
    if (!s) throw new Error(`no command ${id}`);
    this.history.push(`${id} ${status}`);
    this.states.set(id, { ...s, status, note });
  }
}
