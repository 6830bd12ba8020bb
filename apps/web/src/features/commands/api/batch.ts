import type {
  Batch,
  BatchId,
  BatchRow,
  CancelCommandInput,
  RetryBatchInput,
  SendBatchInput,
} from '@lodestar/contract/commands';
import type { FileIdData } from '@lodestar/contract/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { BATCH_KEY } from './keys.ts';

export type { Batch, BatchRow };

/** How often a batch with commands still on their way is asked again. */
export const BATCH_POLL_MS = 1000;

export const sendBatch = (body: SendBatchInput) => api.post<BatchId>('Command/SendBatch', body);
export const getBatch = (BatchID: number) => api.post<Batch>('Command/GetBatch', { BatchID });
export const cancelCommand = (body: CancelCommandInput) =>
  api.post<{ Cancelled: number }>('Command/CancelCommand', body);
export const retryBatch = (body: RetryBatchInput) => api.post<{ Retried: number }>('Command/RetryBatch', body);
export const exportBatch = (BatchID: number) => api.post<FileIdData>('Command/ExportBatch', { BatchID });

/** A batch still moving: some command waits for its device or for its answer. */
export const batchMoving = (b: Batch | undefined) => !b || b.Counts.queued > 0 || b.Counts.sent > 0;

/** A batch's rows, asked again every second while any is queued or sent, then left alone. */
export const useBatch = (batchId: number | null) =>
  useQuery({
    queryKey: [...BATCH_KEY, batchId],
    queryFn: () => getBatch(batchId ?? 0),
    enabled: batchId !== null,
    refetchInterval: (q) => (batchMoving(q.state.data) ? BATCH_POLL_MS : false),
  });
