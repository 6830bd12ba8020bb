import { positiveInt, secret } from './parse.ts';

export interface AlipaySettings {
  appId: string;
  /** PEM or the bare base64 Alipay's key tool writes (PKCS#8 or PKCS#1). */
  privateKey: string;
  /** Alipay's public key (PEM or bare base64 SPKI): verifies replies and notifies. */
  publicKey: string;
  gateway: string;
}

export interface WechatPaySettings {
  mchId: string;
  appId: string;
  /** The serial number of the merchant API certificate whose private key signs requests. */
  serialNo: string;
  privateKey: string;
  /** WeChat Pay's platform public key (or certificate): verifies replies and notifies. */
  platformPublicKey: string;
  /** 32 characters: decrypts notify resources (AEAD_AES_256_GCM). */
  apiV3Key: string;
  gateway: string;
}

/** Payments (docs/SIM-API-2.md): the local sandbox, or the real Alipay and WeChat Pay clients. */
export interface PaymentSettings {
  provider: 'sandbox' | 'live';
  /** Where providers reach this server, e.g. https://gps.example.com (the notify paths are added). */
  notifyBaseUrl: string | undefined;
  /** Signs sandbox callbacks; generated per start when unset. */
  sandboxSecret: string | undefined;
  /** Callbacks a minute from one address, and the largest body, before one is read (both unauthenticated). */
  notifyLimitPerAddress: number;
  notifyMaxBytes: number;
  alipay: AlipaySettings | undefined;
  wechatpay: WechatPaySettings | undefined;
}

export function paymentSettings(env: NodeJS.ProcessEnv): PaymentSettings {
  const provider = env.PAYMENT_PROVIDER || 'sandbox';
  if (provider !== 'sandbox' && provider !== 'live')
    throw new Error(`Setting PAYMENT_PROVIDER must be "sandbox" or "live", got "${provider}"`);
  const notifyBaseUrl = env.PAYMENT_NOTIFY_BASE_URL?.replace(/\/+$/, '') || undefined;
  const base = {
    notifyBaseUrl,
    sandboxSecret: env.PAYMENT_SANDBOX_SECRET || undefined,
    notifyLimitPerAddress: positiveInt(env, 'PAYMENT_NOTIFY_LIMIT_PER_ADDRESS', 120),
    notifyMaxBytes: positiveInt(env, 'PAYMENT_NOTIFY_MAX_KB', 64) * 1024,
  };
  if (provider === 'sandbox') return { provider, ...base, alipay: undefined, wechatpay: undefined };
  const values = {
    ALIPAY_APP_ID: env.ALIPAY_APP_ID || undefined,
    ALIPAY_PRIVATE_KEY: secret(env, 'ALIPAY_PRIVATE_KEY'),
    ALIPAY_PUBLIC_KEY: secret(env, 'ALIPAY_PUBLIC_KEY'),
    WECHATPAY_MCH_ID: env.WECHATPAY_MCH_ID || undefined,
    WECHATPAY_APP_ID: env.WECHATPAY_APP_ID || undefined,
    WECHATPAY_SERIAL_NO: env.WECHATPAY_SERIAL_NO || undefined,
    WECHATPAY_PRIVATE_KEY: secret(env, 'WECHATPAY_PRIVATE_KEY'),
    WECHATPAY_PLATFORM_PUBLIC_KEY: secret(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY'),
    WECHATPAY_API_V3_KEY: env.WECHATPAY_API_V3_KEY || undefined,
  };
  const missing = Object.entries(values)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (!notifyBaseUrl) missing.unshift('PAYMENT_NOTIFY_BASE_URL');
  if (missing.length)
    throw new Error(
      `PAYMENT_PROVIDER=live (Alipay for method 1, WeChat Pay for method 2) needs ${missing.join(', ')} ` +
        '(keys may also be given as <NAME>_FILE); or set PAYMENT_PROVIDER=sandbox',
    );
  if (Buffer.byteLength(values.WECHATPAY_API_V3_KEY!) !== 32)
    throw new Error('Setting WECHATPAY_API_V3_KEY must be the 32-character API v3 key');
  return {
    provider,
    ...base,
    alipay: {
      appId: values.ALIPAY_APP_ID!,
      privateKey: values.ALIPAY_PRIVATE_KEY!,
      publicKey: values.ALIPAY_PUBLIC_KEY!,
      gateway: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
    },
    wechatpay: {
      mchId: values.WECHATPAY_MCH_ID!,
      appId: values.WECHATPAY_APP_ID!,
      serialNo: values.WECHATPAY_SERIAL_NO!,
      privateKey: values.WECHATPAY_PRIVATE_KEY!,
      platformPublicKey: values.WECHATPAY_PLATFORM_PUBLIC_KEY!,
      apiV3Key: values.WECHATPAY_API_V3_KEY!,
      gateway: (env.WECHATPAY_GATEWAY || 'https://api.mch.weixin.qq.com').replace(/\/+$/, ''),
    },
  };
}
