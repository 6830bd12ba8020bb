import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../downloads/exporter.ts';
import type { HoldRepository } from '../holds/repository.ts';

export interface ReportsDeps {
  db: Db;
  holds: HoldRepository;
  exporter: Exporter;
}

/** The report centre (/reports). Skeleton until issue #6's reports land. */
export function registerReports(_app: FastifyInstance, _deps: ReportsDeps): void {}
