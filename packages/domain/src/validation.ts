/** Validation rules shared by server and console (spec section 5). */

/** Mainland mobile numbers, or an international number in E.164 form. */
export const PHONE_RE = /^(?:1[3-9]\d{9}|\+[1-9]\d{6,14})$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** 6 to 18 characters: digits only, or letters and digits together. */
export const PASSWORD_RE = /^(?:\d{6,18}|(?=[A-Za-z\d]*[A-Za-z])(?=[A-Za-z\d]*\d)[A-Za-z\d]{6,18})$/;
export const SMS_CODE_RE = /^\d{6}$/;
/** Custom title: 1 to 30 letters or digits (CJK letters count as letters). */
export const CUSTOM_TITLE_RE = /^[\p{L}\p{N}]{1,30}$/u;

export const isPhone = (s: string): boolean => PHONE_RE.test(s);
export const isEmail = (s: string): boolean => EMAIL_RE.test(s);
export const isValidPassword = (s: string): boolean => PASSWORD_RE.test(s);
export const isUserName = (s: string): boolean => s.trim().length >= 2;

/** Splits a batch device-ID search (comma-separated, Chinese comma too) and drops blanks. */
export function splitDeviceIds(input: string): string[] {
  return [
    ...new Set(
      input
        .split(/[,，\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Trims every string in a POST body, deeply (spec section 5). Iterative: a body nested a hundred
 * thousand levels deep must not overflow the stack (the server also refuses such bodies first).
 */
export function trimStrings<T>(value: T): T {
  const root: Record<string, unknown> = {};
  const todo: [unknown, Record<string | number, unknown>, string | number][] = [[value, root, 'v']];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [v, into, key] = next;
    if (typeof v === 'string') into[key] = v.trim();
    else if (Array.isArray(v)) {
      const copy: unknown[] = new Array(v.length);
      into[key] = copy;
      for (let i = 0; i < v.length; i++) todo.push([v[i], copy as unknown as Record<number, unknown>, i]);
    } else if (v !== null && typeof v === 'object') {
      const copy: Record<string, unknown> = {};
      into[key] = copy;
      for (const [k, item] of Object.entries(v)) {
        copy[k] = undefined; // keeps the keys in their order; filled when the item is taken
        todo.push([item, copy, k]);
      }
    } else into[key] = v;
  }
  return root.v as T;
}
