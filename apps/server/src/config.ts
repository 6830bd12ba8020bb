import { DEFAULT_APP_ID, LIMITS, type MapSettings, PLATFORMS, type Platform } from '@lodestar/domain';
import { type DeploymentSettings, deploymentSettings } from './config/deployment.ts';
import { type GatewaySettings, gatewaySettings } from './config/gateway.ts';
import { type IngestSettings, ingestSettings } from './config/ingest.ts';
import { mapSettings } from './config/map.ts';
import { int, positiveInt } from './config/parse.ts';
import { type PaymentSettings, paymentSettings } from './config/payments.ts';
import { type ProviderSettings, providerSettings } from './config/providers.ts';

// The settings are read by area in config/; importers keep taking them from here.
export { type Role, rolesApart } from './config/deployment.ts';
export { mapSettings } from './config/map.ts';
export {
  type AlipaySettings,
  type PaymentSettings,
  paymentSettings,
  type WechatPaySettings,
} from './config/payments.ts';

/** Every setting the server reads, with its default. The README lists the same table (config/config.test.ts). */
export interface Config extends GatewaySettings, IngestSettings, DeploymentSettings, ProviderSettings {
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
  sessionHours: number;
  /** How often an open live-feed socket checks its session, functions and hold against the database. */
  liveRecheckMs: number;
  /** A live-feed socket that has not sent its token this long after opening is closed. */
  liveAuthTimeoutMs: number;
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
  demoDevices: number;
  /** `npm start` drives the demo fleet from its own process (scripts/start.ts); off when it runs elsewhere. */
  demoSimulator: boolean;
  payment: PaymentSettings;
  /** VIP prices (VPoints per device-year) and the top-up rate where no unit set its own (VIP_PRICE1/2, VPOINT_PER_YUAN). */
  vip: { price1: number; price2: number; vpointPerYuan: number };
  /** The console's map: default provider and configured tile URL templates (MAP_*). */
  map: MapSettings;
  /** Per user: uploads no import used yet (UPLOAD_MAX_PENDING_*), removed after UPLOAD_EXPIRY_HOURS. */
  uploads: { maxPendingFiles: number; maxPendingBytes: number; expiryMs: number };
}

function platformOf(env: NodeJS.ProcessEnv): Platform {
  const n = int(env, 'PLATFORM', 1);
  if (!(PLATFORMS as readonly number[]).includes(n)) throw new Error(`Setting PLATFORM must be 1 or 2, got "${n}"`);
  return n as Platform;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const providers = providerSettings(env);
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
    sessionHours: int(env, 'SESSION_HOURS', 168),
    liveRecheckMs: positiveInt(env, 'LIVE_RECHECK_SECONDS', 30) * 1000,
    liveAuthTimeoutMs: positiveInt(env, 'LIVE_AUTH_TIMEOUT_SECONDS', 10) * 1000,
    ...providers,
    webDist: env.WEB_DIST || undefined,
    trustProxy: env.TRUST_PROXY === '1',
    registration: (env.REGISTRATION ?? '1') !== '0',
    loginLimitPerPhone: int(env, 'LOGIN_LIMIT_PER_PHONE', LIMITS.loginAttemptsPerPhonePerMinute),
    loginLimitPerAddress: int(env, 'LOGIN_LIMIT_PER_ADDRESS', LIMITS.loginAttemptsPerAddressPerMinute),
    codeCheckLimitPerPhone: int(env, 'CODE_CHECK_LIMIT_PER_PHONE', LIMITS.codeChecksPerPhonePerMinute),
    codeCheckLimitPerAddress: int(env, 'CODE_CHECK_LIMIT_PER_ADDRESS', LIMITS.codeChecksPerAddressPerMinute),
    registrationHoldId: env.REGISTRATION_HOLD_ID ? int(env, 'REGISTRATION_HOLD_ID', 0) : undefined,
    logLevel: env.LOG_LEVEL ?? 'warn',
    ...gatewaySettings(env),
    ...ingestSettings(env),
    ...deploymentSettings(env),
    demoDevices: int(env, 'DEMO_DEVICES', 20),
    demoSimulator: (env.DEMO_SIMULATOR ?? '1') !== '0',
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
