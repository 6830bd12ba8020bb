import { Fn, GPS_MENU, type MenuEntry, REPORT_TYPES, SIM_MENU } from '@lodestar/domain';
import { lazy } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { DesktopShell, ParentIndex, RequireAuth, RequireFn } from './guards.tsx';
import { Root } from './Root.tsx';

const LoginPage = lazy(() => import('../features/auth/pages/LoginPage.tsx'));
const ForgetPage = lazy(() => import('../features/auth/pages/ForgetPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/pages/RegisterPage.tsx'));
const ProtocolPage = lazy(() => import('../features/auth/pages/ProtocolPage.tsx'));
const ConnectPage = lazy(() => import('../features/auth/pages/ConnectPage.tsx'));
const Shell = lazy(() => import('../layouts/Shell.tsx'));
const UserInfoPage = lazy(() => import('../features/user/pages/UserInfoPage.tsx'));
const MyBulletinsPage = lazy(() => import('../features/bulletins/pages/MyBulletinsPage.tsx'));
const DownloadPage = lazy(() => import('../features/user/pages/DownloadPage.tsx'));
const ComingSoonPage = lazy(() => import('../pages/ComingSoonPage.tsx'));
const StatusPage = lazy(() => import('../pages/StatusPage.tsx'));
const HistoryPrintPage = lazy(() => import('../features/history/pages/HistoryPrintPage.tsx'));
const PhoneLayout = lazy(() => import('../features/install-phone/components/PhoneLayout.tsx'));
const MyTasksPage = lazy(() => import('../features/install-phone/pages/MyTasksPage.tsx'));
const TaskPage = lazy(() => import('../features/install-phone/pages/TaskPage.tsx'));
const InstallerMePage = lazy(() => import('../features/install-phone/pages/MePage.tsx'));
const ReportCentrePage = lazy(() => import('../features/report-centre/pages/ReportCentrePage.tsx'));

/** Pages of the menus that are built; every other entry shows the "coming in a later release" page. */
const BUILT_PAGES: Record<string, React.ComponentType> = {
  '/dashboard': lazy(() => import('../features/dashboard/pages/DashboardPage.tsx')),
  '/monitor/online': lazy(() => import('../features/monitor/pages/MonitorPage.tsx')),
  '/monitor/history': lazy(() => import('../features/history/pages/HistoryPage.tsx')),
  '/monitor/fence': lazy(() => import('../features/zones/pages/FencePage.tsx')),
  '/monitor/road': lazy(() => import('../features/zones/pages/RoadPage.tsx')),
  '/monitor/track': lazy(() => import('../features/live-track/pages/LiveTrackPage.tsx')),
  '/monitor/event': lazy(() => import('../features/events/pages/EventListPage.tsx')),
  '/monitor/message': lazy(() => import('../features/messages/pages/MessagePage.tsx')),
  '/monitor/photo': lazy(() => import('../features/photos/pages/PhotoPage.tsx')),
  '/vip/invoice': lazy(() => import('../features/invoices/pages/InvoicePage.tsx')),
  '/info/device': lazy(() => import('../features/devices/pages/DeviceListPage.tsx')),
  '/info/vehicle': lazy(() => import('../features/vehicles/pages/VehiclesPage.tsx')),
  '/info/installer': lazy(() => import('../features/install/pages/InstallersPage.tsx')),
  '/info/task': lazy(() => import('../features/install/pages/TasksPage.tsx')),
  '/home/index': lazy(() => import('../features/sims/pages/SimHomePage.tsx')),
  '/manage/warehousing': lazy(() => import('../features/sims/pages/WarehousingPage.tsx')),
  '/manage/outbound': lazy(() => import('../features/sims/pages/OutboundPage.tsx')),
  '/manage/sim': lazy(() => import('../features/sims/pages/ManageSimPage.tsx')),
  '/account/isp': lazy(() => import('../features/catalogue/pages/CarriersPage.tsx')),
  '/account/card': lazy(() => import('../features/catalogue/pages/CardTypesPage.tsx')),
  '/account/package': lazy(() => import('../features/catalogue/pages/PackagesPage.tsx')),
  '/account/supplier': lazy(() => import('../features/catalogue/pages/SuppliersPage.tsx')),
  '/account/user': lazy(() => import('../features/accounts/pages/UsersPage.tsx')),
  '/info/enterprise': lazy(() => import('../features/enterprise/pages/EnterprisePage.tsx')),
  '/info/user': lazy(() => import('../features/accounts/pages/GpsUsersPage.tsx')),
  '/account/hold': lazy(() => import('../features/accounts/pages/HoldsPage.tsx')),
  '/account/permission': lazy(() => import('../features/accounts/pages/PermissionPage.tsx')),
  '/log': lazy(() => import('../features/accounts/pages/OperationLogPage.tsx')),
  '/userlog': lazy(() => import('../features/accounts/pages/UserLogPage.tsx')),
  '/visitorlog': lazy(() => import('../features/accounts/pages/VisitorLogPage.tsx')),
  '/notice': lazy(() => import('../features/bulletins/pages/BulletinsPage.tsx')),
  '/manage/record': lazy(() => import('../features/sms/pages/SmsRecordPage.tsx')),
  '/manage/msg': lazy(() => import('../features/sms/pages/SmsPaymentPage.tsx')),
  '/message': lazy(() => import('../features/notices/pages/NoticesPage.tsx')),
  '/recharge': lazy(() => import('../features/renewal/pages/RenewalPage.tsx')),
  '/reconciliation': lazy(() => import('../features/reconciliation/pages/SupplierReconciliationPage.tsx')),
  '/reconciliation/details': lazy(() => import('../features/reconciliation/pages/ReconciliationDetailsPage.tsx')),
  '/reconciliation/supplier': lazy(() => import('../features/reconciliation/pages/SupplierRecordsPage.tsx')),
  '/reconciliation/bill': lazy(() => import('../features/reconciliation/pages/CustomerBillsPage.tsx')),
  '/reports': lazy(() => import('../features/reports/pages/RenewalFeePage.tsx')),
  '/reports/newly': lazy(() => import('../features/reports/pages/NewStoppedPage.tsx')),
  '/reports/payOrder': lazy(() => import('../features/reports/pages/PayOrderReportPage.tsx')),
  ...Object.fromEntries(REPORT_TYPES.map((type) => [`/report/${type}`, ReportCentrePage])),
  '/vip/wallet': lazy(() => import('../features/wallet/pages/WalletPage.tsx')),
  '/vip/wallet-detail': lazy(() => import('../features/wallet/pages/WalletDetailPage.tsx')),
  '/vip/upgrade': lazy(() => import('../features/wallet/pages/UpgradePage.tsx')),
  '/vip/upgrade-history': lazy(() => import('../features/wallet/pages/UpgradeHistoryPage.tsx')),
  '/insurance': lazy(() => import('../features/insurance/pages/InsurancePage.tsx')),
  '/spread': lazy(() => import('../features/spread/pages/SpreadPage.tsx')),
  '/province': lazy(() => import('../features/provinces/pages/ProvincePage.tsx')),
  '/system': lazy(() => import('../features/system/pages/SystemPage.tsx')),
};

function menuPage(entry: MenuEntry) {
  const Page = BUILT_PAGES[entry.path];
  return Page ? <Page /> : <ComingSoonPage titleKey={entry.title} />;
}

function menuRoute(entry: MenuEntry): RouteObject {
  if (!entry.children) return { path: entry.path, element: <RequireFn fn={entry.fn}>{menuPage(entry)}</RequireFn> };
  return {
    path: entry.path,
    element: (
      <RequireFn fn={entry.fn}>
        <Outlet />
      </RequireFn>
    ),
    children: [
      {
        index: true,
        element: (
          <ParentIndex entry={entry} render={(child) => <RequireFn fn={child.fn}>{menuPage(child)}</RequireFn>} />
        ),
      },
      ...entry.children.filter((c) => c.path !== entry.path).map(menuRoute),
    ],
  };
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <StatusPage status="500" />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/forget', element: <ForgetPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/connect', element: <ConnectPage /> },
      { path: '/usageProtocol', element: <ProtocolPage kind="usage" /> },
      { path: '/securityProtocol', element: <ProtocolPage kind="security" /> },
      { path: '/401', element: <StatusPage status="401" /> },
      { path: '/500', element: <StatusPage status="500" /> },
      {
        // The evidence page opens in its own tab, a sheet to print without the console's shell.
        path: '/monitor/history/print',
        element: (
          <RequireAuth>
            <RequireFn fn={Fn.playback}>
              <HistoryPrintPage />
            </RequireFn>
          </RequireAuth>
        ),
      },
      {
        // The installer's phone view: a frame of its own instead of the desktop shell (installer accounts land here).
        path: '/installer',
        element: (
          <RequireAuth>
            <PhoneLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <MyTasksPage /> },
          { path: 'task/:taskId', element: <TaskPage /> },
          { path: 'me', element: <InstallerMePage /> },
        ],
      },
      {
        element: (
          <RequireAuth>
            <DesktopShell>
              <Shell />
            </DesktopShell>
          </RequireAuth>
        ),
        children: [
          ...SIM_MENU.map(menuRoute),
          ...GPS_MENU.map(menuRoute),
          {
            path: '/user',
            children: [
              { index: true, element: <Navigate to="/user/info" replace /> },
              { path: 'info', element: <UserInfoPage /> },
              { path: 'download', element: <DownloadPage /> },
              { path: 'notice', element: <MyBulletinsPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <StatusPage status="404" /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
