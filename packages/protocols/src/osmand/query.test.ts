import { describe, expect, it } from 'vitest';
import { prng } from '../testing/vectors.ts';
import { formParams } from './query.ts';

const viaUrlSearchParams = (query: string) => [...new URLSearchParams(query)].flat();

describe('formParams', () => {
  it('reads queries as URLSearchParams does: separators, +, escapes good and bad, UTF-8, non-ASCII', () => {
    const queries = [
      '',
      '?',
      '&&',
      '=',
      'a',
      'a=',
      '=a',
      'a=b=c',
      '?a=1&b=2',
      '??a=1',
      'a=1&&b=2&',
      'a+b=c+d',
      'a=%2B',
      'a=%zz&b=%2',
      'x=%E4%B8%AD%E6',
      'x=%ED%A0%80&y=%C0%AF',
      'k=%EF%BB%BFv',
      'id=7700000016&cell=460%2C0%2C10256%2C7952%2C-70&wifi=02-4C-00-00-10-10%2C-55',
      'name=é&city=中',
      'lone=\ud800',
    ];
    for (const q of queries) expect(formParams(q), q).toEqual(viaUrlSearchParams(q));
  });

  it('agrees with URLSearchParams on 20,000 random queries', () => {
    const rand = prng(11);
    const parts = [
      'a',
      'id',
      '=',
      '&',
      '%',
      '+',
      '2',
      'C',
      'f',
      '%2C',
      '%E4%B8%AD',
      '%ED%A0%80',
      '%FF',
      '%2',
      '?',
      'é',
    ];
    for (let i = 0; i < 20_000; i++) {
      let q = '';
      for (let k = Math.floor(rand() * 12); k > 0; k--) q += parts[Math.floor(rand() * parts.length)];
      expect(formParams(q), q).toEqual(viaUrlSearchParams(q));
    }
  });
});
