/** Per-connection stream framing contract shared by the TCP protocols. */
export interface FrameSplitter {
  /** Feed bytes as they arrive; returns every complete frame now available (never a partial one). */
  push(chunk: Buffer): Buffer[];
  /** Bytes held back waiting for the rest of a frame. */
  readonly buffered: number;
  /** Bytes thrown away while resynchronising (garbage, bad terminators, overflow). */
  readonly discarded: number;
}

/** Upper bound on bytes a splitter keeps for one connection before discarding (a frame can't be larger). */
export const MAX_SPLITTER_BUFFER = 128 * 1024;

const EMPTY = Buffer.alloc(0);

/**
 * Growable byte queue used by the splitters. A chunk that arrives on an empty queue is used in place, not
 * copied: frames are copied out by `take`, and whatever is left when a push ends is copied by `settle`, so the
 * queue never holds the caller's memory past a push (a socket may reuse its read buffer).
 */
export class ByteQueue {
  private data: Buffer = EMPTY;
  /** `data` is (a view of) the caller's chunk, not our own copy. */
  private borrowed = false;

  get length(): number {
    return this.data.length;
  }

  get view(): Buffer {
    return this.data;
  }

  append(chunk: Buffer): void {
    if (this.data.length === 0) {
      this.data = chunk;
      this.borrowed = true;
    } else {
      this.data = Buffer.concat([this.data, chunk]);
      this.borrowed = false;
    }
  }

  /** Remove and return the first n bytes (a copy). */
  take(n: number): Buffer {
    const head = Buffer.from(this.data.subarray(0, n));
    this.data = this.data.subarray(n);
    return head;
  }

  drop(n: number): void {
    this.data = this.data.subarray(Math.min(n, this.data.length));
  }

  /** Call at the end of every push: keep our own copy of what is left, and nothing of the caller's. */
  settle(): void {
    if (this.data.length === 0) this.data = EMPTY;
    else if (this.borrowed) this.data = Buffer.from(this.data);
    this.borrowed = false;
  }
}
