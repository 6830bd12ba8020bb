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

/** Growable byte queue used by the splitters. */
export class ByteQueue {
  private data: Buffer = Buffer.alloc(0);

  get length(): number {
    return this.data.length;
  }

  get view(): Buffer {
    return this.data;
  }

  append(chunk: Buffer): void {
    this.data = this.data.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.data, chunk]);
  }

  /** Remove and return the first n bytes. */
  take(n: number): Buffer {
    const head = Buffer.from(this.data.subarray(0, n));
    this.data = this.data.subarray(n);
    return head;
  }

  drop(n: number): void {
    this.data = this.data.subarray(Math.min(n, this.data.length));
  }
}
