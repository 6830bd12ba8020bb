import { describe, expect, it } from 'vitest';
import { checkIdCard, checkVin, vinCheckDigit } from './identity.ts';

describe('VIN (ISO 3779)', () => {
  it('accepts real VINs whose check digit is right, North American and Chinese', () => {
    // 1M8GDM9AXKP042788: the NHTSA worked example; LSVAU033512345678 has its check digit recomputed below.
    expect(checkVin('1M8GDM9AXKP042788')).toBeNull();
    expect(vinCheckDigit('11111111111111111')).toBe('1');
    const chinese = 'LSVAU0335N2184526';
    const fixed = `${chinese.slice(0, 8)}${vinCheckDigit(chinese)}${chinese.slice(9)}`;
    expect(checkVin(fixed)).toBeNull();
  });
  it('refuses a wrong check digit where it is mandatory, and not elsewhere', () => {
    expect(checkVin('1M8GDM9A1KP042788')).toBe('vinCheckDigit');
    expect(checkVin('WVWZZZ1JZXW000001')).toBeNull(); // European: position 9 is the maker's
  });
  it('refuses the wrong length and the letters I, O and Q', () => {
    expect(checkVin('1M8GDM9AXKP04278')).toBe('vinLength');
    expect(checkVin('1M8GDM9AXKP04278O')).toBe('vinCharacters');
  });
});

describe('ID card (GB 11643)', () => {
  it('accepts a number whose check character is right, X included', () => {
    expect(checkIdCard('11010519491231002X')).toBeNull();
    expect(checkIdCard('440524188001010014')).toBeNull();
  });
  it('refuses a wrong check character, a bad birth date and a bad shape', () => {
    expect(checkIdCard('110105194912310021')).toBe('idCardCheckDigit');
    expect(checkIdCard('110105194902300021')).toBe('idCardBirthDate');
    expect(checkIdCard('11010519491231002')).toBe('idCardLength');
    expect(checkIdCard('1101051949123100AX')).toBe('idCardLength');
  });
});
