import { parseYuanToFen } from '@lodestar/domain';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Form rules matching the catalogue calls' limits (docs/SIM-API.md), with translated messages. */
export const nameRules = (t: TFunction): Rule[] => [
  { required: true, whitespace: true, message: t('catalogue:rule.nameRequired') },
  { max: 64, message: t('catalogue:rule.max', { max: 64 }) },
];

export const remarkRules = (t: TFunction): Rule[] => [{ max: 200, message: t('catalogue:rule.max', { max: 200 }) }];

export const requiredRule = (t: TFunction, message: string): Rule => ({ required: true, message: t(message) });

export const integerRules = (t: TFunction, min: number, max: number): Rule[] => [
  { required: true, message: t('catalogue:rule.required') },
  { type: 'integer', min, max, message: t('catalogue:rule.range', { min, max }) },
];

/** Price typed in yuan, at most two decimals; the page converts it to fen with parseYuanToFen. */
export const priceRules = (t: TFunction): Rule[] => [
  { required: true, whitespace: true, message: t('catalogue:rule.priceRequired') },
  {
    validator: async (_r, v: string | undefined) =>
      !v || parseYuanToFen(v) !== null ? undefined : Promise.reject(new Error(t('catalogue:rule.price'))),
  },
];
