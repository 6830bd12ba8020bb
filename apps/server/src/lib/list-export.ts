import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FileIdReply } from '@lodestar/contract/common';
import { Fn, type Language } from '@lodestar/domain';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Type } from 'typebox';
import type { AuthContext } from '../plugins/auth.ts';
import { forbidden } from './errors.ts';
import type { ExportColumn, Exporter } from './exporter.ts';
import { formatInZone } from './time.ts';

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

/** An Export… call's route options: its function ids (config) and documented body; the reply is always FileIdReply. */
export interface ListExportOptions<B extends Type.TSchema> {
  config: FastifyContextConfig;
  schema: { tags: string[]; description?: string; body: B };
}

type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * Registers an Export… call: the export function (44) on top of the route's own (its config),
 * then the list started into the download centre, answered with its FileID. `spec` names the sheet
 * and its columns and pages through the list call with the request's filters.
 */
export function listExportRoute<B extends Type.TSchema, T>(
  app: TypedApp,
  exporter: Exporter,
  url: string,
  options: ListExportOptions<B>,
  spec: (req: { auth: AuthContext; lang: Language; body: Type.Static<B> }) => ListExport<T>,
): void {
  const schema = { ...options.schema, response: { 200: FileIdReply } };
  app.post(url, { config: options.config, schema }, async (req, reply) => {
    requireExport(req.auth);
    const list = spec({ auth: req.auth, lang: req.lang, body: req.body as Type.Static<B> });
    return reply.ok(await startListExport(exporter, req.auth, req.lang, list));
  });
}
