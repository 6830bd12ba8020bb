import type { TrackData } from '@lodestar/contract/history';
import type { ApiClient } from '../../../api/client.ts';
import type { TrackArrays } from '../track-arrays.ts';
import { rememberGeometry } from '../track-overlay/geometry.ts';
import type { TrackAnswer, TrackRequest } from './track-load.ts';

/** A track read in the worker (columns), or the reply's data the page still has to read (the objects form). */
export type Loaded = { track: TrackArrays } | { data: TrackData };

let worker: Worker | null = null;
/** Set once the worker could not start (e.g. a policy refusing it): replies are then read on the main thread. */
let broken = typeof Worker === 'undefined';
let nextId = 1;
const pending = new Map<number, { resolve: (a: TrackAnswer) => void; reject: (e: unknown) => void }>();

function startWorker(): Worker {
  const w = new Worker(new URL('./track.worker.ts', import.meta.url), { type: 'module', name: 'history-track' });
  w.onmessage = (e: MessageEvent<TrackAnswer>) => {
    const p = pending.get(e.data.id);
    pending.delete(e.data.id);
    p?.resolve(e.data);
  };
  // The script did not load or threw: what was asked of it is asked again on the main thread.
  w.onerror = (e) => {
    e.preventDefault();
    broken = true;
    worker = null;
    w.terminate();
    for (const p of pending.values()) p.reject(new Error('track worker failed'));
    pending.clear();
  };
  return w;
}

function ask(deviceId: string, bytes: ArrayBuffer): Promise<TrackAnswer> {
  const w = worker;
  if (!w) return Promise.reject(new Error('no track worker'));
  const id = nextId++;
  const request: TrackRequest = { id, deviceId, bytes };
  return new Promise<TrackAnswer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage(request, [bytes]);
  });
}

/**
 * History/GetTrack with this body: sent by the page at once, its reply parsed and decoded in the worker
 * (started with the call, so that it is ready when the reply is); the outcome judged by the api client
 * exactly as its own calls are (same errors, same toasts). Without a worker, the api client's own call.
 */
export async function loadTrackOffMain(api: ApiClient, deviceId: string, body: unknown): Promise<Loaded> {
  if (!broken && !worker)
    try {
      worker = startWorker();
    } catch {
      broken = true;
    }
  if (broken) return { data: await api.post<TrackData>('History/GetTrack', body) };
  const res = await api.send(api.prepare('POST', 'History/GetTrack', body));
  // Refusals and errors are small: read as every call's.
  if (!res.ok) return { data: await api.read<TrackData>(res) };
  let bytes: ArrayBuffer;
  try {
    bytes = await res.arrayBuffer();
  } catch {
    return { data: api.settle<TrackData>(res.status, res.ok, 'unparsed') };
  }
  let answer: TrackAnswer;
  try {
    answer = await ask(deviceId, bytes);
  } catch {
    // The worker failed before answering, with the bytes handed over: the call is made again on the main thread.
    return { data: await api.post<TrackData>('History/GetTrack', body) };
  }
  if (answer.kind === 'track') {
    rememberGeometry(answer.track, answer.geo);
    return { track: answer.track };
  }
  if (answer.kind === 'failed') throw new Error(answer.message);
  return {
    data: api.settle<TrackData>(res.status, res.ok, answer.kind === 'reply' ? { json: answer.json } : 'unparsed'),
  };
}
