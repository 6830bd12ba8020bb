import { withLuhn } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { decodeCsv, parseCsv } from '../../lib/sheet-reader.ts';
import { calendarDate, checkRows, type ImportContext } from './import-check.ts';
import type { RawRow } from './sheet.ts';

const row = (n: number, cells: RawRow['cells'], lossy: RawRow['lossy'] = new Set()): RawRow => ({
  row: n,
  cells,
  lossy,
});
const ctx = (over: Partial<ImportContext> = {}): ImportContext => ({
  operatorId: 1,
  packagesByName: new Map(),
  cardTypesByName: new Map(),
  stored: new Set(),
  storedMsisdns: new Set(),
  ...over,
});

describe('CSV reading', () => {
  it('splits quoted fields with separators, doubled quotes and line breaks inside', () => {
    expect(parseCsv('a,b,c\r\n"x, y","say ""hi""","two\nlines"\n1,,3')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
      ['1', '', '3'],
    ]);
  });

  it('picks the separator the header uses (semicolon from a French Excel, tab)', () => {
    expect(parseCsv('ICCID;Remark\n8986;a,b')).toEqual([
      ['ICCID', 'Remark'],
      ['8986', 'a,b'],
    ]);
    expect(parseCsv('ICCID\tRemark\n8986\tx')).toEqual([
      ['ICCID', 'Remark'],
      ['8986', 'x'],
    ]);
  });

  it('reads UTF-8 with or without a byte-order mark, and GB18030 from a Chinese Excel', () => {
    expect(decodeCsv(Buffer.from('\uFEFF卡号', 'utf8'))).toBe('卡号');
    // "卡号" in GBK/GB18030.
    expect(decodeCsv(Buffer.from([0xbf, 0xa8, 0xba, 0xc5]))).toBe('卡号');
  });
});

describe('import row checks', () => {
  const good = withLuhn('8986001234567890123');

  it('accepts lower-case issuer letters and spaces in an ICCID, storing it upper-cased', () => {
    const r = checkRows([row(2, { ICCID: ' 898604a1 2345 6789 0123 ' })], ctx());
    expect(r.errors).toEqual([]);
    expect(r.good[0]!.iccid).toBe('898604A123456789' + '0123');
  });

  it('reports several problems of one row, and counts the row once', () => {
    const r = checkRows([row(2, { ICCID: '123', MSISDN: 'abc', IMSI: '1', ExpiresOn: '2027-13-01' })], ctx());
    expect(r.failed).toBe(1);
    expect(r.errors.map((e) => [e.field, e.reason])).toEqual([
      ['ICCID', 'iccidLength'],
      ['MSISDN', 'msisdnFormat'],
      ['IMSI', 'imsiFormat'],
      ['ExpiresOn', 'dateFormat'],
    ]);
  });

  it('picks the package of the supplier’s carrier among same-named ones, nearest owner first', () => {
    const packagesByName = new Map([
      [
        '30M',
        [
          { id: 7, operatorId: 2 },
          { id: 8, operatorId: 1 },
          { id: 9, operatorId: 1 },
        ],
      ],
    ]);
    const r = checkRows([row(2, { ICCID: good, PackageName: '30M' })], ctx({ packagesByName }));
    expect(r.good[0]!.packageId).toBe(8);
    const other = checkRows([row(2, { ICCID: good, PackageName: '30M' })], ctx({ packagesByName, operatorId: 3 }));
    expect(other.errors[0]!.reason).toBe('packageCarrier');
  });

  it('takes a card type of any carrier, and the defaults when a cell is empty', () => {
    const cardTypesByName = new Map([['Nano', [{ id: 4, operatorId: null }]]]);
    const r = checkRows(
      [row(2, { ICCID: good, CardTypeName: 'Nano' }), row(3, { ICCID: withLuhn('8986001234567890124') })],
      ctx({ cardTypesByName, defaultCardType: { id: 5, operatorId: null }, defaultPackage: { id: 6, operatorId: 1 } }),
    );
    expect(r.good.map((g) => [g.cardTypeId, g.packageId])).toEqual([
      [4, 6],
      [5, 6],
    ]);
  });

  it('flags a cell Excel stored as a number that lost digits', () => {
    const r = checkRows([row(2, { ICCID: '89860012345678900000' }, new Set(['ICCID']))], ctx());
    expect(r.errors[0]!.reason).toBe('iccidAsNumber');
  });

  it('reads calendar dates in the usual spellings and refuses impossible ones', () => {
    expect(calendarDate('2027-2-3')).toBe('2027-02-03');
    expect(calendarDate('2027/02/28')).toBe('2027-02-28');
    expect(calendarDate('2027.12.31')).toBe('2027-12-31');
    expect(calendarDate('2027-02-29')).toBeNull();
    expect(calendarDate('31/12/2027')).toBeNull();
  });
});
