import { SMS_RULES } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { parseNumbers } from './numbers.ts';

describe('parseNumbers', () => {
  it('takes numbers one per line or comma separated, dropping repeats, spaces and dashes', () => {
    const r = parseNumbers('13800000001\n13800000002, 138-0000-0003\n\n 13800000001 ，+8613800000004');
    expect(r).toEqual({
      numbers: ['13800000001', '13800000002', '13800000003', '+8613800000004'],
      tooMany: false,
    });
  });

  it('names the line of the first entry that is not a SIM number', () => {
    const r = parseNumbers('13800000001\n13800000002\n13800000003, 12ab\n999');
    expect(r.bad).toEqual({ line: 3, value: '12ab' });
  });

  it('flags more numbers than one send takes', () => {
    const many = Array.from({ length: SMS_RULES.maxTargets + 1 }, (_, i) => String(13800000000 + i)).join('\n');
    expect(parseNumbers(many).tooMany).toBe(true);
    expect(parseNumbers(many).numbers).toHaveLength(SMS_RULES.maxTargets + 1);
  });
});
