import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../downloads/exporter.ts';
import type { HoldRepository } from '../holds/repository.ts';
import type { LogRepository } from '../logs/repository.ts';
import type { NoticeSink } from '../notices/types.ts';
import type { Payments } from '../payments/types.ts';
import type { ReviewService } from '../workflow/review.ts';

export interface RenewalDeps {
  db: Db;
  holds: HoldRepository;
  logs: LogRepository;
  exporter: Exporter;
  payments: Payments;
  notices: NoticeSink;
  review: ReviewService;
}

/** SIM renewal (/recharge). Skeleton until issue #6's renewal lands. */
export function registerRenewal(_app: FastifyInstance, _deps: RenewalDeps): void {}
