import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import {
  DEFAULT_APP_ID,
  DEFAULT_MAP_PROVIDER,
  DEFAULT_TRIP_PARAMS,
  isMapProvider,
  LIMITS,
  MAP_PROVIDERS,
  type MapSettings,
  mapTilesSetting,
  PLATFORMS,
  type Platform,
  type TripParams,
  ZONE_LIMITS,
} from '@lodestar/domain';
import { DEFAULT_DAY_ZONE } from './ingest/device-days.ts';
import { DEFAULT_FILTERS, type FilterOptions } from './ingest/filters.ts';
import { isTimeZone } from './lib/time.ts';

export type Role = 'api' | 'gateway' | 'ingest';
const ROLES: readonly Role[] = ['api', 'gateway', 'ingest'];

/** Whether this process runs only some of the roles, so the others are in other processes. */
export const rolesApart = (roles: ReadonlySet<Role>) => roles.size < ROLES.length;

function rolesSetting(env: NodeJS.ProcessEnv): ReadonlySet<Role> {
  const raw = env.ROLES?.trim();
  if (!raw || raw === 'all') return new Set(ROLES);
  const roles = new Set<Role>();
  for (const r of raw.split(',').map((x) => x.trim())) {
    if (!ROLES.includes(r as Role))
      throw new Error(`Setting ROLES lists api, gateway and ingest (comma-separated) or is "all", got "${raw}"`);
    roles.add(r as Role);
  }
  if (rolesApart(roles)) {
    if (!env.NATS_URL)
      throw new Error(
        `Setting ROLES=${raw} runs the other roles in other processes, joined through NATS JetStream: set NATS_URL`,
      );
    if (!env.DATABASE_URL)
      throw new Error(
        `Setting ROLES=${raw} runs the other roles in other processes, which share one PostgreSQL: set DATABASE_URL`,
      );
  }
  return roles;
}

/** Every setting the server reads, with its default. The README lists the same table. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPhone: string;
  adminPassword: string | undefined;
  demo: boolean;
  appId: string;
  appTitle: string;
  /**
   * Spec section 6's platform setting for the whole deployment (1 or 2): what account/config answers before log-in,
   * and what a unit shows while neither it nor a unit above it has chosen one (User/SetBranding's Platform).
   */
  platform: Platform;
  deviceAccessHost: string;
  deviceAccessPort: number;
  sessionHours: number;
  /** How often an open live-feed socket checks its session, functions and hold against the database. */
  liveRecheckMs: number;
  /** A live-feed socket that has not sent its token this long after opening is closed. */
  liveAuthTimeoutMs: number;
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
  webDist: string | undefined;
  trustProxy: boolean;
  registration: boolean;
  loginLimitPerPhone: number;
  loginLimitPerAddress: number;
  /** Code checks (account/retrievepassword, account/register) a minute, per phone and per client address. */
  codeCheckLimitPerPhone: number;
  codeCheckLimitPerAddress: number;
  registrationHoldId: number | undefined;
  logLevel: string;
  gatewayPorts: { gt06: number; jt808: number; h02: number; osmand: number; teltonika: number };
  /** Caps on device connections; maxConnections unset → the open-file limit minus openFileReserve. */
  gatewayLimits: {
    maxConnections: number | undefined;
    unidentifiedTimeoutMs: number;
    maxUnidentifiedPerAddress: number;
    unidentifiedGraceMs: number;
  };
  /** Descriptors the gateway leaves for the API, the database pool, NATS and files. */
  openFileReserve: number;
  /** Connections the API port holds at once; past it new ones are dropped, so a flood cannot take the reserve. */
  apiMaxConnections: number;
  onlineTimeoutMs: number;
  /** The zone whose calendar days the ingest records in device_days (a device reported that day). */
  deviceDayZone: string;
  /** The most unknown-device rows kept (unregistered trackers and whatever claims to be one). */
  unknownDevicesMax: number;
  /** Pack closed days of positions into track_days every this often (TRACK_ROLLUP_*); 0: this process does not. */
  trackRollupMs: number;
  natsUrl: string | undefined;
  /** What this process runs (ROLES); all three by default. Apart, they are joined through NATS. */
  roles: ReadonlySet<Role>;
  /** Partitions of the ingest stream; the same in every process of a deployment. */
  ingestPartitions: number;
  /** The partitions this ingest worker takes, e.g. "0-3" (default all). */
  ingestWorkerPartitions: string | undefined;
  /** The ingest stream refuses records beyond this; gateways then withhold ACKs. */
  ingestStreamMaxBytes: number;
  filters: FilterOptions;
  /** Trips and stops tracked as positions are stored (HISTORY_TRIPS); the History calls read them. */
  historyTrips: boolean;
  /** The trip/stop rules (HISTORY_STOP_SECONDS, HISTORY_STOP_METRES, HISTORY_GAP_SECONDS). */
  tripParams: TripParams;
  /** Stored fixes are checked against their devices' fences and roads as they are written (FENCE_ENGINE). */
  fenceEngine: boolean;
  /** A device inside a fence or road leaves once this far outside it (FENCE_HYSTERESIS_METRES): GPS jitter. */
  fenceHysteresisMetres: number;
  demoDevices: number;
  /** Drive the demo fleet from this process; off when it runs elsewhere (the CLI simulator, a benchmark). */
  demoSimulator: boolean;
  geocoder: 'offline' | 'amap' | 'nominatim';
  geocoderKey: string | undefined;
  geocoderUrl: string | undefined;
  payment: PaymentSettings;
  /** VIP prices (VPoints per device-year) and the top-up rate where no unit set its own (VIP_PRICE1/2, VPOINT_PER_YUAN). */
  vip: { price1: number; price2: number; vpointPerYuan: number };
  /** The console's map: default provider and configured tile URL templates (MAP_*). */
  map: MapSettings;
  /** Per user: uploads no import used yet (UPLOAD_MAX_PENDING_*), removed after UPLOAD_EXPIRY_HOURS. */
  uploads: { maxPendingFiles: number; maxPendingBytes: number; expiryMs: number };
}

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

/** NAME, or the contents of the file NAME_FILE names. */
function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const file = env[`${name}_FILE`];
  if (file) {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch (err) {
      throw new Error(`Setting ${name}_FILE: cannot read "${file}" (${(err as Error).message})`);
    }
  }
  return env[name] || undefined;
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

/**
 * MAP_DEFAULT_PROVIDER, and MAP_TILES_<PROVIDER>: one or more tile URL templates separated by spaces,
 * each with {x} {y} {z} (Baidu's own numbering for Baidu), maybe {s} (the console expands it over the
 * provider's sub-domains) and {key}, filled here from MAP_TILES_<PROVIDER>_KEY.
 */
export function mapSettings(env: NodeJS.ProcessEnv): MapSettings {
  const defaultProvider = env.MAP_DEFAULT_PROVIDER || DEFAULT_MAP_PROVIDER;
  if (!isMapProvider(defaultProvider))
    throw new Error(
      `Setting MAP_DEFAULT_PROVIDER must be one of ${MAP_PROVIDERS.join(', ')}, got "${defaultProvider}"`,
    );
  const tiles: MapSettings['tiles'] = {};
  for (const id of MAP_PROVIDERS) {
    const name = mapTilesSetting(id);
    const templates = env[name]?.trim().split(/\s+/).filter(Boolean) ?? [];
    const key = env[`${name}_KEY`]?.trim() || undefined;
    if (key && !templates.some((t) => t.includes('{key}')))
      throw new Error(`Setting ${name}_KEY is given but no ${name} template has a {key} placeholder for it`);
    if (!templates.length) continue;
    for (const t of templates) {
      if (!/^(https?:\/\/|\/(?!\/))/.test(t))
        throw new Error(`Setting ${name}: "${t}" must be an http(s) address or a path on this server`);
      const missing = ['{x}', '{y}', '{z}'].filter((p) => !t.includes(p));
      if (missing.length) throw new Error(`Setting ${name}: "${t}" lacks ${missing.join(' ')}`);
      if (t.includes('{key}') && !key) throw new Error(`Setting ${name} has a {key} placeholder: set ${name}_KEY`);
    }
    tiles[id] = key ? templates.map((t) => t.replaceAll('{key}', encodeURIComponent(key))) : templates;
  }
  return { defaultProvider, tiles };
}

function firstLanAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Setting ${name} must be a whole number, got "${raw}"`);
  return n;
}

function platformOf(env: NodeJS.ProcessEnv): Platform {
  const n = int(env, 'PLATFORM', 1);
  if (!(PLATFORMS as readonly number[]).includes(n)) throw new Error(`Setting PLATFORM must be 1 or 2, got "${n}"`);
  return n as Platform;
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['on', '1', 'true'].includes(raw)) return true;
  if (['off', '0', 'false'].includes(raw)) return false;
  throw new Error(`Setting ${name} must be "on" or "off", got "${env[name]}"`);
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = int(env, name, fallback);
  if (n < 1) throw new Error(`Setting ${name} must be at least 1, got "${env[name]}"`);
  return n;
}

function zoneSetting(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const v = env[name] || fallback;
  if (!isTimeZone(v)) throw new Error(`Setting ${name} must be an IANA time zone such as Asia/Shanghai, got "${v}"`);
  return v;
}

function geocoderSetting(v: string | undefined): Config['geocoder'] {
  if (v === undefined || v === '' || v === 'offline') return 'offline';
  if (v === 'amap' || v === 'nominatim') return v;
  throw new Error(`Setting GEOCODER must be offline, amap or nominatim, got "${v}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const smsProvider = env.SMS_PROVIDER ?? 'local';
  if (smsProvider !== 'local' && smsProvider !== 'http')
    throw new Error(`Setting SMS_PROVIDER must be "local" or "http", got "${smsProvider}"`);
  if (smsProvider === 'http' && !env.SMS_HTTP_URL) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
  return {
    port: int(env, 'PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    adminPhone: env.ADMIN_PHONE ?? '13800000000',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demo: (env.DEMO ?? '1') !== '0',
    appId: env.APP_ID ?? DEFAULT_APP_ID,
    appTitle: env.APP_TITLE ?? 'Lodestar',
    platform: platformOf(env),
    deviceAccessHost: env.DEVICE_ACCESS_HOST ?? firstLanAddress(),
    deviceAccessPort: int(env, 'DEVICE_ACCESS_PORT', int(env, 'GATEWAY_GT06_PORT', 5023)),
    sessionHours: int(env, 'SESSION_HOURS', 168),
    liveRecheckMs: positiveInt(env, 'LIVE_RECHECK_SECONDS', 30) * 1000,
    liveAuthTimeoutMs: positiveInt(env, 'LIVE_AUTH_TIMEOUT_SECONDS', 10) * 1000,
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
    webDist: env.WEB_DIST || undefined,
    trustProxy: env.TRUST_PROXY === '1',
    registration: (env.REGISTRATION ?? '1') !== '0',
    loginLimitPerPhone: int(env, 'LOGIN_LIMIT_PER_PHONE', LIMITS.loginAttemptsPerPhonePerMinute),
    loginLimitPerAddress: int(env, 'LOGIN_LIMIT_PER_ADDRESS', LIMITS.loginAttemptsPerAddressPerMinute),
    codeCheckLimitPerPhone: int(env, 'CODE_CHECK_LIMIT_PER_PHONE', LIMITS.codeChecksPerPhonePerMinute),
    codeCheckLimitPerAddress: int(env, 'CODE_CHECK_LIMIT_PER_ADDRESS', LIMITS.codeChecksPerAddressPerMinute),
    registrationHoldId: env.REGISTRATION_HOLD_ID ? int(env, 'REGISTRATION_HOLD_ID', 0) : undefined,
    logLevel: env.LOG_LEVEL ?? 'warn',
    gatewayPorts:
      env.GATEWAY_DISABLED === '1'
        ? { gt06: 0, jt808: 0, h02: 0, osmand: 0, teltonika: 0 }
        : {
            gt06: int(env, 'GATEWAY_GT06_PORT', 5023),
            jt808: int(env, 'GATEWAY_JT808_PORT', 5015),
            h02: int(env, 'GATEWAY_H02_PORT', 5013),
            osmand: int(env, 'GATEWAY_OSMAND_PORT', 5055),
            teltonika: int(env, 'GATEWAY_TELTONIKA_PORT', 5027),
          },
    gatewayLimits: {
      maxConnections: env.GATEWAY_MAX_CONNECTIONS ? positiveInt(env, 'GATEWAY_MAX_CONNECTIONS', 1) : undefined,
      unidentifiedTimeoutMs: positiveInt(env, 'GATEWAY_UNIDENTIFIED_TIMEOUT_SECONDS', 30) * 1000,
      maxUnidentifiedPerAddress: positiveInt(env, 'GATEWAY_MAX_UNIDENTIFIED_PER_ADDRESS', 1000),
      unidentifiedGraceMs: int(env, 'GATEWAY_UNIDENTIFIED_GRACE_SECONDS', 5) * 1000,
    },
    openFileReserve: int(env, 'OPEN_FILE_RESERVE', 2048),
    apiMaxConnections: positiveInt(
      env,
      'API_MAX_CONNECTIONS',
      Math.max(64, Math.floor(int(env, 'OPEN_FILE_RESERVE', 2048) / 2)),
    ),
    onlineTimeoutMs: int(env, 'ONLINE_TIMEOUT_SECONDS', 600) * 1000,
    deviceDayZone: zoneSetting(env, 'DEVICE_DAY_TIME_ZONE', DEFAULT_DAY_ZONE),
    unknownDevicesMax: positiveInt(env, 'UNKNOWN_DEVICES_MAX', 10_000),
    trackRollupMs: env.TRACK_ROLLUP === '0' ? 0 : positiveInt(env, 'TRACK_ROLLUP_INTERVAL_MINUTES', 15) * 60_000,
    natsUrl: env.NATS_URL || undefined,
    roles: rolesSetting(env),
    ingestPartitions: Math.max(1, int(env, 'INGEST_PARTITIONS', 8)),
    ingestWorkerPartitions: env.INGEST_WORKER_PARTITIONS || undefined,
    ingestStreamMaxBytes: int(env, 'INGEST_STREAM_MAX_MB', 4096) * 1024 * 1024,
    filters: {
      noFix: (env.INGEST_FILTER_NO_FIX ?? '1') !== '0',
      zeroCoordinates: (env.INGEST_FILTER_ZERO ?? '1') !== '0',
      duplicates: (env.INGEST_FILTER_DUPLICATES ?? '1') !== '0',
      futureMs: int(env, 'INGEST_FILTER_FUTURE_SECONDS', DEFAULT_FILTERS.futureMs / 1000) * 1000,
      maxJumpKmh: int(env, 'INGEST_FILTER_MAX_JUMP_KMH', DEFAULT_FILTERS.maxJumpKmh),
    },
    historyTrips: !['0', 'off'].includes(env.HISTORY_TRIPS ?? 'on'),
    tripParams: {
      stopSeconds: positiveInt(env, 'HISTORY_STOP_SECONDS', DEFAULT_TRIP_PARAMS.stopSeconds),
      stopMetres: positiveInt(env, 'HISTORY_STOP_METRES', DEFAULT_TRIP_PARAMS.stopMetres),
      gapSeconds: positiveInt(env, 'HISTORY_GAP_SECONDS', DEFAULT_TRIP_PARAMS.gapSeconds),
    },
    fenceEngine: onOff(env, 'FENCE_ENGINE', true),
    fenceHysteresisMetres: int(env, 'FENCE_HYSTERESIS_METRES', ZONE_LIMITS.hysteresisMetres),
    demoDevices: int(env, 'DEMO_DEVICES', 20),
    demoSimulator: (env.DEMO_SIMULATOR ?? '1') !== '0',
    geocoder: geocoderSetting(env.GEOCODER),
    geocoderKey: env.GEOCODER_KEY || undefined,
    geocoderUrl: env.GEOCODER_URL || undefined,
    payment: paymentSettings(env),
    vip: {
      price1: int(env, 'VIP_PRICE1', 30),
      price2: int(env, 'VIP_PRICE2', 50),
      vpointPerYuan: positiveInt(env, 'VPOINT_PER_YUAN', 1),
    },
    map: mapSettings(env),
    uploads: {
      maxPendingFiles: positiveInt(env, 'UPLOAD_MAX_PENDING_FILES', 20),
      maxPendingBytes: positiveInt(env, 'UPLOAD_MAX_PENDING_MB', 100) * 1024 * 1024,
      expiryMs: positiveInt(env, 'UPLOAD_EXPIRY_HOURS', 24) * 3_600_000,
    },
  };
}
