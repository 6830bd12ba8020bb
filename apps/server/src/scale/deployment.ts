import type { GatewayHandle } from '@lodestar/gateway';
import { connect } from 'nats';
import type { Config } from '../config.ts';
import type { Ingest } from '../ingest/index.ts';
import {
  ensureIngestStream,
  INGEST_STREAM,
  type IngestStreamNames,
  parsePartitions,
  partitionOf,
} from './ingest-stream.ts';
import { IngestWorker } from './ingest-worker.ts';
import { NatsSignals, type SignalHandlers } from './signals.ts';
import { StreamSink } from './stream-sink.ts';

type Log = (level: 'warn' | 'error', msg: string, fields?: Record<string, unknown>) => void;

export type Deployment = Awaited<ReturnType<typeof joinDeployment>>;

/**
 * A process running some of the roles (ROLES=api | gateway | ingest, in any combination) joins the
 * others through NATS: gateways hand records to the ingest stream (the ACK waits for JetStream's),
 * ingest workers take their partitions from it, and the API's changes reach the other processes as
 * signals. One process running all three needs none of this.
 */
export async function joinDeployment(
  config: Pick<Config, 'natsUrl' | 'roles' | 'ingestPartitions' | 'ingestWorkerPartitions' | 'ingestStreamMaxBytes'>,
  ingest: Ingest,
  names: IngestStreamNames = INGEST_STREAM,
  signalPrefix?: string,
) {
  const { roles } = config;
  const partitions = config.ingestPartitions;
  const owned = roles.has('ingest') ? parsePartitions(config.ingestWorkerPartitions, partitions) : [];
  // Each device's fence visits live in the worker of its partition: only that one may fire its stay timers.
  const ownedSet = new Set(owned);
  ingest.writer.sweepOnly((deviceId) => ownedSet.has(partitionOf(deviceId, partitions)));
  const nc = await connect({ servers: config.natsUrl, name: `lodestar ${[...roles].join('+')}` });
  if (roles.has('gateway') || roles.has('ingest'))
    await ensureIngestStream(await nc.jetstreamManager(), {
      names,
      partitions,
      maxBytes: config.ingestStreamMaxBytes,
    });
  const js = nc.jetstream();
  const signals = new NatsSignals(nc, signalPrefix);
  const sink = roles.has('gateway') ? new StreamSink(js, partitions, names) : undefined;
  let worker: IngestWorker | undefined;

  return {
    sink,
    get worker() {
      return worker;
    },
    commandQueued: (deviceId: string) => signals.send('commandQueued', deviceId),
    deviceChanged: (deviceId: string) => signals.send('deviceChanged', deviceId),
    alarmsReleased: (devicePk: number) => signals.send('alarmsReleased', devicePk),
    zonesChanged: () => signals.send('zonesChanged'),

    /** Starts this process's part: the ingest worker, and the signals its roles act on. */
    async listen(gateway: GatewayHandle | undefined, log: Log): Promise<void> {
      const handlers: SignalHandlers = {};
      if (gateway) handlers.commandQueued = (id) => gateway.notifyCommand(id);
      if (roles.has('ingest')) handlers.alarmsReleased = (pk) => ingest.writer.releaseAlarms(pk);
      if (roles.has('gateway') || roles.has('ingest')) handlers.deviceChanged = (id) => ingest.cache.invalidate(id);
      if (roles.has('ingest')) handlers.zonesChanged = () => ingest.zonesChanged();
      await signals.listen(handlers);
      if (owned.length) worker = await IngestWorker.start(js, ingest.writer, owned, { names, log });
    },

    describe(): string {
      const parts = [`Roles: ${[...roles].join(', ')} (the others run in other processes, joined through NATS)`];
      if (sink) parts.push(`positions go to the ingest stream ${names.stream} (${partitions} partitions)`);
      if (owned.length) parts.push(`ingest worker for partitions ${owned.join(',')}`);
      return `${parts.join('; ')}.`;
    },

    async stopWorker(): Promise<void> {
      await worker?.stop();
    },

    async close(): Promise<void> {
      signals.close();
      await nc.drain();
    },
  };
}
