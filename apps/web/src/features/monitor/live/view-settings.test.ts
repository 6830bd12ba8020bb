import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, mapLabelText, normaliseView } from './view-settings.ts';

const row = { DeviceID: '4100000001', DeviceName: '沪A0001', Plate: null, Speed: 42.4 };

describe('monitor view settings', () => {
  it('composes the map label from the chosen parts', () => {
    const all = { name: true, deviceId: true, speed: true };
    expect(mapLabelText(all, row, 'km/h')).toBe('沪A0001 · 4100000001 · 42 km/h');
    expect(mapLabelText({ ...all, deviceId: false }, { ...row, Plate: '浙B12345' }, 'km/h')).toBe('浙B12345 · 42 km/h');
    expect(mapLabelText({ name: false, deviceId: true, speed: false }, row, 'km/h')).toBe('4100000001');
    // A device named by its ID shows the ID once; no speed yet, no speed part; nothing chosen, no label.
    expect(mapLabelText(all, { ...row, DeviceName: row.DeviceID, Speed: null }, 'km/h')).toBe('4100000001');
    expect(mapLabelText({ name: false, deviceId: false, speed: false }, row, 'km/h')).toBe('');
  });

  it('fills a saved view from the defaults and drops what is not a switch', () => {
    expect(normaliseView(undefined)).toEqual(DEFAULT_VIEW);
    expect(
      normaliseView({ mapLabel: { speed: true, colour: true }, listFields: { status: false, time: 'yes' } }),
    ).toEqual({
      mapLabel: { ...DEFAULT_VIEW.mapLabel, speed: true },
      listFields: { ...DEFAULT_VIEW.listFields, status: false },
    });
  });
});
