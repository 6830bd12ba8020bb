/**
 * Checks of the identity numbers the info forms and imports take, shared by server and console so a form and
 * an import row refuse the same thing. Each answers the reason key (locale `identity.*`) or null when valid.
 */

const VIN_CHARS = /^[A-HJ-NPR-Z0-9]{17}$/;
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
// ISO 3779 transliteration: digits are themselves, letters 1–9 by groups (I, O and Q never appear).
const VIN_VALUE: Record<string, number> = Object.fromEntries(
  [...'ABCDEFGH']
    .map((c, i) => [c, i + 1])
    .concat(
      [...'JKLMN'].map((c, i) => [c, i + 1]),
      [['P', 7]],
      [['R', 9]],
      [...'STUVWXYZ'].map((c, i) => [c, i + 2]),
      [...'0123456789'].map((c) => [c, Number(c)]),
    ),
);

/** The check digit (position 9) a VIN must carry, '0'–'9' or 'X'. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (VIN_VALUE[vin[i]!] ?? 0) * VIN_WEIGHTS[i]!;
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/**
 * Whether the check digit is mandatory: North American VINs (world manufacturer codes 1–5) and Chinese ones
 * (L, GB 16735); elsewhere position 9 is the maker's own.
 */
export const vinHasCheckDigit = (vin: string) => /^[1-5L]/.test(vin);

export type VinProblem = 'vinLength' | 'vinCharacters' | 'vinCheckDigit';

/** Checks a VIN already trimmed and upper-cased (`normaliseVin`). */
export function checkVin(vin: string): VinProblem | null {
  if (vin.length !== 17) return 'vinLength';
  if (!VIN_CHARS.test(vin)) return 'vinCharacters';
  if (vinHasCheckDigit(vin) && vin[8] !== vinCheckDigit(vin)) return 'vinCheckDigit';
  return null;
}

export const normaliseVin = (vin: string) => vin.trim().toUpperCase();

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

export type IdCardProblem = 'idCardLength' | 'idCardBirthDate' | 'idCardCheckDigit';

/**
 * A resident identity card number of GB 11643: 17 digits (area, birth date YYYYMMDD, sequence) and a check
 * character (ISO 7064 MOD 11-2, X for 10). Expects it trimmed and upper-cased.
 */
export function checkIdCard(no: string): IdCardProblem | null {
  if (!/^\d{17}[\dX]$/.test(no)) return 'idCardLength';
  const y = Number(no.slice(6, 10));
  const m = Number(no.slice(10, 12));
  const d = Number(no.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1800 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d || birth.getTime() > Date.now())
    return 'idCardBirthDate';
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(no[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11] === no[17] ? null : 'idCardCheckDigit';
}
