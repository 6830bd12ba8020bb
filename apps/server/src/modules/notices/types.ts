import type { NoticeKind } from '@lodestar/domain';
import type { Executor } from '../../lib/executor.ts';

export interface NewNotice {
  userId: number;
  kind: NoticeKind;
  /** Values the notice's text is rendered with (ICCIDs, counts, order numbers, WorkID…). */
  params: Record<string, string | number | boolean | null>;
  /** A second notice with the same user and key is dropped (e.g. simExpiring:2026-11-22). */
  dedupeKey: string;
}

/** How other modules leave a notice for a user; `tx` lets it share their transaction. */
export interface NoticeSink {
  add(tx: Executor | null, notices: NewNotice[]): Promise<void>;
}
