import type { CompactTrack } from '@lodestar/contract/history';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ClientEffects, createApiClient } from '../../../api/client.ts';
import { decodeTrack } from '../track-arrays.ts';
import { readTrack, type TrackAnswer, type TrackRequest, transferables } from './track-load.ts';

const COMPACT: CompactTrack = {
  Count: 2,
  Time: [1_700_000_000, 10],
  Lat: [31_230_000, 100],
  Lng: [121_470_000, 200],
  Speed: [0, 425],
  Course: [90, 5],
  Invalid: [],
  Alarms: [],
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const body = { DeviceID: 'D1', StartTime: '2026-11-01 00:00:00', EndTime: '2026-11-02 00:00:00', Format: 'compact' };

/** A stand-in for the browser's Worker: runs track.worker.ts's step in-process, answering as it does. */
function fakeWorker(behave: 'answer' | 'fail-to-load' | 'throw' = 'answer') {
  const made: { url: string; requests: TrackRequest[] }[] = [];
  class FakeWorker {
    onmessage: ((e: MessageEvent<TrackAnswer>) => void) | null = null;
    onerror: ((e: ErrorEvent) => void) | null = null;
    readonly requests: TrackRequest[] = [];
    constructor(url: URL) {
      made.push({ url: String(url), requests: this.requests });
    }
    postMessage(message: TrackRequest, transfer: ArrayBuffer[]) {
      const request = structuredClone(message, { transfer });
      this.requests.push(request);
      setTimeout(() => {
        if (behave === 'fail-to-load') {
          this.onerror?.({ preventDefault() {} } as ErrorEvent);
          return;
        }
        const outcome = readTrack(request.deviceId, request.bytes);
        const answer: TrackAnswer =
          behave === 'throw'
            ? { kind: 'failed', message: 'Invalid typed array length: -1', id: request.id }
            : { ...outcome, id: request.id };
        const data = structuredClone(answer, { transfer: transferables(outcome) });
        this.onmessage?.({ data } as MessageEvent<TrackAnswer>);
      });
    }
    terminate() {}
  }
  return { FakeWorker, made };
}

function api(reply: () => Response) {
  const effects = {
    toast: vi.fn(),
    reload: vi.fn(),
    clearSession: vi.fn(),
    goLogin: vi.fn(),
    t: (key: string) => `t(${key})`,
  } satisfies ClientEffects;
  const fetch = vi.fn(async () => reply());
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    effects,
    getToken: () => 'tok',
  });
  return { client, effects, fetch };
}

/** The module afresh (it decides at load whether there is a Worker) with this stand-in as the global. */
async function load(worker: unknown) {
  vi.resetModules();
  vi.stubGlobal('Worker', worker);
  vi.stubGlobal('window', { location: { href: 'http://console.test/monitor/history' } });
  return import('./track-worker-client.ts');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What a call gives: its data, or its error (name, message, kind) and the effects it had. */
async function outcome(run: () => Promise<unknown>, effects: ReturnType<typeof api>['effects']) {
  const result = await run().then(
    (data) => ({ data }),
    (e: Error & { kind?: string }) => ({ error: { name: e.name, message: e.message, kind: e.kind } }),
  );
  return {
    result,
    toast: effects.toast.mock.calls,
    reload: effects.reload.mock.calls,
    out: effects.goLogin.mock.calls,
  };
}

describe('loadTrackOffMain', () => {
  it('sends the call from the page at once and decodes the reply in the worker, with its geometry', async () => {
    const reply = () => json({ code: 200, msg: 'ok', errCode: 0, data: COMPACT });
    const { FakeWorker, made } = fakeWorker();
    const { loadTrackOffMain } = await load(FakeWorker);
    const { geometryOf } = await import('../track-overlay/geometry.ts');
    const a = api(reply);
    const loaded = await loadTrackOffMain(a.client, 'D1', body);
    if (!('track' in loaded)) throw new Error('expected columns');
    expect(loaded.track).toEqual(decodeTrack('D1', COMPACT));
    expect(a.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = a.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/History\/GetTrack\?/);
    expect((init.headers as Record<string, string>).Authorization).toBe('tok');
    expect(JSON.parse(String(init.body))).toEqual(body);
    // The reply's bytes went to the worker; the geometry came back with the columns and is not computed again.
    expect(made[0]?.requests[0]?.bytes.byteLength).toBeGreaterThan(0);
    const geo = geometryOf(loaded.track);
    expect(geometryOf(loaded.track).wx).toBe(geo.wx);
    expect(geo.wx.length).toBe(2);
    // One worker for every call.
    await loadTrackOffMain(a.client, 'D1', body);
    expect(made).toHaveLength(1);
  });

  it.each([
    ['a refusal (4xx JSON)', () => json({ code: 400, msg: 'Période de plus de 30 jours', errCode: 10001 }, 400)],
    ['an error code in an Ok status', () => json({ code: 403, msg: 'Pas de droit', errCode: 10003 })],
    ['a session refused in the reply', () => json({ code: 401, msg: 'Connectez-vous', errCode: 0 })],
    ['a 401', () => json({}, 401)],
    ['a 502', () => new Response('bad gateway', { status: 502 })],
    ['a reply that is not JSON', () => new Response('<html>', { status: 200 })],
    ['the objects form', () => json({ code: 200, msg: 'ok', errCode: 0, data: [] })],
  ])('gives %s the outcome and effects of the api client’s own call', async (_name, reply) => {
    const { FakeWorker } = fakeWorker();
    const { loadTrackOffMain } = await load(FakeWorker);
    const direct = api(reply);
    const viaWorker = api(reply);
    const own = await outcome(() => direct.client.post('History/GetTrack', body), direct.effects);
    const got = await outcome(
      () => loadTrackOffMain(viaWorker.client, 'D1', body).then((l) => ('data' in l ? l.data : l)),
      viaWorker.effects,
    );
    expect(got).toEqual(own);
    expect(viaWorker.fetch).toHaveBeenCalledTimes(1);
  });

  it('fails the call with the error the decoding threw, without asking again', async () => {
    const reply = () => json({ code: 200, msg: 'ok', errCode: 0, data: COMPACT });
    const { FakeWorker } = fakeWorker('throw');
    const { loadTrackOffMain } = await load(FakeWorker);
    const a = api(reply);
    await expect(loadTrackOffMain(a.client, 'D1', body)).rejects.toThrow('Invalid typed array length');
    expect(a.fetch).toHaveBeenCalledTimes(1);
  });

  it('reads on the main thread when the worker cannot start, and from then on', async () => {
    const reply = () => json({ code: 200, msg: 'ok', errCode: 0, data: COMPACT });
    const { FakeWorker, made } = fakeWorker('fail-to-load');
    const { loadTrackOffMain } = await load(FakeWorker);
    const a = api(reply);
    // The first call's bytes were handed to the failed worker: asked again.
    expect(await loadTrackOffMain(a.client, 'D1', body)).toEqual({ data: COMPACT });
    expect(await loadTrackOffMain(a.client, 'D1', body)).toEqual({ data: COMPACT });
    expect(a.fetch).toHaveBeenCalledTimes(3);
    expect(made).toHaveLength(1);
  });

  it('reads on the main thread where there is no Worker', async () => {
    const reply = () => json({ code: 200, msg: 'ok', errCode: 0, data: COMPACT });
    const { loadTrackOffMain } = await load(undefined);
    const a = api(reply);
    expect(await loadTrackOffMain(a.client, 'D1', body)).toEqual({ data: COMPACT });
    expect(a.fetch).toHaveBeenCalledTimes(1);
  });
});
