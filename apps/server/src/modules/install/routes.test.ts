import type { InstallerRow, TaskDetail, TaskRow } from '@lodestar/contract/install';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { AccountType, DEFAULT_APP_ID, ErrCode, Fn, INSTALL_PHOTO, TaskStatus } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { jpeg, PNG, reportFix, uploadPhoto, vin } from './test-fixtures.ts';

afterAll(stopTestServers);

const VIN_A = vin('LSVAU2180N2183294');
const VIN_B = vin('LFV2A21K5D4012345');
const VIN_C = vin('LGBH52E05BY123456');
const D1 = '868120400000001';
const D2 = '868120400000002';
const THEIRS = '868120400000009';
const INSTALLER_PHONE = '13812340001';
const INSTALLER_PASS = 'fit12345';

type Page<R> = { rows: R[]; total: number };

/** Installer/… (43) and Task/… (42, audit 45, edit after audit 46): the install flow of docs/install-flow.md. */
describe.each(dbTargets())('install tasks on $name PostgreSQL', (target) => {
  let t: TestApp;
  let admin: string;
  let dispatcher: string;
  let noFn: string;
  let theirs: string;
  let fitter: string;
  let fitterId: number;
  let hold: { id: number; path: string };
  let child: { id: number; path: string };
  let other: { id: number; path: string };
  let theirTask: number;
  let theirInstaller: number;
  let theirPhoto: number;
  let theirInfo: number;

  const call = <T = unknown>(path: string, body: object, as = admin) =>
    t.call<T>('POST', path, { token: as, body, lang: 'en' });
  const detail = async (TaskID: number, as = admin) => (await call<TaskDetail>('Task/GetTask', { TaskID }, as)).data;
  const move = (TaskID: number, To: number, as: string, Remark?: string) =>
    call('Task/Transition', { TaskID, To, ...(Remark ? { Remark } : {}) }, as);
  const addTask = async (body: object, as = admin) => {
    const r = await call<{ TaskID: number; OrderNo: string }>('Task/AddTask', { HoldID: child.id, ...body }, as);
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    hold = await t.buildHold('Fleet');
    child = await t.buildHold('Depot', hold);
    other = await t.buildHold('Rival');
    admin = (
      await t.buildUser(hold, [
        Fn.workOrders,
        Fn.technicianManage,
        Fn.audit,
        Fn.export,
        Fn.deviceManage,
        Fn.editAfterAudit,
      ])
    ).token;
    dispatcher = (await t.buildUser(hold, [Fn.workOrders])).token;
    noFn = (await t.buildUser(hold, [Fn.vehicleManage])).token;
    const rival = await t.buildUser(other, [Fn.workOrders, Fn.technicianManage, Fn.audit, Fn.deviceManage]);
    theirs = rival.token;
    for (const DeviceID of [D1, D2])
      expect((await call('Device/AddDevice', { DeviceID, Protocol: 'gt06', HoldID: child.id })).code).toBe(200);
    expect(
      (await call('Device/AddDevice', { DeviceID: THEIRS, Protocol: 'gt06', HoldID: other.id }, theirs)).code,
    ).toBe(200);
    // The rival's own installer, task, install info and photo: the ids the tenancy test tries.
    theirInstaller = (
      await call<{ InstallerID: number }>(
        'Installer/AddInstaller',
        { HoldID: other.id, UserName: 'Rival fitter', Phone: '13812349999', UserPassword: 'fit12345' },
        theirs,
      )
    ).data.InstallerID;
    theirTask = (
      await call<{ TaskID: number }>(
        'Task/AddTask',
        { HoldID: other.id, VIN: VIN_C, Customer: 'Rival customer' },
        theirs,
      )
    ).data.TaskID;
    theirInfo = (
      await call<{ InfoID: number }>(
        'Task/AddInstallInfo',
        { TaskID: theirTask, DeviceID: THEIRS, Position: 1, People: 'x', Time: '2026-11-20 10:00:00' },
        theirs,
      )
    ).data.InfoID;
    theirPhoto = (await uploadPhoto(t, theirs, { TaskID: theirTask }, jpeg())).data.PhotoID;
    expect(theirPhoto).toBeGreaterThan(0);
  });
  afterAll(() => t.close());

  it('adds an installer account that logs in and is listed with its details and an empty score', async () => {
    const r = await call<{ InstallerID: number }>('Installer/AddInstaller', {
      HoldID: child.id,
      UserName: 'Wang the fitter',
      Phone: INSTALLER_PHONE,
      UserPassword: INSTALLER_PASS,
      Region: 'Pudong',
      Company: 'Quickfit',
    });
    expect(r.code, r.msg).toBe(200);
    fitterId = r.data.InstallerID;
    fitter = await t.login(INSTALLER_PHONE, INSTALLER_PASS);
    const { rows } = await t.database.pool.query('SELECT account_type FROM users WHERE id = $1', [fitterId]);
    expect(rows[0].account_type).toBe(AccountType.Installer);
    const list = await call<Page<InstallerRow>>('Installer/GetInstallerList', { PageIndex: 1, PageSize: 20 });
    expect(list.code, list.msg).toBe(200);
    expect(list.data.rows).toEqual([
      expect.objectContaining({
        InstallerID: fitterId,
        Region: 'Pudong',
        Company: 'Quickfit',
        Active: true,
        OpenTasks: 0,
        FinishedTasks: 0,
        OnTimeRate: null,
        ReworkRate: null,
      }),
    ]);
  });

  it('keeps the install address the installer navigates to: added, shown, changed, refused when too long', async () => {
    const ADDRESS = '上海市浦东新区世纪大道100号 B2 停车场';
    const { TaskID } = await addTask({ VIN: VIN_B, Customer: 'Address owner', Address: ADDRESS });
    expect((await detail(TaskID)).Task.Address).toBe(ADDRESS);
    expect((await call('Task/ModifyTask', { TaskID, Address: 'Lyon, 12 rue de la Gare' })).code).toBe(200);
    expect((await detail(TaskID)).Task.Address).toBe('Lyon, 12 rue de la Gare');
    const long = await call('Task/ModifyTask', { TaskID, Address: 'x'.repeat(201) });
    expect([long.code, long.msg.includes('Address')]).toEqual([400, true]);
    expect((await detail(TaskID)).Task.Address).toBe('Lyon, 12 rue de la Gare');
  });

  it('answers bad input with 400 naming the field', async () => {
    const phone = await call('Installer/AddInstaller', {
      HoldID: child.id,
      UserName: 'Li',
      Phone: '12',
      UserPassword: INSTALLER_PASS,
    });
    expect(phone.code).toBe(400);
    expect(phone.msg).toMatch(/Phone/);
    const badVin = await call('Task/AddTask', { HoldID: child.id, VIN: 'ABC', Customer: 'x' });
    expect(badVin.code).toBe(400);
    expect(badVin.msg).toMatch(/VIN/);
    const badPosition = await call('Task/AddInstallInfo', {
      TaskID: 1,
      DeviceID: D1,
      Position: 12,
      People: 'x',
      Time: '2026-11-20 10:00:00',
    });
    expect(badPosition.code).toBe(400);
    expect(badPosition.msg).toMatch(/Position/);
  });

  it('refuses callers without the function ids (403)', async () => {
    for (const [path, body] of [
      ['Installer/GetInstallerList', { PageIndex: 1, PageSize: 10 }],
      ['Installer/AddInstaller', { HoldID: child.id, UserName: 'xx', Phone: '13812340077', UserPassword: 'abc12345' }],
      ['Task/GetTaskList', { PageIndex: 1, PageSize: 10 }],
      ['Task/AddTask', { HoldID: child.id, VIN: VIN_B, Customer: 'x' }],
      ['Task/Transition', { TaskID: theirTask, To: 2 }],
    ] as const) {
      const r = await call(path, body, noFn);
      expect({ path, code: r.code, errCode: r.errCode }).toEqual({ path, code: 403, errCode: ErrCode.NoFunction });
    }
    // Installer management is 43's: a dispatcher (42) may list installers to assign but not add one.
    expect(
      (
        await call(
          'Installer/AddInstaller',
          { HoldID: child.id, UserName: 'xx', Phone: '13812340078', UserPassword: 'abc12345' },
          dispatcher,
        )
      ).code,
    ).toBe(403);
  });

  let taskId: number;

  it('runs a task from creation to approval: assign, accept, proof, submit, reject with a reason, rework, approve', async () => {
    const made = await addTask({
      VIN: VIN_A.toLowerCase(),
      Customer: '张三',
      Project: 'Spring loans',
      Agent: 'North agent',
      Store: 'Pudong store',
      Cost: 15000,
      ExpectedTime: '2099-01-01 12:00:00',
    });
    taskId = made.TaskID;
    expect(made.OrderNo).toMatch(/^IT\d{12}$/);
    expect((await detail(taskId)).Task).toMatchObject({ Status: TaskStatus.Created, VIN: VIN_A, InstallerID: null });

    // 0 → 1 only through Assign: a Transition to 1 with nobody assigned names the missing installer.
    const early = await move(taskId, TaskStatus.WaitingConfirm, admin);
    expect(early.code).toBe(400);
    expect(early.msg).toMatch(/InstallerID/);
    const assigned = await call('Task/Assign', { TaskID: taskId, InstallerID: fitterId }, dispatcher);
    expect(assigned.code, assigned.msg).toBe(200);
    expect((await detail(taskId)).Task).toMatchObject({
      Status: TaskStatus.WaitingConfirm,
      InstallerName: 'Wang the fitter',
    });
    const notices = await t.database.pool.query(
      "SELECT params FROM user_notices WHERE user_id = $1 AND kind = 'installTask'",
      [fitterId],
    );
    expect(notices.rows.map((r) => r.params.Action)).toEqual(['assign']);

    // Only the installer accepts; a dispatcher may not, and 1 → 3 is no move at all.
    const notYours = await move(taskId, TaskStatus.Working, dispatcher);
    expect([notYours.code, notYours.errCode]).toEqual([403, ErrCode.NoFunction]);
    expect((await move(taskId, TaskStatus.WaitingApproval, fitter)).code).toBe(400);
    expect((await move(taskId, TaskStatus.Working, fitter)).code).toBe(200);

    // The installer sees its task, in its own list and by id.
    const mine = await call<Page<TaskRow>>('Task/GetMyTasks', { PageIndex: 1, PageSize: 10, Open: true }, fitter);
    expect(mine.data.rows.map((r) => r.TaskID)).toEqual([taskId]);
    expect((await detail(taskId, fitter)).Moves).toEqual([TaskStatus.WaitingApproval]);

    // A fix from before work started proves nothing; a photo and a device are both asked for.
    await reportFix(t, D1, new Date(Date.now() - 3600_000));
    const bare = await move(taskId, TaskStatus.WaitingApproval, fitter, undefined);
    expect(bare.code).toBe(400);
    expect(bare.msg).toMatch(/valid fix.*photo/s);
    const info = await call<{ InfoID: number }>(
      'Task/AddInstallInfo',
      { TaskID: taskId, DeviceID: D1, Position: 1, People: 'Wang', Time: '2026-11-26 10:00:00' },
      fitter,
    );
    expect(info.code, info.msg).toBe(200);
    const first = await uploadPhoto(t, fitter, { TaskID: taskId, DeviceID: D1, Position: 1 }, jpeg());
    expect(first.code, first.msg).toBe(200);
    const unproven = await move(taskId, TaskStatus.WaitingApproval, fitter);
    expect(unproven.code).toBe(400);
    expect(unproven.msg).toMatch(/valid fix/);
    await reportFix(t, D1);
    const proven = (await detail(taskId, fitter)).Devices;
    expect(proven).toEqual([expect.objectContaining({ DeviceID: D1, Proven: true, Online: true })]);
    expect(proven[0]!.LastFix).toMatchObject({ Lat: 31.23, Lng: 121.47 });
    expect((await move(taskId, TaskStatus.WaitingApproval, fitter)).code).toBe(200);

    // The installer cannot approve its own work; an auditor rejects only with a reason.
    expect((await move(taskId, TaskStatus.Completed, fitter)).code).toBe(403);
    const noReason = await move(taskId, TaskStatus.Working, admin);
    expect(noReason.code).toBe(400);
    expect(noReason.msg).toMatch(/Remark/);
    expect((await move(taskId, TaskStatus.Working, admin, 'Photo is blurred')).code).toBe(200);
    // Rework: the device proves itself again after the rejection.
    const again = await move(taskId, TaskStatus.WaitingApproval, fitter);
    expect(again.msg).toMatch(/valid fix/);
    await reportFix(t, D1, new Date(Date.now() + 1000));
    expect((await move(taskId, TaskStatus.WaitingApproval, fitter)).code).toBe(200);
    expect((await call('Task/Transition', { TaskID: taskId, To: 9 }, dispatcher)).code).toBe(403);
    const approved = await move(taskId, TaskStatus.Completed, admin);
    expect(approved.code, approved.msg).toBe(200);

    const done = await detail(taskId);
    expect(done.Task).toMatchObject({ Status: TaskStatus.Completed, Rejections: 1, Plate: VIN_A });
    expect(done.Task.CheckTime).not.toBeNull();
    expect(done.Log.map((l) => [l.From, l.To])).toEqual([
      [null, 0],
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 2],
      [2, 3],
      [3, 9],
    ]);
    expect(done.Log[4]!.Remark).toBe('Photo is blurred');
    const installers = await call<Page<InstallerRow>>('Installer/GetInstallerList', { PageIndex: 1, PageSize: 20 });
    expect(installers.data.rows[0]).toMatchObject({ FinishedTasks: 1, OpenTasks: 0, OnTimeRate: 100, ReworkRate: 100 });
  });

  it('binds the devices to the vehicle, starts their VIP and fills the vehicle on approval', async () => {
    const { rows } = await t.database.pool.query(
      `SELECT d.vehicle_id, d.vip_expires_at, v.vin, v.store_name, v.cost, v.work_order_no, v.install_time, v.owner_name
         FROM devices d JOIN vehicles v ON v.id = d.vehicle_id WHERE d.device_id = $1`,
      [D1],
    );
    expect(rows).toHaveLength(1);
    const r = rows[0];
    expect(r).toMatchObject({ vin: VIN_A, store_name: 'Pudong store', cost: 15000, owner_name: '张三' });
    expect(r.work_order_no).toMatch(/^IT/);
    expect(r.install_time).not.toBeNull();
    const years = new Date(r.vip_expires_at).getUTCFullYear() - new Date().getUTCFullYear();
    expect(years).toBe(4);
  });

  it('rolls the whole approval back when any part fails: no binding, no VIP, still waiting approval', async () => {
    const made = await addTask({ VIN: VIN_B, Customer: 'Li', InstallerID: fitterId });
    expect((await move(made.TaskID, TaskStatus.Working, fitter)).code).toBe(200);
    await call(
      'Task/AddInstallInfo',
      {
        TaskID: made.TaskID,
        DeviceID: D2,
        Position: 2,
        People: 'Wang',
        Time: '2026-11-26 10:00:00',
      },
      fitter,
    );
    expect((await uploadPhoto(t, fitter, { TaskID: made.TaskID }, jpeg())).code).toBe(200);
    await reportFix(t, D2, new Date(Date.now() + 2000));
    expect((await move(made.TaskID, TaskStatus.WaitingApproval, fitter)).code).toBe(200);
    // The log line is the approval's last write: make it fail after the binding and the VIP were written.
    await t.database.pool.query(`
      CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN IF NEW.remark = 'boom' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_boom BEFORE INSERT ON install_task_logs FOR EACH ROW EXECUTE FUNCTION refuse_boom();`);
    try {
      const failed = await move(made.TaskID, TaskStatus.Completed, admin, 'boom');
      expect(failed.code).toBe(500);
    } finally {
      await t.database.pool.query('DROP TRIGGER refuse_boom ON install_task_logs; DROP FUNCTION refuse_boom();');
    }
    const { rows } = await t.database.pool.query(
      'SELECT vehicle_id, vip_expires_at FROM devices WHERE device_id = $1',
      [D2],
    );
    expect(rows[0]).toEqual({ vehicle_id: null, vip_expires_at: null });
    const vehicles = await t.database.pool.query('SELECT id FROM vehicles WHERE vin = $1', [VIN_B]);
    expect(vehicles.rows).toEqual([]);
    expect((await detail(made.TaskID)).Task.Status).toBe(TaskStatus.WaitingApproval);
    expect((await move(made.TaskID, TaskStatus.Completed, admin)).code).toBe(200);
  });

  it('refuses a PNG named .jpg, 5 MB or more, a tenth photo and a fifth in one device position', async () => {
    const made = await addTask({ VIN: VIN_C, Customer: 'Zhao', InstallerID: fitterId });
    const id = made.TaskID;
    // Before accepting, the installer may not add photos yet.
    expect((await uploadPhoto(t, fitter, { TaskID: id }, jpeg())).code).toBe(403);
    expect((await move(id, TaskStatus.Working, fitter)).code).toBe(200);
    const png = await uploadPhoto(t, fitter, { TaskID: id }, PNG);
    expect([png.code, png.msg]).toEqual([400, expect.stringMatching(/JPG/)]);
    const big = await uploadPhoto(t, fitter, { TaskID: id }, jpeg(6 * 1024 * 1024));
    expect([big.code, big.msg]).toEqual([400, expect.stringMatching(/5 MB/)]);
    const edge = await uploadPhoto(t, fitter, { TaskID: id }, jpeg(INSTALL_PHOTO.maxBytes));
    expect(edge.code).toBe(400);
    for (let i = 0; i < 4; i++)
      expect((await uploadPhoto(t, fitter, { TaskID: id, DeviceID: D2, Position: 3 }, jpeg())).code).toBe(200);
    const fifth = await uploadPhoto(t, fitter, { TaskID: id, DeviceID: D2, Position: 3 }, jpeg());
    expect([fifth.code, fifth.msg]).toEqual([400, expect.stringMatching(/at most 4/)]);
    // Another position of the same device, and photos of no position, still count toward the task's nine.
    for (let i = 0; i < 4; i++)
      expect((await uploadPhoto(t, fitter, { TaskID: id, DeviceID: D2, Position: 4 }, jpeg())).code).toBe(200);
    const thumbed = await uploadPhoto(t, fitter, { TaskID: id }, jpeg(), jpeg(1000));
    expect(thumbed.code).toBe(200);
    const tenth = await uploadPhoto(t, fitter, { TaskID: id }, jpeg());
    expect([tenth.code, tenth.msg]).toEqual([400, expect.stringMatching(/at most 9/)]);

    const photos = (await detail(id)).Photos;
    expect(photos).toHaveLength(9);
    const withThumb = photos.find((p) => p.HasThumb)!;
    const small = await t.app.inject({
      method: 'GET',
      url: '/API/api/Task/GetPhoto',
      query: { format: 'json', appid: DEFAULT_APP_ID, PhotoID: String(withThumb.PhotoID), Thumb: '1' },
      headers: { authorization: admin },
    });
    expect([small.statusCode, small.headers['content-type'], small.rawPayload.length]).toEqual([
      200,
      'image/jpeg',
      1000,
    ]);
    // Removing one frees a place; the file goes with its row.
    expect((await call('Task/RemovePhoto', { PhotoID: photos[0]!.PhotoID }, fitter)).code).toBe(200);
    expect((await uploadPhoto(t, fitter, { TaskID: id }, jpeg())).code).toBe(200);
  });

  it('lets a dispatcher cancel a task not yet started, and nobody move it afterwards', async () => {
    const made = await addTask({ VIN: VIN_C, Customer: 'Sun', InstallerID: fitterId });
    expect((await move(made.TaskID, TaskStatus.Cancelled, fitter)).code).toBe(403);
    expect((await move(made.TaskID, TaskStatus.Cancelled, dispatcher)).code).toBe(200);
    const after = await move(made.TaskID, TaskStatus.Working, fitter);
    expect([after.code, after.msg]).toEqual([400, expect.stringMatching(/current status/)]);
    const list = await call<Page<TaskRow>>('Task/GetTaskList', {
      PageIndex: 1,
      PageSize: 10,
      Status: TaskStatus.Cancelled,
    });
    expect(list.data.rows.map((r) => r.TaskID)).toEqual([made.TaskID]);
  });

  it('keeps a completed task read-only without function 46', async () => {
    const locked = await call('Task/ModifyTask', { TaskID: taskId, Remark: 'late fix' }, dispatcher);
    expect([locked.code, locked.msg]).toEqual([403, expect.stringMatching(/Edit after audit/)]);
    expect((await call('Task/ModifyTask', { TaskID: taskId, Remark: 'late fix' }, admin)).code).toBe(200);
  });

  it("shows an installer only its own tasks, whatever its unit's list holds", async () => {
    const unassigned = await addTask({ VIN: VIN_C, Customer: 'Zhou' });
    const list = await call<Page<TaskRow>>('Task/GetTaskList', { PageIndex: 1, PageSize: 50 }, fitter);
    expect(list.data.rows.map((r) => r.TaskID)).not.toContain(unassigned.TaskID);
    expect(list.data.rows.every((r) => r.InstallerID === fitterId)).toBe(true);
    expect((await call('Task/GetTask', { TaskID: unassigned.TaskID }, fitter)).code).toBe(403);
  });

  it("refuses another hold's ids like missing ones", async () => {
    const send = (path: string, body: Record<string, unknown>) => call(path, body);
    await expectRefusedLikeMissing(send, [
      [
        'Installer/AddInstaller',
        { HoldID: other.id, UserName: 'xx', Phone: '13812340066', UserPassword: 'abc12345' },
        { HoldID: 999_999, UserName: 'xx', Phone: '13812340066', UserPassword: 'abc12345' },
      ],
      [
        'Installer/ModifyInstaller',
        { InstallerID: theirInstaller, Region: 'x' },
        { InstallerID: 999_999, Region: 'x' },
      ],
      [
        'Installer/GetInstallerList',
        { PageIndex: 1, PageSize: 10, HoldID: other.id },
        { PageIndex: 1, PageSize: 10, HoldID: 999_999 },
      ],
      ['Installer/ExportInstallerList', { HoldID: other.id }, { HoldID: 999_999 }],
      ['Task/AddTask', { HoldID: other.id, VIN: VIN_B, Customer: 'x' }, { HoldID: 999_999, VIN: VIN_B, Customer: 'x' }],
      [
        'Task/ImportTasks',
        { HoldID: other.id, Rows: [{ VIN: VIN_B, Customer: 'x' }] },
        { HoldID: 999_999, Rows: [{ VIN: VIN_B, Customer: 'x' }] },
      ],
      [
        'Task/AddTask',
        { HoldID: child.id, VIN: VIN_B, Customer: 'x', InstallerID: theirInstaller },
        { HoldID: child.id, VIN: VIN_B, Customer: 'x', InstallerID: 999_999 },
      ],
      ['Task/ModifyTask', { TaskID: theirTask, Remark: 'x' }, { TaskID: 999_999, Remark: 'x' }],
      [
        'Task/GetTaskList',
        { PageIndex: 1, PageSize: 10, HoldID: other.id },
        { PageIndex: 1, PageSize: 10, HoldID: 999_999 },
      ],
      ['Task/ExportTaskList', { HoldID: other.id }, { HoldID: 999_999 }],
      ['Task/GetTask', { TaskID: theirTask }, { TaskID: 999_999 }],
      ['Task/Assign', { TaskID: theirTask, InstallerID: fitterId }, { TaskID: 999_999, InstallerID: fitterId }],
      ['Task/Transition', { TaskID: theirTask, To: 8 }, { TaskID: 999_999, To: 8 }],
      ['Task/RemoveInstallInfo', { InfoID: theirInfo }, { InfoID: 999_999 }],
      ['Task/RemovePhoto', { PhotoID: theirPhoto }, { PhotoID: 999_999 }],
    ]);
    // One of the caller's own tasks with the rival's device.
    const own = await addTask({ VIN: VIN_B, Customer: 'Qian' });
    const device = await call('Task/AddInstallInfo', {
      TaskID: own.TaskID,
      DeviceID: THEIRS,
      Position: 1,
      People: 'x',
      Time: '2026-11-26 10:00:00',
    });
    expect([device.code, device.errCode]).toEqual([403, ErrCode.OutsideHold]);
    const info = await call('Task/AddInstallInfo', {
      TaskID: theirTask,
      DeviceID: D1,
      Position: 1,
      People: 'x',
      Time: '2026-11-26 10:00:00',
    });
    expect([info.code, info.errCode]).toEqual([403, ErrCode.OutsideHold]);
    const upload = await uploadPhoto(t, admin, { TaskID: theirTask }, jpeg());
    expect([upload.code, upload.errCode]).toEqual([403, ErrCode.OutsideHold]);
    const photo = await t.call('GET', 'Task/GetPhoto', { token: admin, query: { PhotoID: String(theirPhoto) } });
    expect([photo.code, photo.errCode]).toEqual([403, ErrCode.OutsideHold]);
  });
});
