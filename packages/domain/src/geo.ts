/** Provinces, the business distribution map and vehicle insurance (issue #21). */

/** Mainland provinces, municipalities, autonomous regions, Taiwan, Hong Kong and Macao: GB/T 2260 codes. */
export const PROVINCE_CODES = [
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '81',
  '82',
] as const;
export type ProvinceCode = (typeof PROVINCE_CODES)[number];

/** The business map's levels: the whole country by province, a province by city, one city. */
export const SPREAD_LEVELS = ['country', 'province', 'city'] as const;
export type SpreadLevel = (typeof SPREAD_LEVELS)[number];
/** What the business map counts: devices, vehicles (by a bound device), customers (enterprises, by default province). */
export const SPREAD_KINDS = ['devices', 'vehicles', 'customers'] as const;
export type SpreadKind = (typeof SPREAD_KINDS)[number];

/** Kinds of vehicle insurance: compulsory traffic insurance, commercial, third party, vehicle damage, other. */
export const INSURANCE_TYPES = ['compulsory', 'commercial', 'thirdParty', 'damage', 'other'] as const;
export type InsuranceType = (typeof INSURANCE_TYPES)[number];
/** A policy's state on a day: in force, ending within `expiringDays`, ended, or not started. */
export const INSURANCE_STATES = ['active', 'expiring', 'expired', 'pending'] as const;
export type InsuranceState = (typeof INSURANCE_STATES)[number];

export const INSURANCE_RULES = {
  /** A policy ending within this many days is "expiring" and its owners are told in the bell. */
  expiringDays: 30,
  insurerMax: 60,
  policyNoMax: 40,
  remarkMax: 200,
  /** 10,000,000 yuan in fen. */
  premiumMax: 1_000_000_000,
  attachmentMaxBytes: 5 * 1024 * 1024,
  removeMax: 200,
} as const;
