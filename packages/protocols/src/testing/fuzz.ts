/** Test-only: the shared split / glue / fuzz drills every stream protocol goes through. */
import { expect } from 'vitest';
import type { FrameSplitter } from '../common/splitter.ts';
import type { DecodedMessage } from '../common/types.ts';
import { mutate, prng, randomBytes } from './vectors.ts';

export interface StreamCodec {
  splitter: () => FrameSplitter;
  /** Decode one frame on a fresh, already identified connection. */
  decode: (frame: Buffer) => DecodedMessage;
  /** Is this emitted frame well formed (start, length, terminator)? */
  wellFormed: (frame: Buffer) => boolean;
  /** The frame the splitter emits for these wire bytes (JT/T 808 un-escapes); default: the bytes themselves. */
  emitted?: (wire: Buffer) => Buffer;
}

/** Feed `wire` split at `cut` and return the frames emitted. */
export function splitAt(codec: StreamCodec, wire: Buffer, cut: number): Buffer[] {
  const s = codec.splitter();
  return [...s.push(wire.subarray(0, cut)), ...s.push(wire.subarray(cut))];
}

/** Every offset gives the same single frame and the same decode. */
export function checkEveryOffset(codec: StreamCodec, wire: Buffer, frame: Buffer = wire): void {
  const expected = JSON.stringify(codec.decode(frame));
  for (let cut = 0; cut <= wire.length; cut++) {
    const out = splitAt(codec, wire, cut);
    expect(out.map((b) => b.toString('hex'))).toEqual([frame.toString('hex')]);
    expect(JSON.stringify(codec.decode(out[0] as Buffer))).toBe(expected);
  }
}

/**
 * 100k random and mutated inputs: nothing throws, every emitted frame is well formed, and a valid frame sent
 * after the garbage still comes out (resynchronisation).
 */
export function fuzz(codec: StreamCodec, valid: Buffer[], seed: number, resync: Buffer[] = valid, rounds = 100_000) {
  const rand = prng(seed);
  let s = codec.splitter();
  let resyncChecks = 0;
  for (let i = 0; i < rounds; i++) {
    const pick = valid[Math.floor(rand() * valid.length)] as Buffer;
    const input = rand() < 0.5 ? mutate(rand, pick) : randomBytes(rand, 1 + Math.floor(rand() * 40));
    for (const frame of s.push(input)) {
      expect(codec.wellFormed(frame), frame.toString('hex')).toBe(true);
      codec.decode(frame); // must not throw
    }
    codec.decode(input); // the decoder alone must not throw either
    if (i % 97 === 0) {
      const probe = resync[i % resync.length] as Buffer;
      const frames = s.push(probe);
      const hex = (codec.emitted?.(probe) ?? probe).toString('hex');
      expect(
        frames.some((f) => f.toString('hex') === hex),
        `round ${i}: ${hex}`,
      ).toBe(true);
      resyncChecks++;
    }
    if (i % 5000 === 0) s = codec.splitter();
  }
  expect(resyncChecks).toBeGreaterThan(rounds / 100);
}
