import type { CommandParamRow } from '@lodestar/contract/commands';
import type { Rule } from 'antd/es/form';

/** The form rules of one catalogue parameter: the server checks the same, this only says it sooner. */
export function paramRules(p: CommandParamRow, t: (k: string, o?: Record<string, unknown>) => string): Rule[] {
  const rules: Rule[] = [];
  if (p.Required && p.Kind !== 'bool') rules.push({ required: true, message: t('form.required') });
  if ((p.Kind === 'int' || p.Kind === 'decimal') && (p.Min !== undefined || p.Max !== undefined))
    rules.push({
      type: 'number',
      min: p.Min,
      max: p.Max,
      message: t('form.range', { min: p.Min ?? '', max: p.Max ?? '' }),
    });
  if (p.Kind === 'text' && p.MaxLength !== undefined)
    rules.push({ max: p.MaxLength, message: t('form.length', { max: p.MaxLength }) });
  return rules;
}

/** A type's fields as they open: the spec's recommended values, switches off unless recommended on. */
export function paramDefaults(params: readonly CommandParamRow[]): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const p of params) {
    if (p.Recommended !== undefined) out[p.Key] = p.Recommended;
    else if (p.Kind === 'bool') out[p.Key] = false;
  }
  return out;
}

/** The Params a send carries: empty optional fields left out (the server reads absent as "not set"). */
export function paramsToSend(
  params: readonly CommandParamRow[],
  values: Record<string, unknown> | undefined,
): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const p of params) {
    const v = values?.[p.Key];
    if (v === undefined || v === null || v === '') continue;
    out[p.Key] = typeof v === 'string' ? v.trim() : (v as number | boolean);
  }
  return out;
}
