import { AccountType } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { type BannerFacts, startBanner } from './banner.ts';

const logins = [
  {
    phone: '13900000001',
    password: 'demo1234',
    userName: '王经理',
    accountType: AccountType.Admin,
    holdName: '华东服务商',
  },
  {
    phone: '13900000003',
    password: 'demo1234',
    userName: '李调度',
    accountType: AccountType.User,
    holdName: '上海快运',
  },
];
const restart: BannerFacts = {
  port: 8080,
  admin: undefined,
  adminPhone: '13800000000',
  demoSeeded: false,
  demoLogins: logins,
  devicePorts: { gt06: 5023, jt808: 5015, h02: 5013, osmand: 5055, teltonika: 0 },
  deployment: [],
  fleet: { devices: 20, driven: true },
  database: 'embedded PostgreSQL in ./data',
  localSms: true,
};

describe('the start banner', () => {
  it('on a restart gives the console, the log-ins (demo ones again) and the device ports, nothing else', () => {
    expect(startBanner(restart)).toEqual([
      '',
      'Lodestar console: http://localhost:8080/  (API docs: http://localhost:8080/API/docs)',
      'Super administrator: login 13800000000',
      'Demo logins (password for all: demo1234):',
      '  13900000001  administrator  王经理 @ 华东服务商',
      '  13900000003  ordinary user  李调度 @ 上海快运',
      'Device ports: gt06 5023, jt808 5015, h02 5013, osmand 5055',
      'Demo fleet: 20 simulated trackers report to them every 10 s, from their own process (npm start runs it).',
      'Data: embedded PostgreSQL in ./data. SMS codes are written to this log (local provider, nothing is sent).',
    ]);
  });

  it('on the first start shows the generated password once and says the demo was seeded', () => {
    const lines = startBanner({
      ...restart,
      admin: { phone: '13800000000', password: 'Xy7aQ9pLm27a', generated: true },
      demoSeeded: true,
    });
    expect(lines).toContain(
      'Super administrator created: login 13800000000, password Xy7aQ9pLm27a  (shown once; change it)',
    );
    expect(lines).toContain('Demo organisation seeded. Demo logins (password for all: demo1234):');
  });

  it('marks a demo account whose password was changed, and prints no demo block without demo accounts', () => {
    const changed = startBanner({ ...restart, demoLogins: [logins[0]!, { ...logins[1]!, password: undefined }] });
    expect(changed).toContain('Demo logins (password for all: demo1234 unless changed):');
    expect(changed).toContain('  13900000003  ordinary user  李调度 @ 上海快运  (password changed)');
    expect(startBanner({ ...restart, demoLogins: [] }).some((l) => l.includes('Demo logins'))).toBe(false);
  });

  it('puts the gateway connection limits under its ports', () => {
    const lines = startBanner({ ...restart, deviceConnections: 'Device connections: at most 1000' });
    expect(lines.indexOf('Device connections: at most 1000')).toBe(
      lines.indexOf('Device ports: gt06 5023, jt808 5015, h02 5013, osmand 5055') + 1,
    );
  });

  it('a gateway-only process prints its ports and no console or log-ins', () => {
    const lines = startBanner({ ...restart, port: undefined, demoLogins: [], fleet: { devices: 0, driven: false } });
    expect(lines).toEqual([
      '',
      'Device ports: gt06 5023, jt808 5015, h02 5013, osmand 5055',
      'Data: embedded PostgreSQL in ./data',
    ]);
  });
});
