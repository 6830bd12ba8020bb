import { type AccountType, ErrCode } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { checkSession } from '../lib/session-check.ts';
import { hashToken, tokenFromHeader } from '../lib/tokens.ts';
import type { SessionRepository } from '../modules/account/session-repository.ts';
import { isApiUrl } from './core.ts';

export interface AuthContext {
  userId: number;
  userName: string;
  holdId: number;
  /** Materialised path of the caller's hold: every row it touches must sit at or below it. */
  holdPath: string;
  accountType: AccountType;
  funs: ReadonlySet<number>;
  sessionId: number;
  timeZone: string;
  ip: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** No token needed (log-in, registration, configuration). */
    public?: boolean;
    /** The caller needs at least one of these function ids. */
    fn?: number | readonly number[];
  }
}

/** Every API call but the public ones checks the token, then the route's function id. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionRepository }) => {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (req) => {
    // An unmatched URL has no route options: let the not-found handler answer it.
    if (!isApiUrl(req.url) || !req.routeOptions.url || req.routeOptions.config?.public) return;
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) throw unauthorized(ErrCode.TokenMissing);
    const checked = await checkSession(opts.sessions, hashToken(token));
    if (checked.refused === 'revoked') throw unauthorized(ErrCode.TokenRevoked, 'tokenRevoked');
    if (checked.refused === 'expired') throw unauthorized(ErrCode.TokenExpired, 'tokenExpired');
    if (checked.refused === 'serviceEnded') throw unauthorized(ErrCode.AccountExpired, 'accountExpired');
    if (checked.refused === 'outsideHours') throw unauthorized(ErrCode.OutsideAccessHours, 'outsideAccessHours');
    const s = checked.session;
    if (!s) throw unauthorized(ErrCode.TokenMissing);
    req.auth = {
      userId: s.userId,
      userName: s.userName,
      holdId: s.holdId,
      holdPath: s.holdPath,
      accountType: s.accountType,
      funs: new Set(s.funs),
      sessionId: s.sessionId,
      timeZone: s.timeZone,
      ip: req.ip,
    };
    const need = req.routeOptions.config?.fn;
    if (need === undefined) return;
    const ids = typeof need === 'number' ? [need] : need;
    if (!ids.some((id) => req.auth.funs.has(id))) throw forbidden();
  });
});
