/** The reply contract between server and console (spec section 7 and 8). */
export interface ApiReply<T = unknown> {
  code: number;
  msg: string;
  errCode: number;
  data: T;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** `code` follows HTTP semantics (spec section 8: 200 ok, 400/500 show msg, 401 log out). */
export const ReplyCode = {
  Ok: 200,
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  TooMany: 429,
  ServerError: 500,
} as const;

/** Finer reasons in `errCode`; 0 is success. 40001 asks the console to reload (spec section 8). */
export const ErrCode = {
  None: 0,
  Validation: 10001,
  NotFound: 10002,
  NoFunction: 10003,
  OutsideHold: 10004,
  Conflict: 10005,
  LoginFailed: 10100,
  RateLimited: 10101,
  InvalidSmsCode: 10102,
  NoAccount: 10103,
  WrongPassword: 10104,
  PasswordMismatch: 10105,
  AccountExpired: 10106,
  /** The account's daily log-in window (users.access_start / access_end) is closed now. */
  OutsideAccessHours: 10107,
  UnknownApp: 10200,
  /** Spec section 8 "device VIP expired": a VIP-only function (section 6) on a device without VIP (lib/vip-gate.ts). */
  VipExpired: 10300,
  TokenMissing: 40100,
  TokenExpired: 40101,
  TokenRevoked: 40102,
  Reload: 40001,
} as const;

export const API_BASE = '/API/api/';
export const DEFAULT_APP_ID = 'lodestar';
