import { LIMITS } from '@lodestar/domain';
import { int } from './parse.ts';

/** The outside services the server talks to other than payments (payments.ts): SMS and reverse geocoding. */
export interface ProviderSettings {
  smsProvider: 'local' | 'http';
  smsHttpUrl: string | undefined;
  smsHttpToken: string | undefined;
  smsTemplate: string;
  /** Texted instead of a code: log-in or recovery asked for a phone without an account ('' sends nothing). */
  smsNoAccountText: string;
  /** Texted instead of a code: registration asked for a phone that has an account ('' sends nothing). */
  smsAccountExistsText: string;
  /** Codes asked for an hour per client address. */
  smsCodeLimitPerAddress: number;
  geocoder: 'offline' | 'amap' | 'nominatim';
  geocoderKey: string | undefined;
  geocoderUrl: string | undefined;
}

function geocoderSetting(v: string | undefined): ProviderSettings['geocoder'] {
  if (v === undefined || v === '' || v === 'offline') return 'offline';
  if (v === 'amap' || v === 'nominatim') return v;
  throw new Error(`Setting GEOCODER must be offline, amap or nominatim, got "${v}"`);
}

export function providerSettings(env: NodeJS.ProcessEnv): ProviderSettings {
  const smsProvider = env.SMS_PROVIDER ?? 'local';
  if (smsProvider !== 'local' && smsProvider !== 'http')
    throw new Error(`Setting SMS_PROVIDER must be "local" or "http", got "${smsProvider}"`);
  if (smsProvider === 'http' && !env.SMS_HTTP_URL) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
  return {
    smsProvider,
    smsHttpUrl: env.SMS_HTTP_URL || undefined,
    smsHttpToken: env.SMS_HTTP_TOKEN || undefined,
    smsTemplate: env.SMS_TEMPLATE ?? 'Your Lodestar verification code is {code}. It is valid for 5 minutes.',
    smsNoAccountText:
      env.SMS_NO_ACCOUNT_TEXT ??
      'A Lodestar code was asked for this number, but no account uses it, so none was sent. If it was not you, ignore this message.',
    smsAccountExistsText:
      env.SMS_ACCOUNT_EXISTS_TEXT ??
      'A Lodestar registration was started for this number, but it already has an account: log in, or reset the password from the log-in page.',
    smsCodeLimitPerAddress: int(env, 'SMS_CODE_LIMIT_PER_ADDRESS', LIMITS.smsCodesPerAddressPerHour),
    geocoder: geocoderSetting(env.GEOCODER),
    geocoderKey: env.GEOCODER_KEY || undefined,
    geocoderUrl: env.GEOCODER_URL || undefined,
  };
}
