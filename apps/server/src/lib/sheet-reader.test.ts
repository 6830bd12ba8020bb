import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SIM_RULES } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { headerLookup, readSheetRows, type SheetReadStats } from './sheet-reader.ts';

/** Far more rows than an import takes: the row bomb of the issue, scaled down to stay quick to generate. */
const BOMB_ROWS = 200_000;
const LIMIT = SIM_RULES.importMaxRows;
const lookup = headerLookup({ ICCID: ['iccid'], MSISDN: ['msisdn'] });

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lodestar-sheet-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A workbook written the way Excel lays it out: shared strings after the sheet in the zip. */
async function bombXlsx(file: string, rows: number): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
  const ws = wb.addWorksheet('SIM');
  ws.addRow(['ICCID', 'MSISDN']).commit();
  for (let i = 0; i < rows; i++) ws.addRow([89860000000000000000 + i, 1440000000 + i]).commit();
  ws.commit();
  await wb.commit();
}

async function refusal(read: Promise<unknown>): Promise<AppError> {
  const err = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('sheet reader limits', () => {
  it(`refuses a ${BOMB_ROWS}-row .xlsx at the row limit without unpacking the rest of the sheet`, async () => {
    const file = path.join(dir, 'bomb.xlsx');
    await bombXlsx(file, BOMB_ROWS);
    const zip = await unzipper.Open.file(file);
    const sheetBytes = zip.files.find((f) => f.path === 'xl/worksheets/sheet1.xml')!.uncompressedSize;
    const stats: SheetReadStats = { lines: 0, unpackedBytes: 0 };
    const err = await refusal(readSheetRows(file, 'bomb.xlsx', lookup, 'ICCID', {}, stats));
    expect(err).toMatchObject({ key: 'importTooManyRows', detail: String(LIMIT) });
    // The header, the limit's rows and the one past it; then reading stopped.
    expect(stats.lines).toBe(LIMIT + 2);
    expect(stats.unpackedBytes).toBeLessThan(sheetBytes / 10);
  });

  it(`refuses a ${BOMB_ROWS}-line .csv at the row limit, splitting no line after it`, async () => {
    const file = path.join(dir, 'bomb.csv');
    const lines = Array.from({ length: BOMB_ROWS }, (_, i) => `898600000000${String(i).padStart(8, '0')},1`);
    await writeFile(file, `ICCID,MSISDN\n${lines.join('\n')}\n`);
    const stats: SheetReadStats = { lines: 0, unpackedBytes: 0 };
    const err = await refusal(readSheetRows(file, 'bomb.csv', lookup, 'ICCID', {}, stats));
    expect(err).toMatchObject({ key: 'importTooManyRows', detail: String(LIMIT) });
    expect(stats.lines).toBe(LIMIT + 2);
  });

  it('reads exactly the limit, skipping empty lines, and refuses what unpacks past its byte limit', async () => {
    const file = path.join(dir, 'full.xlsx');
    await bombXlsx(file, LIMIT);
    const rows = await readSheetRows(file, 'full.xlsx', lookup, 'ICCID');
    expect(rows).toHaveLength(LIMIT);
    expect(rows[0]).toMatchObject({ row: 2, cells: { ICCID: '89860000000000000000', MSISDN: '1440000000' } });
    expect(rows[0]!.lossy).toEqual(new Set(['ICCID']));
    const err = await refusal(readSheetRows(file, 'full.xlsx', lookup, 'ICCID', { maxUnpackedBytes: 100_000 }));
    expect(err).toMatchObject({ key: 'importUnpackedTooLarge' });
    const csv = path.join(dir, 'gaps.csv');
    await writeFile(csv, 'ICCID\n\n1\n,\n2\n3\n');
    const short = await refusal(readSheetRows(csv, 'gaps.csv', lookup, 'ICCID', { maxRows: 2 }));
    expect(short).toMatchObject({ key: 'importTooManyRows', detail: '2' });
    expect((await readSheetRows(csv, 'gaps.csv', lookup, 'ICCID', { maxRows: 3 })).map((r) => r.row)).toEqual([
      3, 5, 6,
    ]);
  });

  it('refuses a file larger than the upload limit before reading it', async () => {
    const file = path.join(dir, 'big.csv');
    await writeFile(file, 'ICCID\n1\n');
    const err = await refusal(readSheetRows(file, 'big.csv', lookup, 'ICCID', { maxFileBytes: 4 }));
    expect(err).toMatchObject({ key: 'uploadTooLarge' });
  });
});
