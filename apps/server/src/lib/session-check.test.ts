import { describe, expect, it } from 'vitest';
import { type CheckedSession, checkSession, serviceEnded, serviceEndsAt } from './session-check.ts';

describe('session check', () => {
  it('keeps an account through the whole of its last service day (UTC) and ends it when the next begins', () => {
    expect(serviceEnded(null)).toBe(false);
    expect(serviceEnded('2026-03-01', new Date('2026-03-01T23:59:59Z'))).toBe(false);
    expect(serviceEnded('2026-03-01', new Date('2026-03-02T00:00:00Z'))).toBe(true);
    expect(serviceEndsAt('2026-03-01')).toBe(Date.parse('2026-03-02T00:00:00Z'));
    expect(serviceEndsAt(null)).toBeUndefined();
  });

  it('refuses a session whose account service ended, before saying it was revoked', async () => {
    const session: CheckedSession = {
      expiresAt: new Date(Date.now() + 60_000),
      revokedAt: new Date(),
      serviceEndDate: '2000-01-01',
    };
    const lookup = { findByTokenHash: async () => session };
    expect((await checkSession(lookup, 'h')).refused).toBe('serviceEnded');
    session.serviceEndDate = '2999-01-01';
    expect((await checkSession(lookup, 'h')).refused).toBe('revoked');
    session.revokedAt = null;
    expect((await checkSession(lookup, 'h')).session).toBe(session);
  });
});
