/**
 * Money (DESIGN.md: integer fen, never floating point). Prices are integer fen on the wire and in the database; people read and type yuan. The
 * conversion works on the decimal text, never through floating point, so '24.5' is 2450 and
 * '0.29' is 29 (0.29 * 100 is 28.999999999999996 in binary floating point).
 */
/** Up to 9 999 999.99 yuan, well inside the server's PriceFen limit. */
export const YUAN_RE = /^\d{1,7}(?:\.\d{0,2})?$/;

/** Yuan text (at most 2 decimals) → integer fen; null when the text is not a price. */
export function parseYuanToFen(text: string): number | null {
  const s = text.trim();
  if (!YUAN_RE.test(s)) return null;
  const [whole = '0', frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Integer fen → yuan with 2 decimals ('24.50'). */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
