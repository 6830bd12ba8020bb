/**
 * Cell towers and Wi-Fi access points as the codecs put them in attributes, one text shape for every
 * protocol (the one OsmAnd / Traccar Client sends): `cells` = "mcc,mnc,lac,cid[,rssi];…" and
 * `wifi` = "mac,rssi;…". The serving cell alone may also come as numbers `mcc, mnc, lac, cellId`.
 */
export interface CellTower {
  mcc: number;
  mnc: number;
  lac: number;
  cid: number;
  rssi?: number | undefined;
}

export function formatCells(cells: readonly CellTower[]): string {
  return cells.map((c) => [c.mcc, c.mnc, c.lac, c.cid, ...(c.rssi === undefined ? [] : [c.rssi])].join(',')).join(';');
}

export function formatWifi(points: readonly { mac: string; rssi: number }[]): string {
  return points.map((w) => `${w.mac},${w.rssi}`).join(';');
}

const num = (v: string | undefined) => {
  const t = v?.trim() ?? '';
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : undefined;
};

/** The `cells` text back to towers; a part without four numbers is skipped. */
export function parseCells(text: string): CellTower[] {
  const out: CellTower[] = [];
  for (const part of text.split(';')) {
    const [mcc, mnc, lac, cid, rssi] = part.split(',').map(num);
    if (mcc === undefined || mnc === undefined || lac === undefined || cid === undefined) continue;
    out.push(rssi === undefined ? { mcc, mnc, lac, cid } : { mcc, mnc, lac, cid, rssi });
  }
  return out;
}

/** The `wifi` text back to access points; MACs as "AA:BB:CC:DD:EE:FF" (OsmAnd sends "00-14-22-…"). */
export function parseWifi(text: string): { mac: string; rssi: number }[] {
  const out: { mac: string; rssi: number }[] = [];
  for (const part of text.split(';')) {
    const [mac, rssi] = part.split(',');
    const level = num(rssi);
    if (!mac?.trim() || level === undefined) continue;
    out.push({ mac: mac.trim().replaceAll('-', ':').toUpperCase(), rssi: level });
  }
  return out;
}
