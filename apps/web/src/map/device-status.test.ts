import { describe, expect, it } from 'vitest';
import { MAP_STATUSES, statusStyle } from './device-status.ts';

describe('status → colour and icon', () => {
  it('gives every map status its own colour and icon', () => {
    const styles = MAP_STATUSES.map(statusStyle);
    expect(new Set(styles.map((s) => s.color)).size).toBe(MAP_STATUSES.length);
    expect(new Set(styles.map((s) => s.icon)).size).toBe(MAP_STATUSES.length);
    for (const s of styles) expect(s.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('draws arrows (rotated by course) for reporting devices and dots for silent ones', () => {
    expect(statusStyle('moving')).toEqual({ color: '#16a34a', shape: 'arrow', icon: 'device-moving' });
    expect(statusStyle('alarm')).toMatchObject({ color: '#e11d48', shape: 'arrow' });
    expect(statusStyle('offline').shape).toBe('dot');
    expect(statusStyle('unused').shape).toBe('dot');
  });

  it('treats an unknown status as offline', () => {
    expect(statusStyle('???')).toEqual(statusStyle('offline'));
    expect(statusStyle(undefined).icon).toBe('device-offline');
  });
});
