import { API_BASE, DEFAULT_APP_ID, ErrCode, LIMITS, ReplyCode, trimStrings } from '@lodestar/domain';

/** Side effects of a failed call (spec section 8), injected so tests can watch them. */
export interface ClientEffects {
  /** An error toast lasting LIMITS.toastSeconds. */
  toast(message: string): void;
  /** Reload the current page. */
  reload(): void;
  /** Forget the token and the user. */
  clearSession(): void;
  /** Leave for /login with a full page load. */
  goLogin(): void;
  /** Translate a key such as `errors:network`. */
  t(key: string): string;
  /**
   * The VIP gate's refusal (errCode ErrCode.VipExpired, "device VIP expired"): the message with a way to
   * /vip/upgrade. Without it, a plain toast.
   */
  vipExpired?(message: string): void;
}

export interface ClientOptions {
  effects: ClientEffects;
  getToken: () => string;
  getLanguage?: () => string;
  fetch?: typeof fetch;
  baseUrl?: string;
  appId?: string;
  timeoutMs?: number;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Send no Authorization value (login and the other public calls). */
  anonymous?: boolean;
}

export type FailureKind = 'reply' | 'unauthorized' | 'reload' | 'http' | 'network' | 'timeout' | 'parse';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly code?: number,
    readonly errCode?: number,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ReplyLike {
  code?: number;
  msg?: string;
  errCode?: number;
  data?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

export function createApiClient(options: ClientOptions) {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const base = options.baseUrl ?? API_BASE;
  const appId = options.appId ?? DEFAULT_APP_ID;
  const timeoutMs = options.timeoutMs ?? LIMITS.requestTimeoutMs;
  const fx = options.effects;

  const fail = (message: string, kind: FailureKind, code?: number, errCode?: number, status?: number): never => {
    throw new ApiError(message, kind, code, errCode, status);
  };

  function url(path: string, query: RequestOptions['query']): string {
    const clean = path.replace(/^\.?\/+/, '');
    const params = new URLSearchParams({ format: 'json', appid: appId });
    for (const [k, v] of Object.entries(query ?? {}))
      if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    return `${base.endsWith('/') ? base : `${base}/`}${clean}?${params}`;
  }

  /** Both reply shapes: `{ d: "<json>" }` (errCode inside) and `{ code, msg, errCode, data }`. */
  function handleReply<T>(body: unknown): T {
    if (!isObject(body)) return fail(fx.t('errors:badReply'), 'parse');
    const encoded = typeof body.d === 'string';
    let reply: ReplyLike;
    if (encoded) {
      try {
        reply = JSON.parse(body.d as string) as ReplyLike;
      } catch {
        fx.toast(fx.t('errors:badReply'));
        return fail(fx.t('errors:badReply'), 'parse');
      }
      if (reply === null || typeof reply !== 'object') return reply as T;
    } else reply = body as ReplyLike;

    if (!encoded && reply.errCode === ErrCode.Reload) {
      fx.reload();
      return fail(reply.msg ?? '', 'reload', reply.code, reply.errCode);
    }
    const msg: string = typeof reply.msg === 'string' && reply.msg ? reply.msg : fx.t('errors:tryLater');
    if (reply.code === ReplyCode.Unauthorized) {
      fx.toast(msg);
      fx.clearSession();
      fx.goLogin();
      return fail(msg, 'unauthorized', reply.code, reply.errCode);
    }
    if (reply.errCode === ErrCode.VipExpired && fx.vipExpired) {
      fx.vipExpired(msg);
      return fail(msg, 'reply', reply.code, reply.errCode);
    }
    if (reply.code !== undefined && reply.code !== ReplyCode.Ok) {
      fx.toast(msg);
      return fail(msg, 'reply', reply.code, reply.errCode);
    }
    if (reply.code === undefined && reply.errCode !== undefined && reply.errCode !== ErrCode.None) {
      fx.toast(msg);
      return fail(msg, 'reply', undefined, reply.errCode);
    }
    if ('data' in reply) return reply.data as T;
    return (encoded ? reply : undefined) as T;
  }

  async function request<T>(method: 'GET' | 'POST', path: string, body: unknown, opts: RequestOptions = {}) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: opts.anonymous ? '' : options.getToken(),
    };
    const language = options.getLanguage?.();
    if (language) headers['Accept-Language'] = language;
    if (method === 'POST') headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetchImpl(url(path, opts.query), {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(trimStrings(body ?? {})) : undefined,
        signal: controller.signal,
      });
    } catch {
      const timedOut = controller.signal.aborted;
      const message = fx.t(timedOut ? 'errors:timeout' : 'errors:network');
      fx.toast(message);
      return fail(message, timedOut ? 'timeout' : 'network');
    } finally {
      clearTimeout(timer);
    }
    if (res.status === 401) {
      const message = fx.t('errors:headerModified');
      fx.clearSession();
      fx.toast(message);
      fx.reload();
      return fail(message, 'http', undefined, undefined, 401);
    }
    if (res.status >= 500) {
      const message = fx.t('errors:internal');
      fx.toast(message);
      return fail(message, 'http', undefined, undefined, res.status);
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      const message = fx.t(res.ok ? 'errors:badReply' : 'errors:tryLater');
      fx.toast(message);
      return fail(message, res.ok ? 'parse' : 'http', undefined, undefined, res.status);
    }
    return handleReply<T>(json);
  }

  return {
    get: <T>(path: string, query?: RequestOptions['query'], opts?: Omit<RequestOptions, 'query'>) =>
      request<T>('GET', path, undefined, { ...opts, query }),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body, opts),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
