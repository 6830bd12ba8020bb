import { devices, vehicles } from '@lodestar/db';
import { DEFAULT_APP_ID } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import type { TestApp } from '../../test/harness.ts';

export { upload } from '../sims/test-fixtures.ts';

export type Cell = string | number | Date | null;

/** An .xlsx of these rows on its first sheet (the first row is the header). */
export async function xlsx(rows: Cell[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The first sheet's header row of an .xlsx. */
export async function headerRow(bytes: Buffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return (wb.worksheets[0]!.getRow(1).values as string[]).slice(1);
}

/** GET a template in a language: its bytes and headers. */
export async function getTemplate(t: TestApp, token: string, path: string, lang: string, query = {}) {
  const raw = await t.app.inject({
    method: 'GET',
    url: `/API/api/${path}`,
    query: { format: 'json', appid: DEFAULT_APP_ID, ...query },
    headers: { authorization: token, 'accept-language': lang },
  });
  return { status: raw.statusCode, headers: raw.headers, body: raw.rawPayload };
}

/** Devices written straight to the table (the devices module owns Device/AddDevice). */
export async function insertDevice(
  t: TestApp,
  holdId: number,
  deviceId: string,
  more: Partial<typeof devices.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(devices)
    .values({ deviceId, protocol: 'gt06', holdId, ...more })
    .returning();
  return row!;
}

export async function insertVehicle(
  t: TestApp,
  holdId: number,
  plate: string,
  more: Partial<typeof vehicles.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(vehicles)
    .values({ holdId, plate, ...more })
    .returning();
  return row!;
}

/** A 15-digit IMEI made unique per test run's prefix. */
export const imei = (prefix: number, n: number) => `86${String(prefix).padStart(3, '0')}${String(n).padStart(10, '0')}`;
