import { randomBytes } from 'node:crypto';
import { cardTypes, operators, simPackages, sims, suppliers } from '@lodestar/db';
import { DEFAULT_APP_ID, SimState, withLuhn } from '@lodestar/domain';
import type { LightMyRequestResponse } from 'fastify';
import type { Reply, TestApp } from '../../test/harness.ts';

/** A 20-digit ICCID with a valid check digit: 8986 + issuer 00 + serial. */
export const iccid = (serial: number, prefix = '898600') => withLuhn(`${prefix}${String(serial).padStart(13, '0')}`);

/**
 * Catalogue rows written straight to the tables: the catalogue calls belong to another module.
 * Two carriers so "a package of another carrier" can be tested.
 */
export async function buildCatalogue(t: TestApp, hold: { id: number }, tag = '') {
  const db = t.database.db;
  const [mobile, unicom] = await db
    .insert(operators)
    .values([
      { holdId: hold.id, name: `中国移动${tag}` },
      { holdId: hold.id, name: `中国联通${tag}` },
    ])
    .returning();
  const [nano] = await db
    .insert(cardTypes)
    .values([{ holdId: hold.id, name: `Nano${tag}`, operatorId: null }])
    .returning();
  const [mobilePkg, unicomPkg] = await db
    .insert(simPackages)
    .values([
      { holdId: hold.id, name: `移动30M${tag}`, operatorId: mobile!.id, periodMonths: 12, dataMb: 30, priceFen: 2400 },
      { holdId: hold.id, name: `联通30M${tag}`, operatorId: unicom!.id, periodMonths: 12, dataMb: 30, priceFen: 2000 },
    ])
    .returning();
  const [supplier] = await db
    .insert(suppliers)
    .values([{ holdId: hold.id, name: `供应商${tag}`, operatorId: mobile!.id }])
    .returning();
  return {
    mobile: mobile!,
    unicom: unicom!,
    nano: nano!,
    mobilePkg: mobilePkg!,
    unicomPkg: unicomPkg!,
    supplier: supplier!,
  };
}
export type Catalogue = Awaited<ReturnType<typeof buildCatalogue>>;

/** SIMs written straight to the table, for list, outbound and export tests. */
export async function insertSims(
  t: TestApp,
  cat: Catalogue,
  holdId: number,
  rows: Partial<typeof sims.$inferInsert>[],
): Promise<(typeof sims.$inferSelect)[]> {
  return t.database.db
    .insert(sims)
    .values(
      rows.map((r) => ({
        iccid: iccid(Number.parseInt(randomBytes(5).toString('hex'), 16)),
        operatorId: cat.mobile.id,
        supplierId: cat.supplier.id,
        holdId,
        state: SimState.InStock,
        balanceFen: 10_000,
        ...r,
      })),
    )
    .returning();
}

/** FileManage/UploadFile through a hand-built multipart body, as a browser's FormData sends it. */
export async function upload(
  t: TestApp,
  token: string,
  fileName: string,
  content: Buffer,
  field = 'file',
): Promise<Reply<{ FileID: number; FileName: string; Size: number }> & { raw: LightMyRequestResponse }> {
  const boundary = `----lodestar${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const raw = await t.app.inject({
    method: 'POST',
    url: '/API/api/FileManage/UploadFile',
    query: { format: 'json', appid: DEFAULT_APP_ID },
    headers: {
      authorization: token,
      'accept-language': 'en',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { ...(raw.json() as Reply<{ FileID: number; FileName: string; Size: number }>), raw };
}

/** GET a file call (template, download) and return its bytes and headers. */
export async function getFile(t: TestApp, token: string, path: string, query: Record<string, string> = {}) {
  const raw = await t.app.inject({
    method: 'GET',
    url: `/API/api/${path}`,
    query: { format: 'json', appid: DEFAULT_APP_ID, ...query },
    headers: { authorization: token },
  });
  return { status: raw.statusCode, headers: raw.headers, body: raw.rawPayload, raw };
}
