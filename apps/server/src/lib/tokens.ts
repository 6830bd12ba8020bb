import { createHash, randomBytes } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Authorization carries the bare token (spec section 7); a "Bearer " prefix is tolerated. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const t = header.startsWith('Bearer ') ? header.slice(7) : header;
  return t.trim() || undefined;
}
