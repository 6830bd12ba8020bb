import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useSession } from '../../../store/session.ts';

/** What the map's device labels show (spec section 2: the view settings dialog). */
export const MAP_LABEL_PARTS = ['name', 'deviceId', 'speed'] as const;
export type MapLabelPart = (typeof MAP_LABEL_PARTS)[number];

/** What a row of the device list shows under the device's name. */
export const LIST_FIELDS = ['deviceId', 'status', 'speed', 'time', 'lifeStatus'] as const;
export type ListField = (typeof LIST_FIELDS)[number];

export interface MonitorView {
  mapLabel: Readonly<Record<MapLabelPart, boolean>>;
  listFields: Readonly<Record<ListField, boolean>>;
}

export const DEFAULT_VIEW: MonitorView = {
  mapLabel: { name: true, deviceId: false, speed: false },
  listFields: { deviceId: true, status: true, speed: true, time: false, lifeStatus: true },
};

/** A saved view with every current switch: unknown keys dropped, missing ones from the defaults. */
export function normaliseView(saved: unknown): MonitorView {
  const v = (saved ?? {}) as { mapLabel?: Record<string, unknown>; listFields?: Record<string, unknown> };
  const pick = <K extends string>(
    keys: readonly K[],
    from: Record<string, unknown> | undefined,
    base: Record<K, boolean>,
  ) =>
    Object.fromEntries(keys.map((k) => [k, typeof from?.[k] === 'boolean' ? from[k] : base[k]])) as Record<K, boolean>;
  return {
    mapLabel: pick(MAP_LABEL_PARTS, v.mapLabel, DEFAULT_VIEW.mapLabel),
    listFields: pick(LIST_FIELDS, v.listFields, DEFAULT_VIEW.listFields),
  };
}

interface ViewSettingsState {
  /** The monitor view of each user id, in this browser. */
  byUser: Readonly<Record<string, MonitorView>>;
  save(userId: number | null, view: MonitorView): void;
}

const keyOf = (userId: number | null) => String(userId ?? 'anonymous');

export const useViewSettings = create<ViewSettingsState>()(
  persist(
    (set, get) => ({
      byUser: {},
      save: (userId, view) => set({ byUser: { ...get().byUser, [keyOf(userId)]: normaliseView(view) } }),
    }),
    {
      name: 'lodestar-monitor-view',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      merge: (saved, current) => {
        const byUser = (saved as { byUser?: Record<string, unknown> } | undefined)?.byUser ?? {};
        return {
          ...current,
          byUser: Object.fromEntries(Object.entries(byUser).map(([k, v]) => [k, normaliseView(v)])),
        };
      },
    },
  ),
);

/** The signed-in user's monitor view; the same object until it is saved again. */
export function useMonitorView(): MonitorView {
  const userId = useSession((s) => s.userId);
  return useViewSettings((s) => s.byUser[keyOf(userId)] ?? DEFAULT_VIEW);
}

/** The text of a device's label on the map, from the chosen parts (empty: no label). */
export function mapLabelText(
  parts: MonitorView['mapLabel'],
  d: { DeviceID: string; DeviceName: string; Plate?: string | null | undefined; Speed: number | null },
  kmh: string,
): string {
  let text = '';
  const add = (s: string) => {
    text = text ? `${text} · ${s}` : s;
  };
  if (parts.name) add(d.Plate || d.DeviceName || d.DeviceID);
  if (parts.deviceId && (!parts.name || (d.Plate || d.DeviceName) !== d.DeviceID)) add(d.DeviceID);
  if (parts.speed && d.Speed !== null) add(`${Math.round(d.Speed)} ${kmh}`);
  return text;
}
