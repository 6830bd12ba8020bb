import { isValidPassword, PHONE_RE, SMS_CODE_RE } from '@lodestar/domain';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Form rules of spec section 5, with translated messages. */
export const phoneRules = (t: TFunction): Rule[] => [
  { required: true, whitespace: true, message: t('auth:inputPhone') },
  { pattern: PHONE_RE, message: t('auth:phoneFormat') },
];

export const codeRules = (t: TFunction): Rule[] => [
  { required: true, whitespace: true, message: t('auth:inputCode') },
  { pattern: SMS_CODE_RE, message: t('auth:codeFormat') },
];

export const newPasswordRules = (t: TFunction, requiredMessage: string): Rule[] => [
  { required: true, message: requiredMessage },
  {
    validator: async (_r, v: string) => (!v || isValidPassword(v) ? undefined : Promise.reject(t('auth:passwordRule'))),
  },
];

/** Confirm must equal the field `of` ('passwords not the same'). */
export const confirmRules = (t: TFunction, of: string, requiredMessage: string): Rule[] => [
  { required: true, message: requiredMessage },
  (form: Pick<FormInstance, 'getFieldValue'>) => ({
    validator: async (_r, v: string) =>
      !v || v === form.getFieldValue(of) ? undefined : Promise.reject(t('auth:passwordsNotSame')),
  }),
];
