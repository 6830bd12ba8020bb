import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Exporter } from '../downloads/exporter.ts';
import type { HoldRepository } from '../holds/repository.ts';
import type { LogRepository } from '../logs/repository.ts';
import type { Payments } from '../payments/types.ts';
import type { SmsProvider } from './provider.ts';

export interface SmsDeps {
  db: Db;
  config: Config;
  holds: HoldRepository;
  logs: LogRepository;
  exporter: Exporter;
  sms: SmsProvider;
  payments: Payments;
}

/** SMS to SIMs, records, packs and balances. Skeleton until issue #6's SMS lands. */
export function registerSms(_app: FastifyInstance, _deps: SmsDeps): void {}
