import { formatInZone, REPORT_DURATION_CHOICES } from '@lodestar/domain';
import { deviceCells, type ReportDef, type Row, round6 } from './definition.ts';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
const todayIn = (now: Date, zone: string) => formatInZone(now, zone).slice(0, 10);
const time = (d: Date | null, zone: string) => (d ? formatInZone(new Date(d), zone) : null);

const EXPIRY_DAYS = [0, 7, 30, 60, 90, 180, 365];
const expiryParam = {
  name: 'Days' as const,
  title: { zh: '到期天数内', en: 'Expiring within (days)', fr: 'Expirant sous (jours)' },
  choices: EXPIRY_DAYS,
  default: 30,
};

/** Offline devices: last report longer ago than the chosen time (devices that never reported are "unused"). */
export const offline: ReportDef = {
  type: 'offline',
  name: { zh: '离线设备', en: 'Offline devices', fr: 'Appareils hors ligne' },
  period: false,
  columns: ['DeviceID', 'DeviceName', 'HoldName', 'LastSeen', 'OfflineTime', 'Lat', 'Lng'],
  params: [
    {
      name: 'OfflineSeconds',
      title: { zh: '离线超过', en: 'Offline for more than', fr: 'Hors ligne depuis plus de' },
      choices: REPORT_DURATION_CHOICES,
      default: 86_400,
    },
  ],
  sort: ['OfflineTime', 'desc'],
  async rows(ctx) {
    const states = await ctx.repo.states(ctx.devices.map((d) => d.pk));
    const limit = (ctx.params.OfflineSeconds ?? 86_400) * 1000;
    const rows: Row[] = [];
    for (const d of ctx.devices) {
      const s = states.get(d.pk);
      if (!s?.lastSeen) continue;
      const away = ctx.now.getTime() - new Date(s.lastSeen).getTime();
      if (away < limit) continue;
      rows.push({
        ...deviceCells(d),
        LastSeen: time(s.lastSeen, ctx.zone),
        OfflineTime: Math.round(away / 1000),
        Lat: round6(s.lat),
        Lng: round6(s.lon),
      });
    }
    return rows;
  },
};

/** Devices whose latest report carried no valid fix (or that never sent one). */
export const noFix: ReportDef = {
  type: 'noFix',
  name: { zh: '未定位设备', en: 'Devices without a valid fix', fr: 'Appareils sans position valide' },
  period: false,
  columns: ['DeviceID', 'DeviceName', 'HoldName', 'LastSeen', 'LastFix'],
  sort: ['LastSeen', 'desc'],
  async rows(ctx) {
    const states = await ctx.repo.states(ctx.devices.map((d) => d.pk));
    const rows: Row[] = [];
    for (const d of ctx.devices) {
      const s = states.get(d.pk);
      if (!s?.lastSeen || (s.valid && s.fixTime)) continue;
      rows.push({ ...deviceCells(d), LastSeen: time(s.lastSeen, ctx.zone), LastFix: time(s.fixTime, ctx.zone) });
    }
    return rows;
  },
};

export const vipExpiry: ReportDef = {
  type: 'vipExpiry',
  name: { zh: 'VIP到期', en: 'VIP expiry', fr: 'Fin des VIP' },
  period: false,
  columns: ['DeviceID', 'DeviceName', 'HoldName', 'VipExpiry', 'DaysLeft'],
  params: [expiryParam],
  sort: ['VipExpiry', 'asc'],
  async rows(ctx) {
    const today = todayIn(ctx.now, ctx.zone);
    const within = ctx.params.Days ?? 30;
    return ctx.devices
      .filter((d) => d.vipExpiresAt !== null && daysBetween(today, d.vipExpiresAt) <= within)
      .map((d) => ({ ...deviceCells(d), VipExpiry: d.vipExpiresAt, DaysLeft: daysBetween(today, d.vipExpiresAt!) }));
  },
};

/** The SIM cards of tracking devices (found by number or ICCID among the SIM administration's cards). */
export const simExpiry: ReportDef = {
  type: 'simExpiry',
  name: { zh: 'SIM卡到期', en: 'SIM expiry', fr: 'Fin des SIM' },
  period: false,
  columns: ['DeviceID', 'DeviceName', 'HoldName', 'Sim', 'Iccid', 'SimExpiry', 'DaysLeft'],
  params: [expiryParam],
  sort: ['SimExpiry', 'asc'],
  async rows(ctx) {
    const today = todayIn(ctx.now, ctx.zone);
    const within = ctx.params.Days ?? 30;
    const sims = await ctx.repo.simExpiry(ctx.devices.map((d) => d.pk));
    const rows: Row[] = [];
    for (const d of ctx.devices) {
      const s = sims.get(d.pk);
      if (!s?.expiresOn || daysBetween(today, s.expiresOn) > within) continue;
      rows.push({
        ...deviceCells(d),
        Sim: d.sim,
        Iccid: s.iccid,
        SimExpiry: s.expiresOn,
        DaysLeft: daysBetween(today, s.expiresOn),
      });
    }
    return rows;
  },
};

export const inventory: ReportDef = {
  type: 'inventory',
  name: { zh: '设备库存', en: 'Device inventory', fr: 'Inventaire des appareils' },
  period: false,
  columns: ['HoldName', 'Protocol', 'Model', 'Count'],
  chart: { kind: 'bar', x: 'Protocol', y: 'Count' },
  sort: ['Count', 'desc'],
  async rows(ctx) {
    const groups = new Map<string, Row>();
    for (const d of ctx.devices) {
      const key = JSON.stringify([d.holdName, d.protocol, d.model]);
      const r = groups.get(key) ?? { HoldName: d.holdName, Protocol: d.protocol, Model: d.model, Count: 0 };
      r.Count = (r.Count as number) + 1;
      groups.set(key, r);
    }
    return [...groups.values()];
  },
};

/** Devices added per month of the period (the caller's calendar), per unit. */
export const newDevices: ReportDef = {
  type: 'newDevices',
  name: { zh: '新增设备', en: 'New devices per month', fr: 'Nouveaux appareils par mois' },
  period: true,
  columns: ['Month', 'HoldName', 'Count'],
  chart: { kind: 'bar', x: 'Month', y: 'Count' },
  sort: ['Month', 'asc'],
  async rows(ctx) {
    const groups = new Map<string, Row>();
    for (const d of ctx.devices) {
      const at = new Date(d.createdAt);
      if (at < ctx.from || at > ctx.to) continue;
      const month = formatInZone(at, ctx.zone).slice(0, 7);
      const key = `${month}|${d.holdName}`;
      const r = groups.get(key) ?? { Month: month, HoldName: d.holdName, Count: 0 };
      r.Count = (r.Count as number) + 1;
      groups.set(key, r);
    }
    return [...groups.values()];
  },
};

/** A jump in the fuel level between two fixes at least this large (litres) is a refuel or a drain, not sensor noise. */
export const FUEL_JUMP_LITRES = 5;

/**
 * Fuel (VIP-only, spec section 6): per device and day of the caller's zone, the level at the first and last fix, the
 * lowest, and the refuels and drains (jumps of FUEL_JUMP_LITRES or more between consecutive fixes). Devices that send
 * no fuel level have no rows.
 */
export const fuel: ReportDef = {
  type: 'fuel',
  name: { zh: '油量报表', en: 'Fuel level, refuel and drain', fr: 'Carburant, pleins et vidanges' },
  period: true,
  vipOnly: true,
  background: true,
  columns: ['Date', 'DeviceID', 'DeviceName', 'HoldName', 'FuelStart', 'FuelEnd', 'FuelMin', 'Refuel', 'Drain'],
  chart: { kind: 'bar', x: 'Date', y: 'Refuel' },
  sort: ['Date', 'asc'],
  async rows(ctx) {
    const levels = await ctx.repo.fuelLevels(
      ctx.devices.map((d) => d.pk),
      ctx.from,
      ctx.to,
    );
    const device = new Map(ctx.devices.map((d) => [d.pk, d]));
    const rows = new Map<string, Row>();
    let prev: { pk: number; fuel: number } | undefined;
    for (const l of levels) {
      const day = formatInZone(new Date(l.time), ctx.zone).slice(0, 10);
      const key = `${l.pk}|${day}`;
      let r = rows.get(key);
      if (!r) {
        r = { Date: day, ...deviceCells(device.get(l.pk)!), FuelStart: l.fuel, FuelMin: l.fuel, Refuel: 0, Drain: 0 };
        rows.set(key, r);
      }
      r.FuelEnd = l.fuel;
      r.FuelMin = Math.min(r.FuelMin as number, l.fuel);
      const jump = prev?.pk === l.pk ? l.fuel - prev.fuel : 0;
      if (jump >= FUEL_JUMP_LITRES) r.Refuel = Math.round(((r.Refuel as number) + jump) * 10) / 10;
      if (jump <= -FUEL_JUMP_LITRES) r.Drain = Math.round(((r.Drain as number) - jump) * 10) / 10;
      prev = { pk: l.pk, fuel: l.fuel };
    }
    return [...rows.values()];
  },
};
