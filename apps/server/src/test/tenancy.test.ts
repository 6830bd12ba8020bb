import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ALL_FUNCTION_IDS, ErrCode } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULLETINS_TENANCY_PATHS } from '../modules/bulletins/tenancy-covered.ts';
import { CATALOGUE_TENANCY_PATHS } from '../modules/catalogue/tenancy-covered.ts';
import { COMMANDS_TENANCY_PATHS } from '../modules/commands/tenancy-covered.ts';
import { DEVICES_TENANCY_PATHS } from '../modules/devices/tenancy-covered.ts';
import { EVENTS_TENANCY_PATHS } from '../modules/events/tenancy-covered.ts';
import { INSTALL_TENANCY_PATHS } from '../modules/install/tenancy-covered.ts';
import { INSURANCE_TENANCY_PATHS } from '../modules/insurance/tenancy-covered.ts';
import { INVOICES_TENANCY_PATHS } from '../modules/invoices/tenancy-covered.ts';
import { NOTICES_TENANCY_PATHS } from '../modules/notices/tenancy-covered.ts';
import { PAYMENTS_TENANCY_PATHS } from '../modules/payments/tenancy-covered.ts';
import { PHOTOS_TENANCY_PATHS } from '../modules/photos/tenancy-covered.ts';
import { POIS_TENANCY_PATHS } from '../modules/pois/tenancy-covered.ts';
import { PROVINCES_TENANCY_PATHS } from '../modules/provinces/tenancy-covered.ts';
import { RECONCILIATION_TENANCY_PATHS } from '../modules/reconciliation/tenancy-covered.ts';
import { RENEWAL_TENANCY_PATHS } from '../modules/renewal/tenancy-covered.ts';
import { REPORT_CENTRE_TENANCY_PATHS } from '../modules/report-centre/tenancy-covered.ts';
import { REPORTS_TENANCY_PATHS } from '../modules/reports/tenancy-covered.ts';
import { SIMS_TENANCY_PATHS } from '../modules/sims/tenancy-covered.ts';
import { SMS_TENANCY_PATHS } from '../modules/sms/tenancy-covered.ts';
import { SPREAD_TENANCY_PATHS } from '../modules/spread/tenancy-covered.ts';
import { VEHICLES_TENANCY_PATHS } from '../modules/vehicles/tenancy-covered.ts';
import { WALLET_FILTER_PATHS, WALLET_TENANCY_PATHS } from '../modules/wallet/tenancy-covered.ts';
import { WORK_ORDER_TENANCY_PATHS } from '../modules/work-orders/tenancy-covered.ts';
import { ZONES_TENANCY_PATHS } from '../modules/zones/tenancy-covered.ts';
import { startTestApp, type TestApp } from './harness.ts';

/** Fields that name a row of another hold when a caller passes them. */
const ID_FIELDS = [
  'HoldID',
  'UserID',
  'parentHoldId',
  'ParentHoldID',
  'DeviceID',
  'OperatorID',
  'CardTypeID',
  'PackageID',
  'SupplierID',
  'SimID',
  'SimIDs',
  'BatchID',
  'FileID',
  'ICCIDFrom',
  'WorkID',
  'TargetID',
  'TargetIDs',
  'ReHoldID',
  'OrderID',
  'OrderNo',
  'MessageID',
  'NoticeIDs',
  'ReconciliationID',
  'BillID',
  'MSISDNs',
  'DeviceIDs',
  'VehicleIDs',
  'VehicleID',
  'FenceID',
  'FenceIDs',
  'RoadID',
  'RoadIDs',
  'PoiID',
  'PoiIDs',
  'PolicyID',
  'PolicyIDs',
  'TaskID',
  'InstallerID',
  'InfoID',
  'PhotoID',
  'BulletinID',
  'BulletinIDs',
  'VersionIDs',
];
/** Modules with many id-taking calls try them in their own tenancy.test.ts and list them. */
const COVERED_BY_MODULES = [
  ...CATALOGUE_TENANCY_PATHS,
  ...SIMS_TENANCY_PATHS,
  ...DEVICES_TENANCY_PATHS,
  ...WORK_ORDER_TENANCY_PATHS,
  ...NOTICES_TENANCY_PATHS,
  ...PAYMENTS_TENANCY_PATHS,
  ...RENEWAL_TENANCY_PATHS,
  ...SMS_TENANCY_PATHS,
  ...RECONCILIATION_TENANCY_PATHS,
  ...REPORTS_TENANCY_PATHS,
  ...VEHICLES_TENANCY_PATHS,
  ...ZONES_TENANCY_PATHS,
  ...COMMANDS_TENANCY_PATHS,
  ...EVENTS_TENANCY_PATHS,
  ...POIS_TENANCY_PATHS,
  ...PHOTOS_TENANCY_PATHS,
  ...WALLET_TENANCY_PATHS,
  ...WALLET_FILTER_PATHS,
  ...INSURANCE_TENANCY_PATHS,
  ...PROVINCES_TENANCY_PATHS,
  ...SPREAD_TENANCY_PATHS,
  ...REPORT_CENTRE_TENANCY_PATHS,
  ...INVOICES_TENANCY_PATHS,
  ...INSTALL_TENANCY_PATHS,
  ...BULLETINS_TENANCY_PATHS,
];

afterAll(stopTestServers);

/**
 * Tenancy is checked on the server by hold subtree on every row. Administrator A holds every
 * function, so nothing here is refused for a missing function id: only for B's ids.
 */
describe.each(dbTargets())("another hold's ids are refused on $name PostgreSQL", (target) => {
  let t: TestApp;
  let a: { hold: { id: number; path: string }; child: { id: number }; token: string; userId: number };
  let b: { hold: { id: number }; child: { id: number }; userId: number };
  const B_DEVICE = '869000000000001';
  const vehicles = { a: 0, b: 0 };

  beforeAll(async () => {
    t = await startTestApp(target);
    const holdA = await t.buildHold('A');
    const holdB = await t.buildHold('B');
    const adminA = await t.buildUser(holdA, ALL_FUNCTION_IDS);
    const adminB = await t.buildUser(holdB, ALL_FUNCTION_IDS);
    a = { hold: holdA, child: await t.buildHold('A-1', holdA), token: adminA.token, userId: adminA.id };
    b = { hold: holdB, child: await t.buildHold('B-1', holdB), userId: adminB.id };
    const added = await t.call('POST', 'Device/AddDevice', {
      token: adminB.token,
      body: { DeviceID: B_DEVICE, Protocol: 'gt06', HoldID: holdB.id },
    });
    expect(added.code).toBe(200);
    // Vehicles straight into the table: the vehicle calls belong to another module.
    const vehicle = async (holdId: number) =>
      (await t.database.pool.query('INSERT INTO vehicles (hold_id, plate) VALUES ($1, $2) RETURNING id', [holdId, 'x']))
        .rows[0].id as number;
    vehicles.a = await vehicle(holdA.id);
    vehicles.b = await vehicle(holdB.id);
  });
  afterAll(() => t.close());

  /** Every call that takes a hold or user id, with B's ids in place of A's. */
  const attempts = (): [string, Record<string, unknown>][] => [
    ['Hold/AddHold', { HoldName: 'x', parentHoldId: b.hold.id, HoldType: 3 }],
    ['Hold/ModifyHold', { HoldID: b.child.id, HoldName: 'taken over' }],
    ['Hold/RemoveHold', { HoldID: b.child.id }],
    ['Hold/MoveHold', { HoldID: b.child.id, parentHoldId: a.hold.id }],
    ['Hold/MoveHold', { HoldID: a.child.id, parentHoldId: b.hold.id }],
    [
      'Enterprise/AddEnterprise',
      {
        parentHoldId: b.hold.id,
        HoldName: 'x',
        Phone: '13622224444',
        UserName: 'xx',
        UserPassword: 'abc12345',
        Contact: 'x',
        Address: 'x',
        Funs: [],
      },
    ],
    ['Enterprise/ModifyEnterprise', { HoldID: b.child.id, HoldName: 'taken over' }],
    ['Enterprise/ModifyEnterprise', { HoldID: b.hold.id, Contact: 'taken over' }],
    ['Enterprise/RemoveEnterprise', { HoldID: b.child.id }],
    ['Enterprise/GetEnterpriseList', { PageIndex: 1, PageSize: 10, ParentHoldID: b.hold.id }],
    ['User/GetUserList', { PageIndex: 1, PageSize: 10, HoldID: b.hold.id }],
    ['User/ExportUserList', { HoldID: b.hold.id }],
    [
      'User/AddUser',
      { HoldID: b.hold.id, Phone: '13622223333', UserPassword: 'abc12345', UserName: 'xx', AccountType: 3, Funs: [] },
    ],
    ['User/ModifyUser', { UserID: b.userId, UserName: 'taken over' }],
    ['User/ModifyUser', { UserID: a.userId, HoldID: b.hold.id }],
    ['User/RemoveUser', { UserID: b.userId }],
    ['User/SetUserFuns', { UserID: b.userId, Funs: [] }],
    ['User/ResetPassword', { UserID: b.userId, NewPass: 'abc12345' }],
    ['Device/AddDevice', { DeviceID: '869000000000002', Protocol: 'gt06', HoldID: b.hold.id }],
    ['Device/ModifyDevice', { DeviceID: B_DEVICE, DeviceName: 'taken over' }],
    ['Device/ModifyDevice', { DeviceID: B_DEVICE, HoldID: a.hold.id }],
    ['Device/RemoveDevice', { DeviceID: B_DEVICE }],
    ['Device/GetDeviceList', { PageIndex: 1, PageSize: 10, HoldID: b.hold.id }],
    ['Device/GetDevice', { DeviceID: B_DEVICE }],
    ['Device/ModifyDevice', { DeviceID: B_DEVICE, ObjectType: 2, Person: { Name: 'taken over' } }],
    ['Device/ExportDevices', { HoldID: b.hold.id }],
    ['Monitor/GetMonitorList', { HoldID: b.hold.id }],
    ['Command/SendCommand', { DeviceID: B_DEVICE, Type: 'engineStop' }],
    ['Command/Arm', { DeviceID: B_DEVICE }],
    ['Command/Disarm', { DeviceID: B_DEVICE }],
    ['Command/Lock', { DeviceID: B_DEVICE }],
    ['Command/Unlock', { DeviceID: B_DEVICE }],
    ['Device/Activate', { DeviceID: B_DEVICE }],
    ['Vehicle/SetLifeStatus', { DeviceID: B_DEVICE, VehicleLifeStatus: 2 }],
    ['Monitor/Follow', { DeviceID: B_DEVICE }],
    ['Monitor/GetDeviceDetail', { DeviceID: B_DEVICE }],
    ['Monitor/GetMonitorCounts', { HoldID: b.hold.id }],
    ['Dashboard/GetSummary', { HoldID: b.hold.id }],
    ['Alarm/ReleaseAlarm', { DeviceID: B_DEVICE, Reason: 'x' }],
    ['Command/GetCommandList', { DeviceID: B_DEVICE }],
    ['Device/ImportDevices', { HoldID: b.hold.id, Rows: [{ DeviceID: '869000000000003', Protocol: 'gt06' }] }],
    ['Vehicle/ImportVehicles', { HoldID: b.hold.id, Rows: [{ Plate: 'B-1' }] }],
    ['Device/MoveDevices', { DeviceIDs: [B_DEVICE], HoldID: a.hold.id }],
    ['Vehicle/MoveVehicles', { VehicleIDs: [vehicles.b], HoldID: a.hold.id }],
    ['Vehicle/MoveVehicles', { VehicleIDs: [vehicles.a], HoldID: b.hold.id }],
    ['History/GetTrack', { DeviceID: B_DEVICE, StartTime: '2026-11-20 00:00:00', EndTime: '2026-11-21 00:00:00' }],
    [
      'History/GetTrack',
      { DeviceID: B_DEVICE, StartTime: '2026-11-20 00:00:00', EndTime: '2026-11-21 00:00:00', Format: 'compact' },
    ],
    ['History/GetPosition', { DeviceID: B_DEVICE, GpsTime: '2026-11-20 00:00:00' }],
    ...['History/GetTrips', 'History/GetStops', 'History/GetSummary'].map((p): [string, Record<string, unknown>] => [
      p,
      { DeviceID: B_DEVICE, StartTime: '2026-11-20 00:00:00', EndTime: '2026-11-21 00:00:00' },
    ]),
    [
      'History/Export',
      { DeviceIDs: [B_DEVICE], StartTime: '2026-11-20 00:00:00', EndTime: '2026-11-21 00:00:00', Format: 'gpx' },
    ],
  ];

  it('refuses every id-taking call', async () => {
    for (const [path, body] of attempts()) {
      const r = await t.call('POST', path, { token: a.token, body });
      expect({ path, code: r.code, errCode: r.errCode }).toEqual({ path, code: 403, errCode: ErrCode.OutsideHold });
    }
  });

  it('answers a missing id exactly as another hold’s id, so ids cannot be probed', async () => {
    const missing = await t.call('POST', 'Hold/ModifyHold', {
      token: a.token,
      body: { HoldID: 999_999, HoldName: 'x' },
    });
    const other = await t.call('POST', 'Hold/ModifyHold', {
      token: a.token,
      body: { HoldID: b.child.id, HoldName: 'x' },
    });
    expect({ ...missing, raw: undefined }).toEqual({ ...other, raw: undefined });
  });

  it("never lists B's holds, users or log lines to A", async () => {
    const tree = await t.call('GET', 'Hold/GetLeftHold', { token: a.token });
    expect(JSON.stringify(tree.data)).not.toMatch(/"B(-1)?"/);
    const select = await t.call<{ HoldID: number }[]>('GET', 'hold/getholdselect', { token: a.token });
    expect(select.data.map((h) => h.HoldID)).not.toContain(b.hold.id);
    const users = await t.call<{ rows: { UserID: number }[] }>('POST', 'User/GetUserList', {
      token: a.token,
      body: { PageIndex: 1, PageSize: 100 },
    });
    expect(users.data.rows.map((u) => u.UserID)).not.toContain(b.userId);
    const logs = await t.call<{ rows: { HoldName: string }[] }>('POST', 'Log/GetOperationLog', {
      token: a.token,
      body: { PageIndex: 1, PageSize: 100 },
    });
    expect(logs.data.rows.every((r) => r.HoldName !== 'B')).toBe(true);
    const visitors = await t.call<{ rows: { Phone: string }[] }>('POST', 'Log/GetVisitorLog', {
      token: a.token,
      body: { PageIndex: 1, PageSize: 100 },
    });
    expect(visitors.data.rows.length).toBeGreaterThan(0);
    const bUser = (await t.database.pool.query('SELECT phone FROM users WHERE id = $1', [b.userId])).rows[0].phone;
    expect(visitors.data.rows.map((r) => r.Phone)).not.toContain(bUser);
    const devices = await t.call<{ rows: { DeviceID: string }[] }>('POST', 'Device/GetDeviceList', {
      token: a.token,
      body: { PageIndex: 1, PageSize: 100 },
    });
    expect(devices.data.rows.map((d) => d.DeviceID)).not.toContain(B_DEVICE);
    const monitor = await t.call<{ rows: { DeviceID: string }[] }>('POST', 'Monitor/GetMonitorList', {
      token: a.token,
      body: { DeviceIDs: B_DEVICE },
    });
    expect(monitor.data.rows).toEqual([]);
  });

  it('covers every documented call whose body or query takes an id of a hold, user, device, SIM or order', async () => {
    type Schema = { properties?: object; items?: Schema };
    type Op = {
      requestBody?: { content: Record<string, { schema: Schema }> };
      parameters?: { name: string; in: string }[];
    };
    const doc = (await t.app.inject({ method: 'GET', url: '/API/docs/json' })).json() as {
      paths: Record<string, Record<string, Op>>;
    };
    const takesId = (op: Op) => {
      const schema = op.requestBody?.content['application/json']?.schema;
      const props = { ...(schema?.properties ?? {}), ...(schema?.items?.properties ?? {}) };
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      return ID_FIELDS.some((k) => k in props || query.includes(k));
    };
    const idTaking = Object.entries(doc.paths)
      .filter(([, ops]) => Object.values(ops).some(takesId))
      .map(([path]) => path.replace('/API/api/', '').replace(/^\/+/, '').toLowerCase());
    const tested = new Set([...attempts().map(([p]) => p), ...COVERED_BY_MODULES].map((p) => p.toLowerCase()));
    expect(idTaking.length).toBeGreaterThan(20);
    expect(idTaking.filter((p) => !tested.has(p))).toEqual([]);
  });
});
