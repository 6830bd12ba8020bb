import { Fn, type Language } from '@lodestar/domain';
import { forbidden } from '../../lib/errors.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { ExportColumn, Exporter } from './exporter.ts';

/**
 * The list exports of the SIM administration screens (docs/SIM-API.md, "Exports"): each module
 * describes its columns and hands over its own list call, paged; this writes them through the
 * download centre's Exporter, so the sheet holds exactly the rows the list shows, in its order.
 */

export type Texts = Record<Language, string>;
/** [header per language, width, value as the list shows it]; the order is the sheet's column order. */
export type ColumnSpec<T> = [Texts, number, (row: T, lang: Language) => string | number | null];

export const EXPORT_PAGE = 2000;

/** An export needs the list's own function (the route's config) and the export function (44). */
export function requireExport(auth: AuthContext): void {
  if (!auth.funs.has(Fn.export)) throw forbidden();
}

export function columnsIn<T>(specs: ColumnSpec<T>[], lang: Language): ExportColumn<T>[] {
  return specs.map(([header, width, value]) => ({ header: header[lang], width, value: (r) => value(r, lang) }));
}

/** "运营商-20261121-093000.xlsx", the time in the caller's zone. */
export function stampedFileName(stem: string, timeZone: string): string {
  const stamp = formatInZone(new Date(), timeZone).replace(/-/g, '').replace(' ', '-').replace(/:/g, '');
  return `${stem}-${stamp}.xlsx`;
}

export interface ListExport<T> {
  /** The file name's stem and the sheet's name (≤ 31 characters, Excel's limit). */
  name: Texts;
  columns: ColumnSpec<T>[];
  /** The list call itself, one page (1-based) at a time. */
  page: (pageIndex: number, pageSize: number) => Promise<{ rows: T[]; total: number }>;
}

/**
 * Starts the export and answers its download-centre entry. The first page is read before the
 * entry is made, so a refused filter (another hold's id, a bad time range) answers this call
 * instead of leaving a failed file behind.
 */
export async function startListExport<T>(
  exporter: Exporter,
  auth: AuthContext,
  lang: Language,
  spec: ListExport<T>,
): Promise<{ FileID: number }> {
  const first = await spec.page(1, EXPORT_PAGE);
  const FileID = await exporter.start({
    userId: auth.userId,
    fileName: stampedFileName(spec.name[lang], auth.timeZone),
    sheetName: spec.name[lang].slice(0, 31),
    columns: columnsIn(spec.columns, lang),
    total: first.total,
    async *pages() {
      yield first.rows;
      if (first.rows.length < EXPORT_PAGE) return;
      for (let pageIndex = 2; ; pageIndex++) {
        const { rows } = await spec.page(pageIndex, EXPORT_PAGE);
        yield rows;
        if (rows.length < EXPORT_PAGE) return;
      }
    },
  });
  return { FileID };
}
