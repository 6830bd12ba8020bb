import type { Database } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Ingest } from '../ingest/index.ts';
import type { AccessEvents } from '../lib/access-events.ts';
import type { Exporter } from '../lib/exporter.ts';
import type { HoldScope } from '../lib/hold-scope.ts';
import type { OperationLogRepository } from '../lib/operation-log-repository.ts';
import type { SessionRepository } from '../modules/account/session-repository.ts';
import type { DeviceRepository } from '../modules/devices/repository.ts';
import type { HoldRepository } from '../modules/holds/repository.ts';
import type { LogRepository } from '../modules/logs/repository.ts';
import type { SmsProvider } from '../modules/sms/provider.ts';
import type { UserRepository } from '../modules/users/repository.ts';

/** What buildApp makes once and every area of routes (app/*.ts) shares. */
export interface AppContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  db: Database['db'];
  sms: SmsProvider;
  /** The ingest side: this process's, or one made by buildApp with an in-process bus. */
  live: Ingest;
  userRepo: UserRepository;
  holdRepo: HoldRepository;
  /** Other modules check holds through the scope, and only write the operation log. */
  holdScope: HoldScope;
  sessionRepo: SessionRepository;
  access: AccessEvents;
  logRepo: LogRepository;
  opLog: OperationLogRepository;
  deviceRepo: DeviceRepository;
  exporter: Exporter;
  /** A device changed: this process's device cache, and the other processes' where roles run apart. */
  invalidate: (deviceId: string) => void;
  /** Every write to fences, roads, their bindings or a device's VIP calls this: the fence engine reloads. */
  notifyZones: () => void;
  /** A command was queued for a device: the gateway delivers it. */
  notifyCommand: (deviceId: string) => void;
  /** A device's alarms were released: where roles run apart, the other processes' ingest writers. */
  releaseAlarms: ((devicePk: number) => void) | undefined;
}
