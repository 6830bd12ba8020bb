import type { ProtocolName } from './common/types.ts';

/**
 * The one rule per protocol for the id a device is known by (docs/API.md, "Device IDs"). The
 * server applies it when a device is registered, the gateway when a device reports, so the id a
 * person types from a label and the id the device sends name the same device.
 *
 * - jt808: the terminal phone is BCD, 12 digits in JT/T 808-2013 (6 bytes) and 20 in 2019 (10 bytes),
 *   zero-padded on the left: `013912345678` and `00000000013912345678` are both `13912345678`. The
 *   leading zeros are dropped, so the same terminal is one device under either version and however it
 *   is typed. An id with letters is kept as it is.
 * - gt06: the IMEI, 15 digits; the login packet carries it as 16 BCD digits behind a 0, and a 16-digit
 *   id typed that way loses the 0.
 * - h02, teltonika, osmand: the id as the device sends it (IMEI or configured id).
 * Every protocol: surrounding white space is not part of the id.
 */
export function normaliseDeviceId(protocol: ProtocolName, id: string): string {
  const t = id.trim();
  if (!DIGITS.test(t)) return t;
  if (protocol === 'jt808') return stripZeros(t);
  if (protocol === 'gt06' && t.length === 16 && t[0] === '0') return t.slice(1);
  return t;
}

const DIGITS = /^\d+$/;

function stripZeros(digits: string): string {
  let zeros = 0;
  while (zeros < digits.length - 1 && digits[zeros] === '0') zeros++;
  return zeros === 0 ? digits : digits.slice(zeros);
}

/**
 * Whether a normalised id has its protocol's form: what a tracker of that protocol can send. An id that has
 * not is noise (a corrupt frame, a scanner), never a device to list among the unregistered ones.
 * - gt06, teltonika: a 15-digit IMEI.
 * - jt808: the BCD terminal phone, 1 to 20 digits once its padding zeros are gone.
 * - h02: 1 to 20 digits (a 10-digit id or an IMEI, as Traccar reads it).
 * - osmand: an id a person configured: letters, digits and `.` `_` `:` `-`, at most 64.
 */
export function hasDeviceIdForm(protocol: ProtocolName, id: string): boolean {
  return FORMS[protocol].test(id);
}

const FORMS: Record<ProtocolName, RegExp> = {
  gt06: /^\d{15}$/,
  teltonika: /^\d{15}$/,
  jt808: /^\d{1,20}$/,
  h02: /^\d{1,20}$/,
  osmand: /^[A-Za-z0-9._:-]{1,64}$/,
};
