import { DEFAULT_APP_ID } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/** What a list export test compares: the sheet read back, and the download-centre entry. */
export interface ExportedSheet {
  fileName: string;
  header: unknown[];
  rows: unknown[][];
}

type Download = { FileID: number; FileName: string; Status: number };

/**
 * Starts an export, waits for the download centre to call it Ready (1), fetches the file and
 * reads it back with exceljs. Empty cells come back as ''.
 */
export async function exportAndRead(
  t: TestApp,
  token: string,
  path: string,
  body: object,
  lang = 'en',
): Promise<ExportedSheet> {
  const started = await t.call<{ FileID: number }>('POST', path, { token, body, lang });
  expect({ path, code: started.code, msg: started.msg }).toEqual({ path, code: 200, msg: started.msg });
  const fileId = started.data.FileID;
  let done: Download | undefined;
  for (let i = 0; i < 400 && !done; i++) {
    const list = await t.call<{ rows: Download[] }>('GET', 'Download/GetDownloadList', {
      token,
      query: { PageIndex: '1', PageSize: '50' },
    });
    const row = list.data.rows.find((d) => d.FileID === fileId);
    if (row && row.Status !== 0) done = row;
    else await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(done?.Status).toBe(1);
  const raw = await t.app.inject({
    method: 'GET',
    url: '/API/api/Download/GetFile',
    query: { format: 'json', appid: DEFAULT_APP_ID, FileID: String(fileId) },
    headers: { authorization: token },
  });
  expect(raw.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const width = sheet.getRow(1).cellCount;
  const all: unknown[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    all.push(Array.from({ length: width }, (_, i) => values[i] ?? ''));
  });
  const [header = [], ...rows] = all;
  return { fileName: done!.FileName, header, rows };
}

/** Every row of a paged list call, page after page, in the list's order. */
export async function listAll<T>(
  t: TestApp,
  token: string,
  path: string,
  body: object,
  paging: [string, string] = ['PageIndex', 'PageSize'],
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const r = await t.call<{ rows: T[]; total: number }>('POST', path, {
      token,
      body: { ...body, [paging[0]]: page, [paging[1]]: 500 },
    });
    expect({ path, code: r.code, msg: r.msg }).toEqual({ path, code: 200, msg: r.msg });
    rows.push(...r.data.rows);
    if (r.data.rows.length < 500) return rows;
  }
}

/** Picks the named columns of the sheet's rows, so a test can compare them with the list's fields. */
export function columns(sheet: ExportedSheet, names: string[]): unknown[][] {
  const index = names.map((n) => {
    const i = sheet.header.indexOf(n);
    expect({ column: n, found: i >= 0 }).toEqual({ column: n, found: true });
    return i;
  });
  return sheet.rows.map((row) => index.map((i) => row[i]));
}
