import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Exporter } from '../downloads/exporter.ts';
import type { HoldRepository } from '../holds/repository.ts';
import type { LogRepository } from '../logs/repository.ts';
import type { NoticeSink } from '../notices/types.ts';
import type { Payments } from './types.ts';

export interface PaymentsDeps {
  db: Db;
  config: Config;
  holds: HoldRepository;
  logs: LogRepository;
  exporter: Exporter;
  notices: NoticeSink;
}

/** Payment orders and providers. Skeleton until issue #6's payments land. */
export function registerPayments(_app: FastifyInstance, _deps: PaymentsDeps): Payments {
  return {
    createOrder: async () => {
      throw new Error('payments are not built yet');
    },
    onPaid: () => {},
  };
}
