import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../downloads/exporter.ts';
import type { HoldRepository } from '../holds/repository.ts';
import type { LogRepository } from '../logs/repository.ts';

export interface ReconciliationDeps {
  db: Db;
  dataDir: string;
  holds: HoldRepository;
  logs: LogRepository;
  exporter: Exporter;
}

/** Supplier reconciliation and customer bills. Skeleton until issue #6's reconciliation lands. */
export function registerReconciliation(_app: FastifyInstance, _deps: ReconciliationDeps): void {}
