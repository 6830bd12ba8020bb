import { describe, expect, it } from 'vitest';
import { PAYMENTS_MESSAGES } from '../modules/payments/messages.ts';
import { message, registerMessages } from './messages.ts';

describe('the message catalogue', () => {
  it('answers core messages in zh, en and fr', () => {
    expect([message('outsideHold', 'zh'), message('outsideHold', 'en'), message('outsideHold', 'fr')]).toEqual([
      '无权访问其他单位的数据',
      "You cannot access another organisation's data",
      "Vous ne pouvez pas accéder aux données d'une autre organisation",
    ]);
  });

  it('answers a module message once the module registered its catalogue, and again after a second registration', () => {
    registerMessages(PAYMENTS_MESSAGES);
    registerMessages(PAYMENTS_MESSAGES);
    expect(message('paymentAlreadyPaid', 'en')).toBe(PAYMENTS_MESSAGES.paymentAlreadyPaid.en);
    expect(message('paymentAlreadyPaid', 'fr')).toBe(PAYMENTS_MESSAGES.paymentAlreadyPaid.fr);
  });

  it('refuses a key that a second catalogue gives another meaning', () => {
    expect(() => registerMessages({ outsideHold: { zh: '别的', en: 'other', fr: 'autre' } })).toThrow(/outsideHold/);
  });
});
