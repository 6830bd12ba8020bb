import { readFile, stat } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { SIM_RULES } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { AppError, badRequest } from './errors.ts';

/**
 * Reading uploaded spreadsheets (.xlsx or .csv) into rows of named text cells: the SIM import and
 * the supplier bill share it. The first non-empty line is the header, matched against the accepted
 * names of each field; the field `required` must have a column.
 */

/** One data row, every cell as text. */
export interface SheetRow<F extends string> {
  /** Spreadsheet row number (header = 1). */
  row: number;
  cells: Partial<Record<F, string>>;
  /** Cells Excel stored as a number too long to keep every digit (an ICCID typed into a General cell). */
  lossy: Set<F>;
}

/** Header names are compared lower-cased, without spaces, dashes, underscores, stars or brackets. */
const headerKey = (text: string) => text.toLowerCase().replace(/[\s_\-*()（）]/g, '');

/** The field each accepted header name stands for. */
export function headerLookup<F extends string>(names: Record<F, string[]>): (header: string) => F | undefined {
  const map = new Map<string, F>();
  for (const [field, list] of Object.entries(names) as [F, string[]][]) for (const n of list) map.set(n, field);
  return (header) => map.get(headerKey(header));
}

/** Limits applied while a sheet is read; the defaults are the import's. */
export interface SheetLimits {
  /** Data rows (after the header); one more is refused with importTooManyRows. */
  maxRows?: number;
  /** The file itself (the upload's limit). */
  maxFileBytes?: number;
  /** What the .xlsx (a zip) may unpack to, all the parts read together. */
  maxUnpackedBytes?: number;
}

/** What one read consumed: lets a caller (and the tests) see that a refused file was not read whole. */
export interface SheetReadStats {
  /** Lines taken from the file, empty ones and the header included. */
  lines: number;
  /** Bytes unpacked from the .xlsx zip (0 for a .csv). */
  unpackedBytes: number;
  /** When given, filled with each recognised field's header as the file writes it (row errors name it). */
  headers?: Record<string, string>;
}

/**
 * An .xlsx of the import's 10,000 rows and twenty columns unpacks to about 20 MB of XML; a zip bomb of
 * 10 MB unpacks to gigabytes.
 */
export const SHEET_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

/** Reads the upload by its name's extension: .xlsx (first sheet) or .csv; stops at the first limit it passes. */
export async function readSheetRows<F extends string>(
  filePath: string,
  fileName: string,
  lookup: (header: string) => F | undefined,
  required: F,
  limits: SheetLimits = {},
  stats: SheetReadStats = { lines: 0, unpackedBytes: 0 },
): Promise<SheetRow<F>[]> {
  const maxFileBytes = limits.maxFileBytes ?? SIM_RULES.uploadMaxBytes;
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext !== 'xlsx' && ext !== 'csv') throw badRequest('importFileType', fileName);
  if ((await stat(filePath)).size > maxFileBytes) throw badRequest('uploadTooLarge', String(maxFileBytes / 2 ** 20));
  const collector = new RowCollector(lookup, required, limits.maxRows ?? SIM_RULES.importMaxRows, stats);
  if (ext === 'csv') {
    for (const line of csvLines(await readFile(filePath))) collector.add(line);
  } else {
    await readXlsx(filePath, limits.maxUnpackedBytes ?? SHEET_MAX_UNPACKED_BYTES, stats, (line) => collector.add(line));
  }
  return collector.rows;
}

type Cell = { text: string; lossy: boolean };
type Line = { row: number; cells: Cell[] };

function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return { text: '', lossy: false };
  if (typeof value === 'string') return { text: value.trim(), lossy: false };
  if (typeof value === 'number') {
    return { text: String(value), lossy: Math.abs(value) > Number.MAX_SAFE_INTEGER };
  }
  if (typeof value === 'boolean') return { text: String(value), lossy: false };
  // Excel dates are read as UTC midnight of the calendar day.
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), lossy: false };
  if ('richText' in value)
    return {
      text: value.richText
        .map((r) => r.text)
        .join('')
        .trim(),
      lossy: false,
    };
  if ('formula' in value || 'sharedFormula' in value)
    return cellOf((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return cellOf(value.text as ExcelJS.CellValue);
  return { text: '', lossy: false };
}

/** The parts of exceljs 4.4.0's WorkbookReader that read one zip entry each (not in its typings). */
interface WorkbookParts {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseWorksheet(entry: Readable, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>;
}

class UnpackedTooLarge extends Error {}

/**
 * The first sheet, row by row, stopping as soon as `onLine` throws (the row limit). exceljs' own streaming
 * reader takes the zip's parts in file order, and Excel writes the shared strings after the sheets: it then
 * unpacks the whole sheet into a temporary file before the first row. Opening the zip by its directory lets
 * the workbook, styles (they mark a number cell as a date) and shared strings be read first and the sheet
 * streamed straight into the row reader; every part passes through one count of unpacked bytes.
 */
async function readXlsx(
  filePath: string,
  maxUnpackedBytes: number,
  stats: SheetReadStats,
  onLine: (line: Line) => void,
): Promise<void> {
  // The file is at most the upload's 10 MB; in memory, an abandoned part stream holds no descriptor.
  let entries: unzipper.File[];
  try {
    entries = (await unzipper.Open.buffer(await readFile(filePath))).files;
  } catch {
    throw badRequest('importUnreadable');
  }
  const part = (path: string) => {
    const entry = entries.find((e) => e.path === path);
    if (!entry) return undefined;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        stats.unpackedBytes += chunk.length;
        done(stats.unpackedBytes > maxUnpackedBytes ? new UnpackedTooLarge() : null, chunk);
      },
    });
    return entry
      .stream()
      .on('error', (err) => counter.destroy(err))
      .pipe(counter);
  };
  const book = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as WorkbookParts;
  try {
    const rels = part('xl/_rels/workbook.xml.rels');
    const workbook = part('xl/workbook.xml');
    if (!rels || !workbook) throw badRequest('importUnreadable');
    await book._parseRels(rels);
    await book._parseWorkbook(workbook);
    const styles = part('xl/styles.xml');
    if (styles) await book._parseStyles(styles);
    const strings = part('xl/sharedStrings.xml');
    // Cached, not emitted: the loop only drives the reading.
    if (strings) for await (const _ of book._parseSharedStrings(strings));
    const first = book.model?.sheets?.[0];
    const target = book.workbookRels?.find((r) => r.Id === first?.rId)?.Target ?? 'worksheets/sheet1.xml';
    const sheetPath = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    const sheet = part(sheetPath);
    const sheetNo = /sheet(\d+)\.xml$/.exec(sheetPath)?.[1];
    if (!sheet || !sheetNo) throw badRequest('importUnreadable');
    for (const { value: rows } of book._parseWorksheet(sheet, sheetNo)) {
      // Leaving the loop (a limit passed) destroys the sheet's stream: the rest is never unpacked.
      for await (const row of rows) {
        // exceljs rows are 1-based: index 0 is always empty.
        const values = row.values as ExcelJS.CellValue[];
        onLine({ row: row.number, cells: Array.from(values.slice(1), (v) => cellOf(v ?? null)) });
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof UnpackedTooLarge) throw badRequest('importUnpackedTooLarge', String(maxUnpackedBytes / 2 ** 20));
    throw badRequest('importUnreadable');
  }
}

/** RFC 4180 CSV; the separator is whichever of , ; or tab the header line uses most. */
export function parseCsv(text: string): string[][] {
  return [...csvRecords(text)];
}

/** The records one by one, so a reader can stop at its row limit without splitting the rest. */
function* csvRecords(text: string): Generator<string[]> {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = [',', ';', '\t'].reduce((best, c) =>
    firstLine.split(c).length > firstLine.split(best).length ? c : best,
  );
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      yield row;
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    yield row;
  }
}

/** UTF-8 when it decodes cleanly, else GB18030: what Chinese Excel writes for "CSV". */
export function decodeCsv(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gb18030').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

function* csvLines(bytes: Buffer): Generator<Line> {
  let row = 0;
  for (const cells of csvRecords(decodeCsv(bytes))) {
    row++;
    // A number Excel wrote in scientific notation lost its digits before the CSV was saved.
    yield { row, cells: cells.map((c) => ({ text: c.trim(), lossy: /^\d(\.\d+)?E\+\d+$/i.test(c.trim()) })) };
  }
}

/**
 * Lines in, rows out: the first non-empty line is the header, empty lines after it are skipped, and the
 * data row past `maxRows` throws at once, so the reader stops there.
 */
class RowCollector<F extends string> {
  readonly rows: SheetRow<F>[] = [];
  private columns: (F | undefined)[] | undefined;

  constructor(
    private readonly lookup: (header: string) => F | undefined,
    private readonly required: F,
    private readonly maxRows: number,
    private readonly stats: SheetReadStats,
  ) {}

  add(line: Line): void {
    this.stats.lines++;
    if (!line.cells.some((c) => c.text !== '')) return;
    if (!this.columns) {
      this.columns = line.cells.map((c) => this.lookup(c.text));
      const headers = this.stats.headers;
      if (headers)
        this.columns.forEach((f, i) => {
          if (f && !(f in headers)) headers[f] = line.cells[i]!.text;
        });
      if (!this.columns.includes(this.required)) throw badRequest('importNoIccidColumn');
      return;
    }
    if (this.rows.length === this.maxRows) throw badRequest('importTooManyRows', String(this.maxRows));
    const cells: SheetRow<F>['cells'] = {};
    const lossy = new Set<F>();
    this.columns.forEach((field, i) => {
      const cell = line.cells[i];
      if (!field || !cell) return;
      cells[field] = cell.text;
      if (cell.lossy) lossy.add(field);
    });
    this.rows.push({ row: line.row, cells, lossy });
  }
}
