import { describe, expect, it } from 'vitest';
import { fieldsNamedIn } from './FormModal.tsx';

describe('fieldsNamedIn', () => {
  const names = ['OperatorName', 'OperatorID', 'PriceFen', 'Remark'];

  it('finds the field a validation message names', () => {
    expect(fieldsNamedIn('Invalid field: PriceFen must be >= 0', names)).toEqual(['PriceFen']);
    expect(fieldsNamedIn('已存在: OperatorName', names)).toEqual(['OperatorName']);
  });

  it('does not match a field inside a longer name', () => {
    expect(fieldsNamedIn('Invalid field: OperatorNames is required', names)).toEqual([]);
    expect(fieldsNamedIn('Invalid field: XOperatorID', names)).toEqual([]);
  });

  it('finds nothing in a message that names no field', () => {
    expect(fieldsNamedIn('The carrier is still used by 3 packages', names)).toEqual([]);
  });
});
