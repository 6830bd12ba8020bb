import { Fn, MenuPosition } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { Layout } from 'antd';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useBranding } from '../features/bulletins/api/branding.ts';
import { BulletinBanner, BulletinPopup } from '../features/bulletins/components/BulletinPopup.tsx';
import { UnitPanel } from '../features/holds/components/UnitPanel.tsx';
import { preloadMonitor } from '../features/monitor/preload.ts';
import { SUPPLIER_PANEL_PATHS, SupplierPanel } from '../features/reconciliation/components/SupplierPanel.tsx';
import { getUserInfo, userInfoKey } from '../features/user/api/get-user-info.ts';
import { PageFallback } from '../router/Root.tsx';
import { useFunctionSet, useSession } from '../store/session.ts';
import { AppHeader } from './AppHeader.tsx';
import { NavMenu } from './NavMenu.tsx';
import { TagBar } from './TagBar.tsx';
import { useRememberWorkspace, useWorkspace } from './use-workspace.ts';
import { useViewStore } from './view-store.ts';

function SideMenu({ side }: { side: 'left' | 'right' }) {
  // On a phone the menu folds away behind antd's tab, so the page keeps the screen's width.
  return (
    <Layout.Sider
      className={`menu-sider menu-sider-${side}`}
      width={236}
      theme="light"
      breakpoint="md"
      collapsedWidth={0}
      reverseArrow={side === 'right'}
    >
      <NavMenu mode="vertical" />
    </Layout.Sider>
  );
}

/**
 * In the tracking workspace the online monitor is the page most opened next: its code (MapLibre
 * inside, ~1 MB) is fetched and evaluated while the browser is idle, not when it is clicked.
 */
function usePreloadMonitor() {
  const canMonitor = useFunctionSet().has(Fn.onlineMonitor);
  const tracking = useWorkspace().current === 'tracking';
  useEffect(() => {
    if (!canMonitor || !tracking) return;
    const load = preloadMonitor;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(load, { timeout: 5000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 2000);
    return () => clearTimeout(timer);
  }, [canMonitor, tracking]);
}

/**
 * Pages compute their default date ranges in the user's time zone. A log-in answers it; a session
 * stored before the zone was kept learns it from the profile, and its pages wait until then.
 */
function useTimeZoneKnown(): boolean {
  const known = useSession((s) => s.timeZone !== null);
  const profile = useQuery({ queryKey: userInfoKey, queryFn: getUserInfo, enabled: !known });
  const zone = profile.data?.TimeZone;
  useEffect(() => {
    if (!known && profile.isSuccess)
      useSession.getState().setTimeZone(zone || Intl.DateTimeFormat().resolvedOptions().timeZone);
  }, [known, profile.isSuccess, zone]);
  return known || profile.isError;
}

/** The signed-in frame: header, menu (top, left or right), unit panel, tag bar and the page. */
export default function Shell() {
  const menuPosition = useSession((s) => s.menuPosition);
  const refreshSeq = useViewStore((s) => s.refreshSeq);
  const { pathname } = useLocation();
  useRememberWorkspace();
  usePreloadMonitor();
  const zoneKnown = useTimeZoneKnown();
  const platform = useBranding().data?.Effective.Platform ?? 1;

  return (
    <Layout className={`shell menu-at-${MenuPosition[menuPosition].toLowerCase()} platform-${platform}`}>
      <AppHeader />
      <Layout hasSider className="shell-body">
        {menuPosition === MenuPosition.Left ? <SideMenu side="left" /> : null}
        {SUPPLIER_PANEL_PATHS.includes(pathname) ? <SupplierPanel /> : <UnitPanel />}
        <Layout.Content className="shell-content">
          <TagBar />
          <BulletinBanner />
          <div className="shell-page scroll-to-top">
            <Suspense fallback={<PageFallback />}>
              <div key={`${pathname}#${refreshSeq}`} className="page-frame">
                {zoneKnown ? <Outlet /> : <PageFallback />}
              </div>
            </Suspense>
          </div>
        </Layout.Content>
        {menuPosition === MenuPosition.Right ? <SideMenu side="right" /> : null}
      </Layout>
      <BulletinPopup />
    </Layout>
  );
}
