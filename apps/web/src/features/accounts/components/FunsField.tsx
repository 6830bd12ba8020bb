import { Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrantableFunctions } from '../api/functions.ts';
import { FunctionMatrix } from './FunctionMatrix.tsx';

/**
 * The function matrix as a form control (`Funs: number[]`): the functions the signed-in account may
 * grant. Ticks of functions it cannot grant are kept as they were (the server keeps them too).
 */
export function FunsField({
  value,
  onChange,
  disabled,
}: {
  value?: number[];
  onChange?: (next: number[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('common');
  const functions = useGrantableFunctions();
  const checked = useMemo(() => new Set(value ?? []), [value]);
  if (functions.isLoading) return <Spin description={t('loading')} />;
  return (
    <FunctionMatrix
      functions={functions.data ?? []}
      checked={checked}
      disabled={disabled}
      onChange={(next) => onChange?.([...next].sort((a, b) => a - b))}
    />
  );
}
