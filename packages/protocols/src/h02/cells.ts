import { type CellTower, formatCells } from '../common/network.ts';

/** H02 cell-tower reports → the common `cells` text (common/network.ts). `f` is the comma-split sentence. */

const int = (v: string | undefined) => (v !== undefined && /^-?\d+$/.test(v.trim()) ? Number(v) : undefined);

function towers(mcc: number | undefined, mnc: number | undefined, rows: (string | undefined)[][]): string {
  if (mcc === undefined || mnc === undefined) return '';
  const out: CellTower[] = [];
  for (const [lac, cid, rssi] of rows) {
    const l = int(lac);
    const c = int(cid);
    if (l !== undefined && c !== undefined) out.push({ mcc, mnc, lac: l, cid: c, rssi: int(rssi) });
  }
  return formatCells(out);
}

/** NBR: hhmmss, mcc, mnc, timing advance, count, count × (lac, cid, rssi), ddmmyy, status. */
export function nbrCells(f: string[]): string {
  const count = Math.min(int(f[7]) ?? 0, Math.floor((f.length - 8) / 3));
  const rows = Array.from({ length: Math.max(0, count) }, (_, i) => f.slice(8 + i * 3, 11 + i * 3));
  return towers(int(f[4]), int(f[5]), rows);
}

/** V3: hhmmss, MCC (3 digits) + MNC in one field, count, count × (lac, cid, ?, ?), battery, …, X, ddmmyy, status. */
export function v3Cells(f: string[]): string {
  const mccMnc = f[4] ?? '';
  if (!/^\d{4,}$/.test(mccMnc)) return '';
  const count = Math.min(int(f[5]) ?? 0, Math.floor((f.length - 6) / 4));
  const rows = Array.from({ length: Math.max(0, count) }, (_, i) => f.slice(6 + i * 4, 8 + i * 4));
  return towers(Number(mccMnc.slice(0, 3)), Number(mccMnc.slice(3)), rows);
}

/** VP1 without a fix: V, mcc, mnc, then "lac,cid,rssi" groups separated by 'Y'. */
export function vp1Cells(f: string[]): string {
  const rows = f
    .slice(6)
    .join(',')
    .split('Y')
    .map((group) => group.split(','));
  return towers(int(f[4]), int(f[5]), rows);
}
