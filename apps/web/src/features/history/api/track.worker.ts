/// <reference lib="webworker" />
import { readTrack, type TrackAnswer, type TrackRequest, transferables } from './track-load.ts';

// History/GetTrack's reply parsed and decoded here, off the page's main thread (track-load.ts says why).
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (e: MessageEvent<TrackRequest>) => {
  const { id, deviceId, bytes } = e.data;
  try {
    const outcome = readTrack(deviceId, bytes);
    const answer: TrackAnswer = { ...outcome, id };
    scope.postMessage(answer, transferables(outcome));
  } catch (error) {
    // A reply the decoder could not take: the page fails the call as it would have decoding it itself.
    const answer: TrackAnswer = { kind: 'failed', message: String((error as Error)?.message ?? error), id };
    scope.postMessage(answer);
  }
};
