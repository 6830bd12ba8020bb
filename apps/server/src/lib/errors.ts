import { ErrCode, ReplyCode } from '@lodestar/domain';
import type { MessageKey } from './messages.ts';

/**
 * An expected failure: it becomes `{ code, msg, errCode }` with HTTP 200 (spec section 8: the
 * console reacts to the reply code). `key` names a translated message; `detail` is appended.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly errCode: number,
    readonly key: MessageKey,
    readonly detail?: string,
    /** Further reasons, each translated and joined to the first with '; ' (a removal refused for several). */
    readonly also: readonly { key: MessageKey; detail?: string }[] = [],
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, detail?: string, errCode: number = ErrCode.Validation) =>
  new AppError(ReplyCode.BadRequest, errCode, key, detail);
export const notFound = (key: MessageKey = 'notFound') => new AppError(ReplyCode.NotFound, ErrCode.NotFound, key);
export const forbidden = (key: MessageKey = 'noFunction', errCode: number = ErrCode.NoFunction) =>
  new AppError(ReplyCode.Forbidden, errCode, key);
export const outsideHold = () => new AppError(ReplyCode.Forbidden, ErrCode.OutsideHold, 'outsideHold');
export const unauthorized = (errCode: number, key: MessageKey = 'loginAgain') =>
  new AppError(ReplyCode.Unauthorized, errCode, key);
export const conflict = (key: MessageKey, detail?: string) =>
  new AppError(ReplyCode.BadRequest, ErrCode.Conflict, key, detail);
export const tooMany = () => new AppError(ReplyCode.TooMany, ErrCode.RateLimited, 'tryLater');
