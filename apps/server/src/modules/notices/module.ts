import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { HoldRepository } from '../holds/repository.ts';
import type { ReviewService } from '../workflow/review.ts';
import type { NoticeSink } from './types.ts';

export interface NoticesDeps {
  db: Db;
  holds: HoldRepository;
  review: ReviewService;
}

/** User notices (/message). Skeleton until issue #6's notices land: notices are dropped. */
export function registerNotices(_app: FastifyInstance, _deps: NoticesDeps): NoticeSink {
  return { add: async () => {} };
}
