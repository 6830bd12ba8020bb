import { create } from 'zustand';
import { indexAt, type TrackArrays } from './track-arrays.ts';

export const MIN_RATE = 1;
export const MAX_RATE = 1000;

export interface PlayerState {
  /** The period played, Unix seconds. */
  start: number;
  end: number;
  /** The player's time, Unix seconds. */
  time: number;
  playing: boolean;
  /** Track seconds per real second (1 to 1000): the real time of the track, not points per second. */
  rate: number;
  /** Keep the vehicle in view. */
  follow: boolean;
  /** The tracks stepped through (step goes to the next or previous point of the first). */
  tracks: readonly TrackArrays[];
  play(): void;
  pause(): void;
  toggle(): void;
  seek(t: number): void;
  step(dir: 1 | -1): void;
  setRate(rate: number): void;
  setFollow(follow: boolean): void;
  setTracks(tracks: readonly TrackArrays[]): void;
  reset(start: number, end: number): void;
  /** Moves the time on by `elapsedMs` of real time at the rate; stops at the end. */
  advance(elapsedMs: number): void;
}

const clamp = (t: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, t));

export const usePlayer = create<PlayerState>()((set, get) => ({
  start: 0,
  end: 0,
  time: 0,
  playing: false,
  rate: 10,
  follow: false,
  tracks: [],
  play: () => {
    const { time, end, start } = get();
    // Play from the start again once the end was reached.
    set({ playing: true, time: time >= end ? start : time });
    startClock();
  },
  pause: () => set({ playing: false }),
  toggle: () => (get().playing ? get().pause() : get().play()),
  seek: (t) => set(({ start, end }) => ({ time: clamp(t, start, end) })),
  step: (dir) => {
    const { tracks, time, start, end } = get();
    const track = tracks[0];
    if (!track?.n) return;
    const i = indexAt(track, time);
    // At a point: its neighbour; between two: the one in that direction.
    const onPoint = i >= 0 && track.time[i] === time;
    const next = dir > 0 ? i + 1 : onPoint ? i - 1 : i;
    const k = clamp(next, 0, track.n - 1);
    set({ playing: false, time: clamp(track.time[k] as number, start, end) });
  },
  setRate: (rate) => set({ rate: clamp(Math.round(rate), MIN_RATE, MAX_RATE) }),
  setFollow: (follow) => set({ follow }),
  setTracks: (tracks) => set({ tracks }),
  reset: (start, end) => set({ start, end: Math.max(start, end), time: start, playing: false }),
  advance: (elapsedMs) => {
    const { time, rate, end, playing } = get();
    if (!playing) return;
    const next = time + (elapsedMs / 1000) * rate;
    if (next >= end) set({ time: end, playing: false });
    else set({ time: next });
  },
}));

/**
 * The one requestAnimationFrame loop that moves the time while playing, by the real time elapsed
 * between frames (a slow frame jumps further rather than slowing the track down). Frames longer than
 * MAX_STEP_MS (a background tab) count as MAX_STEP_MS.
 */
const MAX_STEP_MS = 250;
let frame = 0;

function startClock(): void {
  if (frame || typeof requestAnimationFrame === 'undefined') return;
  let last = performance.now();
  const tick = (now: number) => {
    const { playing, advance } = usePlayer.getState();
    if (!playing) {
      frame = 0;
      return;
    }
    advance(Math.min(MAX_STEP_MS, Math.max(0, now - last)));
    last = now;
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
}
