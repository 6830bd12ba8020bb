import { type CellTower, parseCells, parseWifi } from '@lodestar/protocols';

/**
 * The monitor's device detail from the latest fix's decoded attributes (pure, so every codec's shape
 * is tested without a database): oil, positioning (GPS, or the cells / Wi-Fi it was located by) and
 * tyre pressures. Attribute shapes: packages/protocols README.
 */

export interface CellRow {
  MCC: number;
  MNC: number;
  LAC: number;
  CellID: number;
  Signal?: number;
}
export interface WifiRow {
  MAC: string;
  RSSI: number;
}
export interface Positioning {
  Type: 'gps' | 'lbs' | 'wifi';
  Cells: CellRow[];
  Wifi: WifiRow[];
}
export interface TireRow {
  /** 1-based, from the front, left to right (JT/T 808-2019 table 27). */
  Position: number;
  PressureKPa: number;
}
export interface AttributeDetail {
  Oil: number | null;
  Positioning: Positioning;
  Tires: TireRow[] | null;
}

/** JT/T 808-2019 table 27, item 0x05: a surplus (no sensor) position is 0xFF. */
export const NO_TYRE = 0xff;

type Attributes = Record<string, unknown>;
const finite = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Teltonika's operator code: MCC (3 digits) then MNC ("24602" → 246, 2). */
function operatorCode(v: unknown): { mcc: number; mnc: number } | undefined {
  const digits = String(finite(v) ?? '');
  if (!/^\d{4,6}$/.test(digits)) return undefined;
  return { mcc: Number(digits.slice(0, 3)), mnc: Number(digits.slice(3)) };
}

/** The serving cell given as numbers (GT06 mcc/mnc/lac/cellId; Teltonika lac/cellId + operator). */
function servingCell(a: Attributes): CellTower | undefined {
  const lac = finite(a.lac);
  const cid = finite(a.cellId);
  const op = operatorCode(a.operator);
  const mcc = finite(a.mcc) ?? op?.mcc;
  const mnc = finite(a.mnc) ?? op?.mnc;
  if (lac === undefined || cid === undefined || mcc === undefined || mnc === undefined) return undefined;
  return { mcc, mnc, lac, cid };
}

export function cellsOf(a: Attributes): CellRow[] {
  const towers = typeof a.cells === 'string' ? parseCells(a.cells) : [];
  const serving = servingCell(a);
  if (serving) towers.unshift(serving);
  const seen = new Set<string>();
  const out: CellRow[] = [];
  for (const t of towers) {
    const key = `${t.mcc}/${t.mnc}/${t.lac}/${t.cid}`;
    // A device without a network reports zeros.
    if (seen.has(key) || (t.lac === 0 && t.cid === 0)) continue;
    seen.add(key);
    out.push({
      MCC: t.mcc,
      MNC: t.mnc,
      LAC: t.lac,
      CellID: t.cid,
      ...(t.rssi === undefined ? {} : { Signal: t.rssi }),
    });
  }
  return out;
}

export function wifiOf(a: Attributes): WifiRow[] {
  return typeof a.wifi === 'string' ? parseWifi(a.wifi).map((w) => ({ MAC: w.mac, RSSI: w.rssi })) : [];
}

/**
 * JT/T 808 `tyrePressure`: one byte per wheel. The table names Pa, which one byte cannot carry for any
 * tyre (255 Pa = 0.26 kPa); a byte is read as kPa (0-254 kPa, passenger tyres). 0xFF positions are skipped.
 */
export function tiresOf(a: Attributes): TireRow[] | null {
  if (typeof a.tyrePressure !== 'string' || a.tyrePressure === '') return null;
  const rows: TireRow[] = [];
  a.tyrePressure.split(',').forEach((v, i) => {
    const value = Number(v);
    if (v.trim() !== '' && Number.isInteger(value) && value >= 0 && value < NO_TYRE)
      rows.push({ Position: i + 1, PressureKPa: value });
  });
  return rows.length ? rows : null;
}

/** Fuel in litres: JT/T 808 item 0x02 (1/10 L), OsmAnd's `fuel` parameter. */
export function oilOf(a: Attributes): number | null {
  const fuel = finite(a.fuel);
  return fuel === undefined || fuel < 0 ? null : Math.round(fuel * 10) / 10;
}

/** `valid`: whether the latest state's fix is a GPS fix. Without one, located by Wi-Fi when there is Wi-Fi, else LBS. */
export function attributeDetail(attributes: Attributes | null, valid: boolean | null): AttributeDetail {
  const a = attributes ?? {};
  const Cells = cellsOf(a);
  const Wifi = wifiOf(a);
  const Type = valid ? 'gps' : Wifi.length ? 'wifi' : 'lbs';
  return { Oil: oilOf(a), Positioning: { Type, Cells, Wifi }, Tires: tiresOf(a) };
}
