import type pg from 'pg';

/** What pg hands a submittable: the part of its Connection used here. */
interface Connection {
  query(text: string): void;
  parse(query: { text: string }): void;
  bind(config: object): void;
  execute(config: object): void;
  sync(): void;
  stream: NodeJS.WritableStream & { cork(): void; uncork(): void; destroy(err?: Error): void };
}

const COPY_DONE = Buffer.from([0x63, 0, 0, 0, 4]);

/** CopyData with `rows`, then CopyDone. */
function writeRows(stream: Connection['stream'], rows: Buffer): void {
  const head = Buffer.allocUnsafe(5);
  head[0] = 0x64; // CopyData
  head.writeUInt32BE(rows.length + 4, 1);
  stream.write(head);
  stream.write(rows);
  stream.write(COPY_DONE);
}

/**
 * What pg asks of a submittable (its `client.query` takes any object with `submit`), for the messages below: they
 * read no rows, and `done` settles at the ReadyForQuery that ends them, or at their first error.
 */
abstract class FlushSubmittable {
  readonly done: Promise<void>;
  protected settle!: (err?: Error) => void;

  constructor() {
    this.done = new Promise<void>((resolve, reject) => {
      let settled = false;
      this.settle = (err) => {
        if (settled) return;
        settled = true;
        if (err) reject(err);
        else resolve();
      };
    });
  }

  abstract submit(connection: Connection): void;

  /** pg replaces this with its own when query_timeout is set (it then calls it with the timeout's error). */
  callback(err?: Error): void {
    if (err) this.settle(err);
  }

  handleCopyInResponse(): void {
    // The rows are on their way already.
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}

  handleError(err: Error): void {
    this.settle(err);
  }

  handleReadyForQuery(): void {
    this.settle();
  }
}

/**
 * One simple-protocol Query message whose statements include `COPY … FROM STDIN` (one per buffer of `data`, in
 * order), each COPY's rows sent right behind the message rather than after the server's CopyInResponse.
 *
 * PostgreSQL runs a Query message's statements as one implicit transaction: an error anywhere rolls back all of
 * it. Waiting for each CopyInResponse would cost a round trip per COPY, and on a busy machine each round trip
 * waits for both processes to be scheduled again; sending the rows at once makes any number of COPYs and
 * statements one round trip. The protocol allows it: the server reads the CopyData it was sent in order, and
 * after an error it drops the CopyData and CopyDone that follow ("any subsequent CopyData, CopyDone, or CopyFail
 * messages issued by the frontend will simply be dropped", protocol-flow.html#PROTOCOL-COPY).
 */
export class CopyMessage extends FlushSubmittable {
  constructor(
    private readonly text: string,
    private readonly data: readonly Buffer[],
  ) {
    super();
  }

  submit(connection: Connection): void {
    const stream = connection.stream;
    // One write to the socket for the message and all its rows.
    stream.cork();
    connection.query(this.text);
    for (const rows of this.data) writeRows(stream, rows);
    stream.uncork();
  }
}

/** Sends `text` with the COPY rows of `data` (see CopyMessage) on `client`; resolves once it is committed. */
export function sendCopyMessage(client: pg.PoolClient, text: string, data: readonly Buffer[]): Promise<void> {
  const message = new CopyMessage(text, data);
  client.query(message as unknown as pg.QueryConfig);
  return message.done;
}

/** A statement of a PipelinedFlush, with its rows when it is a `COPY … FROM STDIN`. */
export interface FlushStatement {
  text: string;
  rows?: Buffer;
}

/**
 * A flush's statements in the extended protocol, all before one Sync, so PostgreSQL runs them in one implicit
 * transaction (after an error it skips everything up to the Sync and rolls all of it back), sent in two parts on
 * the same socket: the first (the positions' COPY) as soon as it is written, the rest (the events and the fence
 * visits, which the writer works out meanwhile) behind it with the Sync. The backend stores the positions while
 * the writer checks the fences; one round trip, one transaction, as CopyMessage.
 *
 * Until the rest is sent nothing can commit: a writer that fails between the parts calls `abort`, which closes
 * the connection (PostgreSQL rolls back a transaction whose client went away).
 */
export class PipelinedFlush extends FlushSubmittable {
  private connection: Connection | undefined;
  private rest: readonly FlushStatement[] | undefined;
  private aborted = false;

  constructor(private readonly first: readonly FlushStatement[]) {
    super();
    // Awaited by the writer unless it aborts, when its own error is the one it throws.
    this.done.catch(() => {});
  }

  submit(connection: Connection): void {
    this.connection = connection;
    if (this.aborted) {
      connection.stream.destroy();
      return;
    }
    this.write(this.first, false);
    if (this.rest) this.write(this.rest, true);
  }

  /** The statements after the first part; then the Sync that commits all of them. */
  finish(rest: readonly FlushStatement[]): void {
    this.rest = rest;
    if (this.connection) this.write(rest, true);
  }

  abort(err: Error): void {
    this.aborted = true;
    this.settle(err);
    this.connection?.stream.destroy();
  }

  private write(statements: readonly FlushStatement[], sync: boolean): void {
    const connection = this.connection!;
    const stream = connection.stream;
    stream.cork();
    for (const s of statements) {
      connection.parse({ text: s.text });
      connection.bind({});
      connection.execute({});
      if (s.rows) writeRows(stream, s.rows);
    }
    if (sync) connection.sync();
    stream.uncork();
  }
}
