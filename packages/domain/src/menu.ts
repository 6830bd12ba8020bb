/**
 * The console's menus: the SIM administration route table of spec section 2 (paths, titles and
 * function ids exactly as written) and the GPS menu with the paths of DESIGN.md.
 * `title` is an i18n key in the console's `menu` namespace.
 */
import { REPORT_TYPES, type ReportType } from './report-centre.ts';

export interface MenuEntry {
  path: string;
  title: string;
  /** Function id needed to see it; none means every logged-in user. */
  fn?: number;
  hidden?: boolean;
  children?: MenuEntry[];
}

export type Workspace = 'tracking' | 'sim';

export const SIM_MENU: MenuEntry[] = [
  { path: '/home/index', title: 'simHome', fn: 1 },
  {
    path: '/manage',
    title: 'simManage',
    fn: 2,
    children: [
      { path: '/manage/warehousing', title: 'simInbound', fn: 9 },
      { path: '/manage/outbound', title: 'simOutbound', fn: 10 },
      { path: '/manage/sim', title: 'simBusiness', fn: 11 },
      { path: '/manage/record', title: 'simSmsRecord', fn: 13 },
      { path: '/manage/msg', title: 'simSmsPayment', fn: 12 },
    ],
  },
  {
    path: '/account',
    title: 'simAccount',
    fn: 3,
    children: [
      { path: '/account/user', title: 'simAccounts', fn: 15 },
      { path: '/account/hold', title: 'simCustomers', fn: 14 },
      { path: '/account/supplier', title: 'simSuppliers', fn: 17 },
      { path: '/account/package', title: 'simPackages', fn: 18, hidden: true },
      { path: '/account/isp', title: 'simCarriers', fn: 16 },
      { path: '/account/card', title: 'simCardTypes', fn: 19 },
      { path: '/account/permission', title: 'simPermissions', fn: 20 },
    ],
  },
  { path: '/recharge', title: 'simRecharge', fn: 4 },
  { path: '/message', title: 'simMessage', fn: 5, hidden: true },
  {
    path: '/reconciliation',
    title: 'simReconciliation',
    fn: 6,
    children: [
      { path: '/reconciliation', title: 'simSupplierReconciliation', fn: 21 },
      { path: '/reconciliation/details', title: 'simReconciliationDetails', fn: 21, hidden: true },
      { path: '/reconciliation/supplier', title: 'simSupplierReconciliationRecords', fn: 21 },
      { path: '/reconciliation/bill', title: 'simCustomerReconciliation', fn: 22 },
    ],
  },
  {
    path: '/reports',
    title: 'simReports',
    fn: 7,
    children: [
      { path: '/reports', title: 'simRenewalFees', fn: 23 },
      { path: '/reports/newly', title: 'simNewStopped', fn: 24 },
      { path: '/reports/payOrder', title: 'simPayOrders', fn: 72 },
    ],
  },
  { path: '/log', title: 'simLog', fn: 8, hidden: true },
];

export const GPS_MENU: MenuEntry[] = [
  { path: '/dashboard', title: 'home', fn: 86 },
  {
    path: '/monitor',
    title: 'monitor',
    fn: 30,
    children: [
      { path: '/monitor/online', title: 'onlineMonitor', fn: 31 },
      { path: '/monitor/dvr', title: 'dvr', fn: 79 },
      { path: '/monitor/history', title: 'historyPlayback', fn: 36 },
      { path: '/monitor/fence', title: 'geofence', fn: 51 },
      { path: '/monitor/road', title: 'road', fn: 40 },
      { path: '/monitor/event', title: 'eventList', fn: 31 },
      { path: '/monitor/photo', title: 'photoView', fn: 37 },
      { path: '/monitor/message', title: 'sendMessage', fn: 52 },
      { path: '/monitor/track', title: 'liveTrack', fn: 50 },
    ],
  },
  {
    path: '/risk',
    title: 'riskManage',
    fn: 39,
    children: [
      { path: '/risk/credit', title: 'creditEvaluation', fn: 87 },
      { path: '/risk/asset', title: 'assetAnalysis', fn: 56 },
      { path: '/risk/stops', title: 'frequentStops', fn: 57 },
      { path: '/risk/events', title: 'riskEvent', fn: 77 },
      { path: '/risk/evaluation', title: 'riskEvaluation', fn: 55 },
      { path: '/risk/warning', title: 'riskWarning', fn: 77 },
      { path: '/risk/places', title: 'riskPlace', fn: 77 },
      { path: '/risk/greylist', title: 'greyList', fn: 58 },
    ],
  },
  {
    path: '/info',
    title: 'infoManage',
    children: [
      { path: '/info/enterprise', title: 'enterprise', fn: 69 },
      { path: '/info/vehicle', title: 'vehicle', fn: 38 },
      { path: '/info/device', title: 'device', fn: 70 },
      { path: '/info/user', title: 'user', fn: 68 },
      { path: '/info/installer', title: 'installer', fn: 43 },
      { path: '/info/task', title: 'task', fn: 42 },
    ],
  },
  {
    path: '/vip',
    title: 'vip',
    fn: 71,
    children: [
      { path: '/vip/wallet', title: 'wallet', fn: 66 },
      { path: '/vip/wallet-detail', title: 'walletDetail', fn: 66 },
      { path: '/vip/upgrade', title: 'upgrade', fn: 73 },
      { path: '/vip/upgrade-history', title: 'upgradeHistory', fn: 73 },
      { path: '/vip/invoice', title: 'invoice', fn: 85 },
    ],
  },
  {
    path: '/report',
    title: 'reports',
    fn: 34,
    // One page per report type (the report centre's generic page reads the type from its path).
    children: REPORT_TYPES.map((type) => ({ path: `/report/${type}`, title: reportTitle(type), fn: 81 })),
  },
  { path: '/notice', title: 'notice', fn: 74 },
  { path: '/userlog', title: 'userLog', fn: 80 },
  { path: '/spread', title: 'spread', fn: 41 },
  { path: '/province', title: 'province', fn: 40 },
  { path: '/visitorlog', title: 'visitorLog', fn: 82 },
  { path: '/insurance', title: 'insurance', fn: 84 },
  { path: '/system', title: 'systemInfo', fn: 33 },
];

/** The menu title key of a report type: 'mileageDaily' → 'reportMileageDaily'. */
export function reportTitle(type: ReportType): string {
  return `report${type[0]!.toUpperCase()}${type.slice(1)}`;
}

export const USER_MENU: MenuEntry[] = [
  { path: '/user/info', title: 'userInfo' },
  { path: '/user/download', title: 'download' },
  { path: '/user/notice', title: 'myBulletins' },
];

export const MENUS: Record<Workspace, MenuEntry[]> = { tracking: GPS_MENU, sim: SIM_MENU };

/** Entries the user may open: an entry without children needs its fn; a parent needs a visible child. */
export function allowedMenu(menu: readonly MenuEntry[], funs: ReadonlySet<number>): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of menu) {
    if (entry.fn !== undefined && !funs.has(entry.fn)) continue;
    if (entry.children) {
      const children = allowedMenu(entry.children, funs);
      if (children.length === 0) continue;
      out.push({ ...entry, children });
    } else out.push(entry);
  }
  return out;
}

/** The first openable path of a menu (top-level entries redirect there, spec section 2). */
export function firstPath(menu: readonly MenuEntry[]): string | undefined {
  for (const entry of menu) {
    if (entry.children) {
      const p = firstPath(entry.children.filter((c) => !c.hidden));
      if (p) return p;
    } else if (!entry.hidden) return entry.path;
  }
  return undefined;
}
