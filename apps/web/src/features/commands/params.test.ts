import type { CommandParamRow } from '@lodestar/contract/commands';
import { describe, expect, it } from 'vitest';
import { paramDefaults, paramRules, paramsToSend } from './params.ts';

const t = (k: string, o?: Record<string, unknown>) => `${k}${o ? JSON.stringify(o) : ''}`;
const overspeed: CommandParamRow = {
  Key: 'overspeedSeconds',
  Kind: 'int',
  Required: true,
  Min: 1,
  Max: 255,
  Recommended: 5,
};
const plate: CommandParamRow = { Key: 'plate', Kind: 'text', Required: false, MaxLength: 12 };
const urgent: CommandParamRow = { Key: 'urgent', Kind: 'bool', Required: false };

describe('command form parameters', () => {
  it('opens with the recommended values and switches off', () => {
    expect(paramDefaults([overspeed, plate, urgent])).toEqual({ overspeedSeconds: 5, urgent: false });
  });

  it('sends only what was filled, texts trimmed', () => {
    expect(
      paramsToSend([overspeed, plate, urgent], { overspeedSeconds: 255, plate: '  粤B1234 ', urgent: false }),
    ).toEqual({ overspeedSeconds: 255, plate: '粤B1234', urgent: false });
    expect(paramsToSend([overspeed, plate], { overspeedSeconds: 7, plate: '' })).toEqual({ overspeedSeconds: 7 });
  });

  it('checks the catalogue range and length in the form', () => {
    expect(paramRules(overspeed, t)).toEqual([
      { required: true, message: 'form.required' },
      { type: 'number', min: 1, max: 255, message: 'form.range{"min":1,"max":255}' },
    ]);
    expect(paramRules(plate, t)).toEqual([{ max: 12, message: 'form.length{"max":12}' }]);
    expect(paramRules(urgent, t)).toEqual([]);
  });
});
