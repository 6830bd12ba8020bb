import { describe, expect, it } from 'vitest';
import { formFieldsNamedIn } from './form-errors.ts';

describe('server messages onto the zone forms’ fields', () => {
  const ranges = { ValidFrom: 'Valid', ValidTo: 'Valid', DailyFrom: 'Daily', DailyTo: 'Daily' };
  it('puts a range end onto its picker and a plain field onto itself', () => {
    expect(formFieldsNamedIn('Invalid field: ValidTo (before ValidFrom)', ['FenceName'], ranges)).toEqual(['Valid']);
    expect(formFieldsNamedIn('Invalid field: FenceName', ['FenceName', 'SpeedLimit'], ranges)).toEqual(['FenceName']);
  });
  it('leaves the geometry to the alert over the form', () => {
    expect(formFieldsNamedIn('Invalid field: Geometry (selfIntersecting)', ['FenceName', 'Geometry'])).toEqual([]);
  });
});
