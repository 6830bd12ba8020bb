import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

const root = new URL('../../../../', import.meta.url);

describe('loadConfig', () => {
  it('gives every default of the README table when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      adminPhone: '13800000000',
      adminPassword: undefined,
      demo: true,
      appId: 'lodestar',
      appTitle: 'Lodestar',
      platform: 1,
      deviceAccessHost: expect.any(String),
      deviceAccessPort: 5023,
      sessionHours: 168,
      liveRecheckMs: 30_000,
      liveAuthTimeoutMs: 10_000,
      smsProvider: 'local',
      smsHttpUrl: undefined,
      smsHttpToken: undefined,
      smsTemplate: 'Your Lodestar verification code is {code}. It is valid for 5 minutes.',
      smsNoAccountText: expect.stringMatching(/^A Lodestar code was asked for this number, but no account uses it/),
      smsAccountExistsText: expect.stringMatching(/^A Lodestar registration was started for this number/),
      smsCodeLimitPerAddress: 20,
      webDist: undefined,
      trustProxy: false,
      registration: true,
      loginLimitPerPhone: 10,
      loginLimitPerAddress: 30,
      codeCheckLimitPerPhone: 10,
      codeCheckLimitPerAddress: 30,
      registrationHoldId: undefined,
      logLevel: 'warn',
      gatewayPorts: { gt06: 5023, jt808: 5015, h02: 5013, osmand: 5055, teltonika: 5027 },
      gatewayLimits: {
        maxConnections: undefined,
        unidentifiedTimeoutMs: 30_000,
        maxUnidentifiedPerAddress: 1000,
        unidentifiedGraceMs: 5000,
      },
      openFileReserve: 2048,
      apiMaxConnections: 1024,
      onlineTimeoutMs: 600_000,
      deviceDayZone: 'Asia/Shanghai',
      unknownDevicesMax: 10_000,
      trackRollupMs: 900_000,
      natsUrl: undefined,
      roles: new Set(['api', 'gateway', 'ingest']),
      ingestPartitions: 8,
      ingestWorkerPartitions: undefined,
      ingestStreamMaxBytes: 4096 * 1024 * 1024,
      filters: { noFix: true, zeroCoordinates: true, duplicates: true, futureMs: 600_000, maxJumpKmh: 500 },
      historyTrips: true,
      tripParams: { stopSeconds: 180, stopMetres: 200, gapSeconds: 3600 },
      fenceEngine: true,
      fenceEngineThread: 'main',
      fenceHysteresisMetres: 30,
      demoDevices: 20,
      demoSimulator: true,
      geocoder: 'offline',
      geocoderKey: undefined,
      geocoderUrl: undefined,
      payment: {
        provider: 'sandbox',
        notifyBaseUrl: undefined,
        sandboxSecret: undefined,
        notifyLimitPerAddress: 120,
        notifyMaxBytes: 64 * 1024,
        alipay: undefined,
        wechatpay: undefined,
      },
      vip: { price1: 30, price2: 50, vpointPerYuan: 1 },
      map: { defaultProvider: 'amap', tiles: {} },
      uploads: { maxPendingFiles: 20, maxPendingBytes: 100 * 1024 * 1024, expiryMs: 24 * 3_600_000 },
    });
  });

  it('reads each setting into its field', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/data',
      DATABASE_URL: 'postgres://db/x',
      ADMIN_PHONE: '13700000000',
      ADMIN_PASSWORD: 'pw',
      DEMO: '0',
      APP_ID: 'other',
      APP_TITLE: 'Fleet',
      PLATFORM: '2',
      DEVICE_ACCESS_HOST: 'gps.example.com',
      GATEWAY_GT06_PORT: '6023',
      SESSION_HOURS: '12',
      LIVE_RECHECK_SECONDS: '5',
      LIVE_AUTH_TIMEOUT_SECONDS: '3',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'http://sms',
      SMS_HTTP_TOKEN: 'tok',
      SMS_TEMPLATE: 'code {code}',
      SMS_NO_ACCOUNT_TEXT: '',
      SMS_ACCOUNT_EXISTS_TEXT: 'exists',
      SMS_CODE_LIMIT_PER_ADDRESS: '7',
      WEB_DIST: '/srv/web',
      TRUST_PROXY: '1',
      REGISTRATION: '0',
      LOGIN_LIMIT_PER_PHONE: '1',
      LOGIN_LIMIT_PER_ADDRESS: '2',
      CODE_CHECK_LIMIT_PER_PHONE: '3',
      CODE_CHECK_LIMIT_PER_ADDRESS: '4',
      REGISTRATION_HOLD_ID: '42',
      LOG_LEVEL: 'info',
      GATEWAY_JT808_PORT: '6015',
      GATEWAY_H02_PORT: '6013',
      GATEWAY_OSMAND_PORT: '6055',
      GATEWAY_TELTONIKA_PORT: '0',
      GATEWAY_MAX_CONNECTIONS: '500',
      GATEWAY_UNIDENTIFIED_TIMEOUT_SECONDS: '9',
      GATEWAY_MAX_UNIDENTIFIED_PER_ADDRESS: '8',
      GATEWAY_UNIDENTIFIED_GRACE_SECONDS: '0',
      OPEN_FILE_RESERVE: '100',
      ONLINE_TIMEOUT_SECONDS: '60',
      DEVICE_DAY_TIME_ZONE: 'Europe/Paris',
      UNKNOWN_DEVICES_MAX: '5',
      TRACK_ROLLUP_INTERVAL_MINUTES: '2',
      NATS_URL: 'nats://n:4222',
      ROLES: 'api,ingest',
      INGEST_PARTITIONS: '4',
      INGEST_WORKER_PARTITIONS: '0-1',
      INGEST_STREAM_MAX_MB: '1',
      INGEST_FILTER_NO_FIX: '0',
      INGEST_FILTER_ZERO: '0',
      INGEST_FILTER_DUPLICATES: '0',
      INGEST_FILTER_FUTURE_SECONDS: '0',
      INGEST_FILTER_MAX_JUMP_KMH: '100',
      HISTORY_TRIPS: 'off',
      HISTORY_STOP_SECONDS: '60',
      HISTORY_STOP_METRES: '50',
      HISTORY_GAP_SECONDS: '600',
      FENCE_ENGINE: 'off',
      FENCE_ENGINE_THREAD: 'Worker',
      FENCE_HYSTERESIS_METRES: '0',
      DEMO_DEVICES: '3',
      DEMO_SIMULATOR: '0',
      GEOCODER: 'nominatim',
      GEOCODER_KEY: 'k',
      GEOCODER_URL: 'http://geo',
      PAYMENT_NOTIFY_BASE_URL: 'https://gps.example.com/',
      PAYMENT_SANDBOX_SECRET: 's',
      PAYMENT_NOTIFY_LIMIT_PER_ADDRESS: '6',
      PAYMENT_NOTIFY_MAX_KB: '2',
      VIP_PRICE1: '10',
      VIP_PRICE2: '20',
      VPOINT_PER_YUAN: '3',
      MAP_DEFAULT_PROVIDER: 'osm',
      MAP_TILES_OSM: 'https://t/{z}/{x}/{y}.png',
      UPLOAD_MAX_PENDING_FILES: '2',
      UPLOAD_MAX_PENDING_MB: '1',
      UPLOAD_EXPIRY_HOURS: '1',
    });
    expect({ ...c, roles: [...c.roles] }).toEqual({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/data',
      databaseUrl: 'postgres://db/x',
      adminPhone: '13700000000',
      adminPassword: 'pw',
      demo: false,
      appId: 'other',
      appTitle: 'Fleet',
      platform: 2,
      deviceAccessHost: 'gps.example.com',
      deviceAccessPort: 6023,
      sessionHours: 12,
      liveRecheckMs: 5000,
      liveAuthTimeoutMs: 3000,
      smsProvider: 'http',
      smsHttpUrl: 'http://sms',
      smsHttpToken: 'tok',
      smsTemplate: 'code {code}',
      smsNoAccountText: '',
      smsAccountExistsText: 'exists',
      smsCodeLimitPerAddress: 7,
      webDist: '/srv/web',
      trustProxy: true,
      registration: false,
      loginLimitPerPhone: 1,
      loginLimitPerAddress: 2,
      codeCheckLimitPerPhone: 3,
      codeCheckLimitPerAddress: 4,
      registrationHoldId: 42,
      logLevel: 'info',
      gatewayPorts: { gt06: 6023, jt808: 6015, h02: 6013, osmand: 6055, teltonika: 0 },
      gatewayLimits: {
        maxConnections: 500,
        unidentifiedTimeoutMs: 9000,
        maxUnidentifiedPerAddress: 8,
        unidentifiedGraceMs: 0,
      },
      openFileReserve: 100,
      apiMaxConnections: 64,
      onlineTimeoutMs: 60_000,
      deviceDayZone: 'Europe/Paris',
      unknownDevicesMax: 5,
      trackRollupMs: 120_000,
      natsUrl: 'nats://n:4222',
      roles: ['api', 'ingest'],
      ingestPartitions: 4,
      ingestWorkerPartitions: '0-1',
      ingestStreamMaxBytes: 1024 * 1024,
      filters: { noFix: false, zeroCoordinates: false, duplicates: false, futureMs: 0, maxJumpKmh: 100 },
      historyTrips: false,
      tripParams: { stopSeconds: 60, stopMetres: 50, gapSeconds: 600 },
      fenceEngine: false,
      fenceEngineThread: 'worker',
      fenceHysteresisMetres: 0,
      demoDevices: 3,
      demoSimulator: false,
      geocoder: 'nominatim',
      geocoderKey: 'k',
      geocoderUrl: 'http://geo',
      payment: {
        provider: 'sandbox',
        notifyBaseUrl: 'https://gps.example.com',
        sandboxSecret: 's',
        notifyLimitPerAddress: 6,
        notifyMaxBytes: 2048,
        alipay: undefined,
        wechatpay: undefined,
      },
      vip: { price1: 10, price2: 20, vpointPerYuan: 3 },
      map: { defaultProvider: 'osm', tiles: { osm: ['https://t/{z}/{x}/{y}.png'] } },
      uploads: { maxPendingFiles: 2, maxPendingBytes: 1024 * 1024, expiryMs: 3_600_000 },
    });
  });

  it('turns the device listeners and the track rollup off, and says which setting is wrong', () => {
    const c = loadConfig({ GATEWAY_DISABLED: '1', DEVICE_ACCESS_PORT: '7000', TRACK_ROLLUP: '0' });
    expect(c.gatewayPorts).toEqual({ gt06: 0, jt808: 0, h02: 0, osmand: 0, teltonika: 0 });
    expect(c.deviceAccessPort).toBe(7000);
    expect(c.trackRollupMs).toBe(0);
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow('SMS_PROVIDER=http needs SMS_HTTP_URL');
    expect(() => loadConfig({ PORT: 'x' })).toThrow('Setting PORT must be a whole number, got "x"');
    expect(() => loadConfig({ FENCE_ENGINE: 'maybe' })).toThrow('Setting FENCE_ENGINE must be "on" or "off"');
    expect(() => loadConfig({ FENCE_ENGINE_THREAD: 'gpu' })).toThrow(
      'Setting FENCE_ENGINE_THREAD must be one of main, worker, got "gpu"',
    );
    expect(() => loadConfig({ ROLES: 'api' })).toThrow('set NATS_URL');
    expect(() => loadConfig({ DEVICE_DAY_TIME_ZONE: 'Mars/Base' })).toThrow('must be an IANA time zone');
    expect(() => loadConfig({ GEOCODER: 'x' })).toThrow('Setting GEOCODER must be offline, amap or nominatim');
    expect(() => loadConfig({ PLATFORM: '3' })).toThrow('Setting PLATFORM must be 1 or 2');
  });
});

describe('the README settings table', () => {
  // Every name the config sources read, found in their text, so a setting added in any of them is caught.
  const sources = [new URL('apps/server/src/config.ts', root)];
  const dir = new URL('apps/server/src/config/', root);
  if (existsSync(dir))
    for (const f of readdirSync(dir)) if (f.endsWith('.ts') && !f.endsWith('.test.ts')) sources.push(new URL(f, dir));
  const names = new Set<string>();
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/env\.([A-Z][A-Z0-9_]+)|\(env, '([A-Z][A-Z0-9_]+)'/g)) names.add((m[1] ?? m[2])!);
  }
  const readme = readFileSync(new URL('README.md', root), 'utf8');

  it('names every setting the server reads', () => {
    expect(names.size).toBeGreaterThan(80);
    const missing = [...names].filter((n) => !readme.includes(`\`${n}\``) && !readme.includes(`\`${n} (`));
    expect(missing).toEqual([]);
  });
});
