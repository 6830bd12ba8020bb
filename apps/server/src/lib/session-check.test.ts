import { describe, expect, it } from 'vitest';
import { type CheckedSession, checkSession, inAccessWindow, serviceEnded, serviceEndsAt } from './session-check.ts';

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

  it('keeps a daily window in the account zone: start inside, end outside, past midnight when the end comes first', () => {
    const at = (iso: string) => new Date(iso);
    // 09:30 in Shanghai is 01:30 UTC.
    expect(inAccessWindow('08:00', '18:00', 'Asia/Shanghai', at('2026-03-01T01:30:00Z'))).toBe(true);
    expect(inAccessWindow('08:00', '18:00', 'UTC', at('2026-03-01T01:30:00Z'))).toBe(false);
    expect(inAccessWindow('08:00', '18:00', 'UTC', at('2026-03-01T08:00:00Z'))).toBe(true);
    expect(inAccessWindow('08:00', '18:00', 'UTC', at('2026-03-01T18:00:00Z'))).toBe(false);
    expect(inAccessWindow('22:00', '06:00', 'UTC', at('2026-03-01T23:15:00Z'))).toBe(true);
    expect(inAccessWindow('22:00', '06:00', 'UTC', at('2026-03-01T05:59:00Z'))).toBe(true);
    expect(inAccessWindow('22:00', '06:00', 'UTC', at('2026-03-01T12:00:00Z'))).toBe(false);
    expect(inAccessWindow(null, null, 'UTC')).toBe(true);
    expect(inAccessWindow('08:00', null, 'UTC', at('2026-03-01T01:30:00Z'))).toBe(true);
  });

  it('refuses a session outside its window after the service end check', async () => {
    const session: CheckedSession = {
      expiresAt: new Date(Date.now() + 60_000),
      revokedAt: null,
      serviceEndDate: null,
      accessStart: new Date(Date.now() + 7_200_000).toISOString().slice(11, 16),
      accessEnd: new Date(Date.now() + 10_800_000).toISOString().slice(11, 16),
      timeZone: 'UTC',
    };
    const lookup = { findByTokenHash: async () => session };
    expect((await checkSession(lookup, 'h')).refused).toBe('outsideHours');
    session.serviceEndDate = '2000-01-01';
    expect((await checkSession(lookup, 'h')).refused).toBe('serviceEnded');
  });
});
