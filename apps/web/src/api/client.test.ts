import { ErrCode, LIMITS } from '@lodestar/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ClientEffects, createApiClient } from './client.ts';

function setup(reply: () => Promise<Response> | Response, extra: { timeoutMs?: number } = {}) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => reply());
  const effects = {
    toast: vi.fn(),
    reload: vi.fn(),
    clearSession: vi.fn(),
    goLogin: vi.fn(),
    t: vi.fn((key: string) => `t(${key})`),
  } satisfies ClientEffects;
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    effects,
    appId: 'testapp',
    baseUrl: '/API/api/',
    getToken: () => 'tok-123',
    getLanguage: () => 'fr',
    ...extra,
  });
  return { client, fetch, effects };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  it('adds format=json and appid to every call, the token in Authorization, and the query', async () => {
    const { client, fetch } = setup(() => json({ code: 200, msg: '', errCode: 0, data: [1] }));
    await expect(client.get('./Hold/GetLeftHold', { HoldName: 'North', Empty: '' })).resolves.toEqual([1]);
    const [url, init] = fetch.mock.calls[0] ?? [];
    const u = new URL(String(url), 'http://x');
    expect(u.pathname).toBe('/API/api/Hold/GetLeftHold');
    expect(u.searchParams.get('format')).toBe('json');
    expect(u.searchParams.get('appid')).toBe('testapp');
    expect(u.searchParams.get('HoldName')).toBe('North');
    expect(u.searchParams.has('Empty')).toBe(false);
    expect((init?.headers as Record<string, string>).Authorization).toBe('tok-123');
    expect((init?.headers as Record<string, string>)['Accept-Language']).toBe('fr');
  });

  it('trims every string of a POST body and sends no token when anonymous', async () => {
    const { client, fetch } = setup(() => json({ code: 200, msg: '', errCode: 0, data: null }));
    await client.post(
      'account/login',
      { Phone: ' 13800000000 ', UserPassword: ' pw ', Nested: { A: ' a ' } },
      { anonymous: true },
    );
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ Phone: '13800000000', UserPassword: 'pw', Nested: { A: 'a' } });
    expect((init?.headers as Record<string, string>).Authorization).toBe('');
    expect(new URL(String(fetch.mock.calls[0]?.[0]), 'http://x').searchParams.get('appid')).toBe('testapp');
  });

  it('understands the encoded { d } reply shape', async () => {
    const { client, effects } = setup(() => json({ d: JSON.stringify({ errCode: 0, data: { ok: true } }) }));
    await expect(client.get('x')).resolves.toEqual({ ok: true });
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('rejects an encoded reply whose errCode is set, showing its msg', async () => {
    const { client, effects } = setup(() => json({ d: JSON.stringify({ errCode: 10001, msg: 'bad field' }) }));
    await expect(client.get('x')).rejects.toBeInstanceOf(ApiError);
    expect(effects.toast).toHaveBeenCalledWith('bad field');
    expect(effects.reload).not.toHaveBeenCalled();
  });

  it.each([400, 500])('code %i shows msg as an error toast and rejects', async (code) => {
    const { client, effects } = setup(() => json({ code, msg: 'Phone is required', errCode: 10001, data: null }));
    await expect(client.post('x', {})).rejects.toMatchObject({ kind: 'reply', code, message: 'Phone is required' });
    expect(effects.toast).toHaveBeenCalledWith('Phone is required');
    expect(effects.clearSession).not.toHaveBeenCalled();
  });

  it('code 401 shows msg, clears the session and goes to /login', async () => {
    const { client, effects } = setup(() => json({ code: 401, msg: 'Session expired', errCode: 40101, data: null }));
    await expect(client.get('x')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(effects.toast).toHaveBeenCalledWith('Session expired');
    expect(effects.clearSession).toHaveBeenCalledOnce();
    expect(effects.goLogin).toHaveBeenCalledOnce();
  });

  it('the VIP gate’s errCode goes to the vipExpired effect (its upgrade link), not a plain toast', async () => {
    const { client, effects } = setup(() =>
      json({ code: 400, msg: 'Device VIP expired: 1', errCode: ErrCode.VipExpired, data: null }),
    );
    const vipExpired = vi.fn();
    Object.assign(effects, { vipExpired });
    await expect(client.post('Photo/TakePhoto')).rejects.toMatchObject({ errCode: ErrCode.VipExpired });
    expect(vipExpired).toHaveBeenCalledWith('Device VIP expired: 1');
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('errCode 40001 in a non-encoded reply reloads the page', async () => {
    const { client, effects } = setup(() => json({ code: 200, msg: '', errCode: 40001, data: null }));
    await expect(client.get('x')).rejects.toMatchObject({ kind: 'reload' });
    expect(effects.reload).toHaveBeenCalledOnce();
  });

  it('errCode 40001 inside an encoded reply does not reload', async () => {
    const { client, effects } = setup(() => json({ d: JSON.stringify({ errCode: 40001, msg: 'm' }) }));
    await expect(client.get('x')).rejects.toBeInstanceOf(ApiError);
    expect(effects.reload).not.toHaveBeenCalled();
  });

  it("HTTP 500 shows 'Internal server error'", async () => {
    const { client, effects } = setup(() => new Response('boom', { status: 500 }));
    await expect(client.get('x')).rejects.toMatchObject({ kind: 'http', status: 500 });
    expect(effects.toast).toHaveBeenCalledWith('t(errors:internal)');
  });

  it('HTTP 401 clears the token, reloads and says the request header was modified', async () => {
    const { client, effects } = setup(() => new Response('', { status: 401 }));
    await expect(client.get('x')).rejects.toMatchObject({ status: 401 });
    expect(effects.clearSession).toHaveBeenCalledOnce();
    expect(effects.reload).toHaveBeenCalledOnce();
    expect(effects.toast).toHaveBeenCalledWith('t(errors:headerModified)');
  });

  it("no response shows 'Network error'", async () => {
    const { client, effects } = setup(() => Promise.reject(new TypeError('fetch failed')));
    await expect(client.get('x')).rejects.toMatchObject({ kind: 'network' });
    expect(effects.toast).toHaveBeenCalledWith('t(errors:network)');
  });

  it('aborts after the time-out and says so', async () => {
    const { client, fetch, effects } = setup(() => json({}), { timeoutMs: 20 });
    fetch.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    await expect(client.get('x')).rejects.toMatchObject({ kind: 'timeout' });
    expect(effects.toast).toHaveBeenCalledWith('t(errors:timeout)');
  });

  it('uses the spec time-out of 1,000,000 ms by default', async () => {
    vi.useFakeTimers();
    try {
      const { client, fetch } = setup(() => json({}));
      let signal: AbortSignal | undefined;
      fetch.mockImplementation(
        (_url, init) =>
          new Promise((_resolve, reject) => {
            signal = init?.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(new Error('aborted')));
          }),
      );
      const pending = client.get('x').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(LIMITS.requestTimeoutMs - 1);
      expect(signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(signal?.aborted).toBe(true);
      await expect(pending).resolves.toBeInstanceOf(ApiError);
    } finally {
      vi.useRealTimers();
    }
  });
});
