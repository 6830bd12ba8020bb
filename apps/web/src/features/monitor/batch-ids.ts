import { LIMITS, splitDeviceIds } from '@lodestar/domain';

export interface BatchIds {
  ids: string[];
  /** More than the limit of spec section 5 ("too many selected"). */
  tooMany: boolean;
}

/** Is the search text a batch of device IDs (comma-separated, Chinese comma too) rather than one keyword? */
export const isBatchSearch = (text: string): boolean => /[,，]/.test(text);

/** Parses a batch device-ID search: comma-separated, blanks and repeats dropped, at most 1000. */
export function parseBatchIds(text: string, limit: number = LIMITS.batchDeviceIds): BatchIds {
  const ids = splitDeviceIds(text);
  return { ids, tooMany: ids.length > limit };
}
