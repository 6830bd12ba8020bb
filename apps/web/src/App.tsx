import { Fn, LIMITS } from '@lodestar/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, Button, ConfigProvider, Empty, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { setApiEffects } from './api/instance.ts';
import { isMonitorPath, prefetchMonitorData } from './features/monitor/preload.ts';
import { workspaceOf } from './router/menu.ts';
import { router } from './router/routes.tsx';
import { hasToken, useSession } from './store/session.ts';

const ANTD_LOCALES = { zh: zhCN, en: enUS, fr: frFR };

// zeroRuntime: components take their styles from antd/dist/antd.css (imported in main.tsx) rather
// than generating and inserting CSS as they first render, which cost a few hundred ms of main
// thread when the shell and the monitor first render. Tokens still reach them as CSS variables.
const THEME: ThemeConfig = { zeroRuntime: true, components: { Tree: { indentSize: LIMITS.treeIndent } } };

/**
 * The system's "reduce motion" setting (an accessibility preference): antd's zooms, fades and slides are turned off
 * while it is on, so dialogs and menus appear and go at once. The browser tests run with it on too: a click that
 * landed while a dialog was still zooming in could be lost under load.
 */
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (changed: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};
const reducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

const queryClient = new QueryClient({
  // The api client already shows every failure; retrying would repeat the toast.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

// A reload or a bookmark of the monitor: its first calls go out now, not after its code has loaded.
const boot = useSession.getState();
if (isMonitorPath(window.location.pathname) && hasToken(boot) && boot.loginInfo.allFuns.includes(Fn.onlineMonitor))
  prefetchMonitorData(queryClient, boot.currentHoldId);

/** Spec section 8: error toasts last 2 s, 1 s in the SIM administration console. */
const errorToastSeconds = () =>
  workspaceOf(window.location.pathname) === 'sim' ? LIMITS.simToastSeconds : LIMITS.toastSeconds;

/** The VIP gate's refusal stays long enough to follow its link to the upgrade page (function 73). */
const VIP_TOAST_SECONDS = 6;

/** Lets the api client use antd's context-aware message API. */
function ApiEffectsBridge() {
  const { message } = AntdApp.useApp();
  const { t } = useTranslation('errors');
  useEffect(() => {
    setApiEffects({
      toast: (content) => void message.error({ content, duration: errorToastSeconds() }),
      vipExpired: (text) => {
        const mayUpgrade = useSession.getState().loginInfo.allFuns.includes(Fn.upgradeVip);
        const key = `vip-expired-${Date.now()}`;
        const content = (
          <span>
            {text}
            {mayUpgrade ? (
              <Button
                type="link"
                size="small"
                data-testid="vip-upgrade-link"
                onClick={() => {
                  message.destroy(key);
                  void router.navigate('/vip/upgrade');
                }}
              >
                {t('vipUpgrade')}
              </Button>
            ) : null}
          </span>
        );
        void message.error({ key, content, duration: mayUpgrade ? VIP_TOAST_SECONDS : errorToastSeconds() });
      },
    });
  }, [message, t]);
  return null;
}

export function App() {
  const language = useSession((s) => s.language);
  const { t } = useTranslation();
  const reduced = useSyncExternalStore(subscribeReducedMotion, reducedMotion);
  const theme = useMemo<ThemeConfig>(() => (reduced ? { ...THEME, token: { motion: false } } : THEME), [reduced]);
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[language]}
      button={{ autoInsertSpace: false }}
      renderEmpty={() => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />}
      theme={theme}
    >
      <AntdApp message={{ duration: LIMITS.toastSeconds, maxCount: 3 }}>
        <ApiEffectsBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
