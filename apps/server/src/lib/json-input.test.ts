import { trimStrings } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { fieldWithNul, nestedDeeperThan } from './json-input.ts';

describe('nestedDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings or after escaped quotes', () => {
    expect(nestedDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestedDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestedDeeperThan(`{"a":"${'[{'.repeat(50)}"}`, 1)).toBe(false);
    expect(nestedDeeperThan(`{"a":"\\"${'['.repeat(50)}"}`, 1)).toBe(false);
    expect(nestedDeeperThan(`{"a":"\\\\",${'['.repeat(3)}`, 3)).toBe(true);
  });
});

describe('fieldWithNul', () => {
  it('names the path of a string, or a key, holding U+0000', () => {
    expect(fieldWithNul({ a: 'x', b: [{ c: 'ok' }, { c: 'n\u0000' }] })).toBe('b.1.c');
    expect(fieldWithNul({ 'k\u0000': 1 })).toBe('k\\0');
    expect(fieldWithNul({ a: ['fine', 2, null] })).toBeUndefined();
    expect(fieldWithNul(undefined)).toBeUndefined();
  });
});

describe('trimStrings', () => {
  it('trims at any depth without recursing, keeping key order', () => {
    let deep: unknown = ' x ';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let out = trimStrings(deep);
    for (let i = 0; i < 100_000; i++) out = (out as unknown[])[0];
    expect(out).toBe('x');
    expect(Object.keys(trimStrings({ b: ' 1', a: { d: 2, c: ' 3 ' } }))).toEqual(['b', 'a']);
    expect(trimStrings({ b: ' 1', a: { d: 2, c: ' 3 ' }, n: null })).toEqual({ b: '1', a: { d: 2, c: '3' }, n: null });
  });
});
