import type { CompactTrack } from '@lodestar/contract/history';
import { ErrCode, ReplyCode } from '@lodestar/domain';
import { decodeTrack, type TrackArrays } from '../track-arrays.ts';
import { type TrackGeometry, trackGeometry } from '../track-overlay/geometry.ts';

/**
 * What the track worker is asked and answers (track.worker.ts). The page fetches History/GetTrack itself
 * (at once: a worker's own fetch waited for the worker to start, 0.2–1.2 s on a busy machine) and hands
 * the reply's bytes over; the worker parses the 4 MB of JSON and decodes it into columns with their world
 * coordinates, off the page's main thread, which is busy starting the map while the reply arrives. The
 * columns come back transferred, not copied. Any other reply (a refusal in an Ok status, the objects form,
 * bytes that are not JSON) comes back as what it parsed to, and the page's api client judges it as it
 * judges every call: the same messages and effects (toast, log-out, reload) as without the worker.
 */
export interface TrackRequest {
  id: number;
  deviceId: string;
  /** The reply's body (UTF-8 JSON), transferred. */
  bytes: ArrayBuffer;
}

export type TrackOutcome =
  | { kind: 'track'; track: TrackArrays; geo: TrackGeometry }
  | { kind: 'reply'; json: unknown }
  | { kind: 'unparsed' };

/** What the worker posts back: an outcome, or the error its decoding threw. */
export type TrackAnswer = (TrackOutcome | { kind: 'failed'; message: string }) & { id: number };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/**
 * The compact track of a reply the api client would accept without a word (code Ok, no error code, data in
 * the plain envelope), or null: every other reply goes back to the client, which knows what to do with it.
 */
export function acceptedCompact(body: unknown): CompactTrack | null {
  if (!isObject(body) || 'd' in body) return null;
  if (body.code !== ReplyCode.Ok || (body.errCode !== undefined && body.errCode !== ErrCode.None)) return null;
  const data = body.data;
  if (!isObject(data) || Array.isArray(data) || typeof data.Count !== 'number') return null;
  return data as unknown as CompactTrack;
}

/** Reads a reply's body as the api client would, decoding an accepted compact track. */
export function readTrack(deviceId: string, bytes: ArrayBuffer): TrackOutcome {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { kind: 'unparsed' };
  }
  const compact = acceptedCompact(json);
  if (!compact) return { kind: 'reply', json };
  const track = decodeTrack(deviceId, compact);
  return { kind: 'track', track, geo: trackGeometry(track) };
}

/** The buffers an outcome hands over to the page (after which the worker's views of them are empty). */
export function transferables(outcome: TrackOutcome): ArrayBuffer[] {
  if (outcome.kind !== 'track') return [];
  const { track: t, geo: g } = outcome;
  return [t.time, t.lat, t.lng, t.speed, t.course, t.invalid, g.wx, g.wy, g.cls].map((a) => a.buffer as ArrayBuffer);
}
