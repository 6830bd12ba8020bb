import { API_BASE, DEFAULT_APP_ID, ReplyCode } from '@lodestar/domain';

/** Calls the running server's API as the console does (format, appid, token), for test set-up and checks. */
export function apiClient(baseUrl: string) {
  let token = '';
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const url = new URL(`${API_BASE}${path}`, baseUrl);
    url.searchParams.set('format', 'json');
    url.searchParams.set('appid', DEFAULT_APP_ID);
    if (method === 'GET')
      for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) url.searchParams.set(k, String(v));
    const res = await fetch(url, {
      method,
      headers: { Authorization: token, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    const reply = (await res.json()) as { code?: number; msg?: string; data?: T };
    if (reply.code !== ReplyCode.Ok) throw new Error(`${path}: ${res.status} ${reply.code} ${reply.msg}`);
    return reply.data as T;
  }
  return {
    async login(Phone: string, UserPassword: string) {
      token = '';
      ({ token } = await call<{ token: string }>('POST', 'account/login', { Phone, UserPassword }));
    },
    get: <T>(path: string, query?: Record<string, string | number>) => call<T>('GET', path, query),
    /** A file the server streams (Download/GetFile), as text. */
    async text(path: string, query: Record<string, string | number>): Promise<string> {
      const url = new URL(`${API_BASE}${path}`, baseUrl);
      url.searchParams.set('format', 'json');
      url.searchParams.set('appid', DEFAULT_APP_ID);
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
      const res = await fetch(url, { headers: { Authorization: token } });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return res.text();
    },
    post: <T>(path: string, body?: unknown) => call<T>('POST', path, body),
  };
}
