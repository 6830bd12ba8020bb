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

/** A call ready to send: what `fetch` is given (without the abort signal) and the timeout to apply. */
export interface PreparedRequest {
  url: string;
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body: string | undefined };
  timeoutMs: number;
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

  /** The URL and init of a call (the history page sends its track call itself and reads the reply in a worker). */
  function prepare(method: 'GET' | 'POST', path: string, body: unknown, opts: RequestOptions = {}): PreparedRequest {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: opts.anonymous ? '' : options.getToken(),
    };
    const language = options.getLanguage?.();
    if (language) headers['Accept-Language'] = language;
    if (method === 'POST') headers['Content-Type'] = 'application/json';
    return {
      url: url(path, opts.query),
      init: { method, headers, body: method === 'POST' ? JSON.stringify(trimStrings(body ?? {})) : undefined },
      timeoutMs,
    };
  }

  /** A call that got no response: no connection, or none within the timeout. */
  function unanswered(timedOut: boolean): never {
    const message = fx.t(timedOut ? 'errors:timeout' : 'errors:network');
    fx.toast(message);
    return fail(message, timedOut ? 'timeout' : 'network');
  }

  /**
   * A response's outcome: its data, or the failure with its effects (spec section 8). `body` is the parsed JSON,
   * or `unparsed` when there was none to parse (a 401 or 5xx is not read) or it was not JSON.
   */
  function settle<T>(status: number, ok: boolean, body: { json: unknown } | 'unparsed'): T {
    if (status === 401) {
      const message = fx.t('errors:headerModified');
      fx.clearSession();
      fx.toast(message);
      fx.reload();
      return fail(message, 'http', undefined, undefined, 401);
    }
    if (status >= 500) {
      const message = fx.t('errors:internal');
      fx.toast(message);
      return fail(message, 'http', undefined, undefined, status);
    }
    if (body === 'unparsed') {
      const message = fx.t(ok ? 'errors:badReply' : 'errors:tryLater');
      fx.toast(message);
      return fail(message, ok ? 'parse' : 'http', undefined, undefined, status);
    }
    return handleReply<T>(body.json);
  }

  /** Sends a prepared call; no response (no connection, or none within the timeout) fails it as `unanswered`. */
  async function send(call: PreparedRequest): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), call.timeoutMs);
    try {
      return await fetchImpl(call.url, { ...call.init, signal: controller.signal });
    } catch {
      return unanswered(controller.signal.aborted);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A response read and judged (a 401 or 5xx is not read). */
  async function read<T>(res: Response): Promise<T> {
    if (res.status === 401 || res.status >= 500) return settle<T>(res.status, res.ok, 'unparsed');
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      return settle<T>(res.status, res.ok, 'unparsed');
    }
    return settle<T>(res.status, res.ok, { json });
  }

  const request = async <T>(method: 'GET' | 'POST', path: string, body: unknown, opts: RequestOptions = {}) =>
    read<T>(await send(prepare(method, path, body, opts)));

  return {
    get: <T>(path: string, query?: RequestOptions['query'], opts?: Omit<RequestOptions, 'query'>) =>
      request<T>('GET', path, undefined, { ...opts, query }),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body, opts),
    prepare,
    send,
    read,
    settle,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
