import type { FunctionGroup } from '@lodestar/domain';
import { FUNCTIONS } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import type { GrantableFunction } from './api/functions.ts';
import { buildMatrix, groupIds, toggle } from './function-matrix.ts';

const grantable = (ids?: number[]): GrantableFunction[] =>
  FUNCTIONS.filter((f) => !ids || ids.includes(f.id)).map((f) => ({
    id: f.id,
    key: f.key,
    group: f.group as FunctionGroup,
    parent: 'parent' in f ? (f.parent ?? null) : null,
    name: f.name,
  }));

describe('buildMatrix', () => {
  it('groups by area, each parent with its children, and lists every function once', () => {
    const all = grantable();
    const matrix = buildMatrix(all);
    expect(matrix.map((g) => g.group)).toEqual(['sim', 'gps', 'action']);
    const sim = matrix[0]?.rows ?? [];
    const account = sim.find((r) => r.parent?.id === 3);
    expect(account?.items.map((f) => f.id)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    const ids = matrix.flatMap((g) => groupIds(g.rows)).sort((a, b) => a - b);
    expect(ids).toEqual(all.map((f) => f.id).sort((a, b) => a - b));
  });

  it('treats a child as loose when its parent is not grantable, and drops empty areas', () => {
    const matrix = buildMatrix(grantable([16, 17, 44]));
    expect(matrix.map((g) => g.group)).toEqual(['sim', 'action']);
    expect(matrix[0]?.rows).toEqual([{ parent: null, items: expect.any(Array) }]);
    expect(groupIds(matrix[0]?.rows ?? [])).toEqual([16, 17]);
  });
});

describe('toggle', () => {
  const all = grantable();
  const fn = (id: number) => all.find((f) => f.id === id)!;

  it('ticks the parent with a child', () => {
    expect([...toggle(new Set(), fn(16), true, all)].sort((a, b) => a - b)).toEqual([3, 16]);
  });

  it('unticks the children with their parent, and nothing else', () => {
    const next = toggle(new Set([3, 16, 17, 2, 9]), fn(3), false, all);
    expect([...next].sort((a, b) => a - b)).toEqual([2, 9]);
  });

  it('does not tick a parent the caller cannot grant', () => {
    const some = grantable([16]);
    expect([...toggle(new Set(), some[0]!, true, some)]).toEqual([16]);
  });
});
