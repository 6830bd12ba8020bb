import type { CompactTrack } from '@lodestar/contract/history';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from './player-store.ts';
import { decodeTrack } from './track-arrays.ts';

const T0 = 1_764_115_200;
const times = [T0, T0 + 10, T0 + 20, T0 + 3600];
const compact: CompactTrack = {
  Count: times.length,
  Time: times.map((t, i) => t - (i ? (times[i - 1] as number) : 0)),
  Lat: times.map(() => 0),
  Lng: times.map(() => 0),
  Speed: times.map(() => 0),
  Course: times.map(() => 0),
  Invalid: [],
  Alarms: [],
};
const p = () => usePlayer.getState();

beforeEach(() => {
  p().reset(T0, T0 + 7200);
  p().setTracks([decodeTrack('D', compact)]);
  p().setRate(10);
});

describe('player store', () => {
  it('moves by real time elapsed times the rate, and stops at the end', () => {
    p().seek(T0 + 100);
    usePlayer.setState({ playing: true });
    p().advance(500);
    expect(p().time).toBe(T0 + 105);
    p().setRate(1000);
    p().advance(2000);
    expect(p().time).toBe(T0 + 2105);
    p().advance(10_000);
    expect(p().time).toBe(T0 + 7200);
    expect(p().playing).toBe(false);
  });

  it('does not move while paused', () => {
    p().advance(1000);
    expect(p().time).toBe(T0);
  });

  it('keeps the rate between 1× and 1000×', () => {
    p().setRate(0);
    expect(p().rate).toBe(1);
    p().setRate(5000);
    expect(p().rate).toBe(1000);
  });

  it('steps to the next and previous point of the first track, and pauses', () => {
    usePlayer.setState({ playing: true });
    p().step(1);
    expect(p().time).toBe(T0 + 10);
    expect(p().playing).toBe(false);
    p().step(1);
    expect(p().time).toBe(T0 + 20);
    p().seek(T0 + 25);
    p().step(-1);
    expect(p().time).toBe(T0 + 20);
    p().step(-1);
    expect(p().time).toBe(T0 + 10);
    p().seek(T0 + 25);
    p().step(1);
    expect(p().time).toBe(T0 + 3600);
    p().step(1);
    expect(p().time).toBe(T0 + 3600);
  });

  it('seeks inside the period only, and plays again from the start once at the end', () => {
    p().seek(T0 - 50);
    expect(p().time).toBe(T0);
    p().seek(T0 + 99_999);
    expect(p().time).toBe(T0 + 7200);
    p().play();
    expect(p().time).toBe(T0);
    expect(p().playing).toBe(true);
    p().pause();
  });
});
