import { describe, expect, it } from 'vitest';
import { fromDisplay, insideChina, type LngLat, toDisplay } from './coords.ts';

// Reference values: gcoord's documented WGS-84 → GCJ-02 results (Tiananmen, People's Square).
const BEIJING: LngLat = [116.403988, 39.914266];
const BEIJING_GCJ: LngLat = [116.41023240747266, 39.915670251113426];
const SHANGHAI: LngLat = [121.4737, 31.2304];
const SHANGHAI_GCJ: LngLat = [121.47822305927693, 31.22845773757727];
const PARIS: LngLat = [2.3522, 48.8566];

const close = (a: LngLat, b: LngLat, eps = 1e-5) => {
  expect(Math.abs(a[0] - b[0])).toBeLessThan(eps);
  expect(Math.abs(a[1] - b[1])).toBeLessThan(eps);
};

describe('coordinate conversion for display', () => {
  it('converts Beijing and Shanghai WGS-84 → GCJ-02 and back within 1e-5', () => {
    close(toDisplay(BEIJING, 'GCJ02'), BEIJING_GCJ, 1e-9);
    close(toDisplay(SHANGHAI, 'GCJ02'), SHANGHAI_GCJ, 1e-9);
    close(fromDisplay(BEIJING_GCJ, 'GCJ02'), BEIJING);
    close(fromDisplay(SHANGHAI_GCJ, 'GCJ02'), SHANGHAI);
  });

  it('shifts Chinese points by a few hundred metres for GCJ-02 and more for BD-09', () => {
    const gcj = toDisplay(BEIJING, 'GCJ02');
    const bd = toDisplay(BEIJING, 'BD09');
    expect(Math.abs(gcj[0] - BEIJING[0])).toBeGreaterThan(0.001);
    expect(Math.abs(bd[0] - BEIJING[0])).toBeGreaterThan(Math.abs(gcj[0] - BEIJING[0]));
    close(fromDisplay(bd, 'BD09'), BEIJING);
  });

  it('leaves WGS-84 maps alone', () => {
    expect(toDisplay(BEIJING, 'WGS84')).toEqual(BEIJING);
    expect(fromDisplay(BEIJING, 'WGS84')).toEqual(BEIJING);
  });

  it('leaves Paris unchanged for GCJ-02 and, by our rule, for BD-09', () => {
    expect(insideChina(PARIS)).toBe(false);
    expect(insideChina(BEIJING)).toBe(true);
    expect(toDisplay(PARIS, 'GCJ02')).toEqual(PARIS);
    expect(toDisplay(PARIS, 'BD09')).toEqual(PARIS);
    expect(fromDisplay(PARIS, 'BD09')).toEqual(PARIS);
    expect(fromDisplay(PARIS, 'GCJ02')).toEqual(PARIS);
  });
});
