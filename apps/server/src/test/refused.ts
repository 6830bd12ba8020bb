import { ErrCode } from '@lodestar/domain';
import { expect } from 'vitest';

type Reply = { code: number; errCode: number; msg: string };
export type Attempt = [path: string, theirs: Record<string, unknown>, missing: Record<string, unknown>];

/**
 * Every call made with another hold's ids answers 403 OutsideHold, and exactly what the same call
 * answers for an id that does not exist, so ids cannot be probed.
 */
export async function expectRefusedLikeMissing(
  send: (path: string, body: Record<string, unknown>) => Promise<Reply>,
  attempts: Attempt[],
): Promise<void> {
  for (const [p, theirs, missing] of attempts) {
    const r = await send(p, theirs);
    expect({ p, theirs, code: r.code, errCode: r.errCode }).toEqual({
      p,
      theirs,
      code: 403,
      errCode: ErrCode.OutsideHold,
    });
    const m = await send(p, missing);
    expect({ p, code: m.code, errCode: m.errCode, msg: m.msg }).toEqual({
      p,
      code: r.code,
      errCode: r.errCode,
      msg: r.msg,
    });
  }
}
