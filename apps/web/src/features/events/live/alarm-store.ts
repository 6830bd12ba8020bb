import type { LivePosition } from '@lodestar/contract/live';
import { create } from 'zustand';

/** A live event worth telling the person about: any alarm (a zone's or the device's own) or a recorded zone event. */
export interface LiveNotice {
  /** Unique per event: the device, what happened, where and when. */
  key: string;
  deviceId: string;
  /** The event's type as the event list names it: fenceEnter …, or the device alarm's name. */
  type: string;
  /** True for alarms (they beep, count on the badge and can be released); false for recorded zone events. */
  alarm: boolean;
  zoneName: string | null;
  /** km/h, for zone events. */
  speed: number | null;
  /** Wall clock in the user's zone, as the feed sends it. */
  time: string;
}

/** Notices kept for the badge's list; older ones are in the event list. */
export const RECENT_MAX = 50;
/** Event keys remembered to drop a repeat (a re-sent update): well above what a minute of a big fleet raises. */
const SEEN_MAX = 2000;

/** What a batch of live rows tells: the alarms and zone events in it, each once (state changes are left out). */
export function noticesOf(batch: readonly LivePosition[]): LiveNotice[] {
  const out: LiveNotice[] = [];
  for (const row of batch)
    for (const e of row.Events) {
      if (e.type !== 'alarm' && e.type !== 'zone') continue;
      const type = e.alarm ?? e.type;
      const zone = e.FenceID !== undefined ? `f${e.FenceID}` : e.RoadID !== undefined ? `r${e.RoadID}` : '';
      out.push({
        key: `${row.DeviceID}|${type}|${zone}|${e.eventTime}`,
        deviceId: row.DeviceID,
        type,
        alarm: e.type === 'alarm',
        zoneName: e.ZoneName ?? null,
        speed: e.speed ?? null,
        time: e.eventTime,
      });
    }
  return out;
}

interface AlarmState {
  /** Newest first. */
  recent: readonly LiveNotice[];
  /** Alarms arrived since the person last looked at the list. */
  unread: number;
  /** The notices not yet shown as toasts, oldest first; the toaster takes them. */
  incoming: readonly LiveNotice[];
  seen: Set<string>;
  take(batch: readonly LivePosition[]): void;
  drain(): LiveNotice[];
  markRead(): void;
  reset(): void;
}

/** The monitor's live alarms and zone events: fed from the live feed's rows, read by the toaster and the badge. */
export const useAlarmStore = create<AlarmState>()((set, get) => ({
  recent: [],
  unread: 0,
  incoming: [],
  seen: new Set(),
  take(batch) {
    const { seen } = get();
    const fresh = noticesOf(batch).filter((n) => {
      if (seen.has(n.key)) return false;
      seen.add(n.key);
      return true;
    });
    if (!fresh.length) return;
    if (seen.size > SEEN_MAX) for (const k of [...seen].slice(0, seen.size - SEEN_MAX / 2)) seen.delete(k);
    const s = get();
    set({
      recent: [...[...fresh].reverse(), ...s.recent].slice(0, RECENT_MAX),
      unread: s.unread + fresh.filter((n) => n.alarm).length,
      incoming: [...s.incoming, ...fresh],
    });
  },
  drain() {
    const { incoming } = get();
    if (incoming.length) set({ incoming: [] });
    return [...incoming];
  },
  markRead: () => set({ unread: 0 }),
  reset: () => set({ recent: [], unread: 0, incoming: [], seen: new Set() }),
}));
