import { formatInZone } from '@lodestar/domain';
import { deviceCells, type ReportDef, type Row, type RunContext, round1, round6 } from './definition.ts';
import type { EventHit, ScopeDevice } from './repository.ts';

const nameOf = (e: EventHit) => e.alarm ?? e.type;

async function hits(ctx: RunContext, names: readonly string[]) {
  const events = await ctx.repo.events(
    ctx.devices.map((d) => d.pk),
    ctx.from,
    ctx.to,
    names,
  );
  const device = new Map(ctx.devices.map((d) => [d.pk, d]));
  return events.map((e) => ({ e, d: device.get(e.pk)! }));
}

const eventCells = (ctx: RunContext, e: EventHit, d: ScopeDevice): Row => ({
  Time: formatInZone(new Date(e.time), ctx.zone),
  ...deviceCells(d),
  EventType: nameOf(e),
  Lat: round6(e.lat),
  Lng: round6(e.lon),
});

/** Overspeed: the device's own alarm and the fences' and roads' speed limits, event by event. */
export const overspeed: ReportDef = {
  type: 'overspeed',
  name: { zh: '超速报表', en: 'Overspeed', fr: 'Excès de vitesse' },
  period: true,
  columns: ['Time', 'DeviceID', 'DeviceName', 'HoldName', 'EventType', 'Speed', 'Zone', 'Lat', 'Lng'],
  sort: ['Time', 'asc'],
  async rows(ctx) {
    const list = await hits(ctx, ['overspeed', 'fenceOverspeed', 'roadOverspeed']);
    return list.map(({ e, d }) => ({
      ...eventCells(ctx, e, d),
      Speed: e.speed === null ? null : round1(e.speed),
      Zone: e.zone,
    }));
  },
};

/** Alarms by type: how many of each alarm each device raised. */
export const alarms: ReportDef = {
  type: 'alarms',
  name: { zh: '报警统计', en: 'Alarms by type', fr: 'Alarmes par type' },
  period: true,
  columns: ['DeviceID', 'DeviceName', 'HoldName', 'EventType', 'Count'],
  chart: { kind: 'pie', x: 'EventType', y: 'Count' },
  sort: ['Count', 'desc'],
  async rows(ctx) {
    const counts = await ctx.repo.alarmCounts(
      ctx.devices.map((d) => d.pk),
      ctx.from,
      ctx.to,
    );
    const device = new Map(ctx.devices.map((d) => [d.pk, d]));
    return counts.map((c) => ({ ...deviceCells(device.get(c.pk)!), EventType: c.alarm, Count: c.n }));
  },
};

/** Fence entries, exits and stays; an exit carries the time since the device's entry into the same fence. */
export const fence: ReportDef = {
  type: 'fence',
  name: { zh: '围栏进出报表', en: 'Fence in/out and stay', fr: 'Entrées/sorties de géoclôture' },
  period: true,
  columns: ['Time', 'DeviceID', 'DeviceName', 'HoldName', 'Zone', 'EventType', 'StaySeconds', 'Lat', 'Lng'],
  sort: ['Time', 'asc'],
  async rows(ctx) {
    const list = await hits(ctx, ['fenceEnter', 'fenceLeave', 'fenceStay']);
    const entered = new Map<string, number>();
    return list.map(({ e, d }) => {
      const key = `${e.pk}|${e.zone}`;
      const at = new Date(e.time).getTime();
      let stay: number | null = null;
      if (nameOf(e) === 'fenceEnter') entered.set(key, at);
      else if (nameOf(e) === 'fenceLeave' && entered.has(key)) {
        stay = Math.round((at - entered.get(key)!) / 1000);
        entered.delete(key);
      }
      return { ...eventCells(ctx, e, d), Zone: e.zone, StaySeconds: stay };
    });
  },
};

export const roadDeviation: ReportDef = {
  type: 'roadDeviation',
  name: { zh: '偏离路线报表', en: 'Road deviation', fr: 'Écarts d’itinéraire' },
  period: true,
  columns: ['Time', 'DeviceID', 'DeviceName', 'HoldName', 'Zone', 'Speed', 'Lat', 'Lng'],
  sort: ['Time', 'asc'],
  async rows(ctx) {
    const list = await hits(ctx, ['roadDeviation']);
    return list.map(({ e, d }) => ({
      ...eventCells(ctx, e, d),
      Zone: e.zone,
      Speed: e.speed === null ? null : round1(e.speed),
    }));
  },
};

const HARSH = {
  hardAcceleration: 'HardAcceleration',
  hardBraking: 'HardBraking',
  hardCornering: 'HardCornering',
  overspeed: 'Overspeed',
  fatigue: 'Fatigue',
} as const;

/** Driving behaviour: the harsh events devices report themselves, per device (devices that report none: absent). */
export const driving: ReportDef = {
  type: 'driving',
  name: { zh: '驾驶行为', en: 'Driving behaviour', fr: 'Comportement de conduite' },
  period: true,
  columns: ['DeviceID', 'DeviceName', 'HoldName', ...Object.values(HARSH), 'Count'],
  sort: ['Count', 'desc'],
  async rows(ctx) {
    const list = await hits(ctx, Object.keys(HARSH));
    const per = new Map<number, Row>();
    for (const { e, d } of list) {
      const col = HARSH[nameOf(e) as keyof typeof HARSH];
      if (!col) continue;
      let r = per.get(e.pk);
      if (!r) {
        r = { ...deviceCells(d), ...Object.fromEntries(Object.values(HARSH).map((k) => [k, 0])), Count: 0 };
        per.set(e.pk, r);
      }
      r[col] = (r[col] as number) + 1;
      r.Count = (r.Count as number) + 1;
    }
    return [...per.values()];
  },
};

const at = (d: Date | null, zone: string) => (d ? formatInZone(new Date(d), zone) : null);

/** The command log: every command queued for the devices in the period, with its outcome. */
export const commandLog: ReportDef = {
  type: 'commandLog',
  name: { zh: '指令记录', en: 'Command log', fr: 'Journal des commandes' },
  period: true,
  columns: ['Time', 'DeviceID', 'DeviceName', 'HoldName', 'Command', 'Via', 'Status', 'Result', 'SentTime', 'DoneTime'],
  sort: ['Time', 'desc'],
  async rows(ctx) {
    const device = new Map(ctx.devices.map((d) => [d.pk, d]));
    const list = await ctx.repo.commands([...device.keys()], ctx.from, ctx.to);
    return list.map((c) => ({
      Time: at(c.createdAt, ctx.zone),
      ...deviceCells(device.get(c.pk)!),
      Command: c.type,
      Via: c.via,
      Status: c.status,
      Result: c.result,
      SentTime: at(c.sentAt, ctx.zone),
      DoneTime: at(c.doneAt, ctx.zone),
    }));
  },
};

/** The photo log: every photo the devices took in the period. */
export const photoLog: ReportDef = {
  type: 'photoLog',
  name: { zh: '拍照记录', en: 'Photo log', fr: 'Journal des photos' },
  period: true,
  columns: ['Time', 'DeviceID', 'DeviceName', 'HoldName', 'Channel', 'Size', 'Lat', 'Lng'],
  sort: ['Time', 'desc'],
  async rows(ctx) {
    const device = new Map(ctx.devices.map((d) => [d.pk, d]));
    const list = await ctx.repo.photos([...device.keys()], ctx.from, ctx.to);
    return list.map((p) => ({
      Time: at(p.takenAt, ctx.zone),
      ...deviceCells(device.get(p.pk)!),
      Channel: p.channel,
      Size: p.size,
      Lat: round6(p.lat),
      Lng: round6(p.lng),
    }));
  },
};
