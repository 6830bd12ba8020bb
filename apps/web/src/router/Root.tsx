import { Spin } from 'antd';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAppTitle } from '../components/useAppTitle.ts';
import { titleOf } from './menu.ts';

export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="page-fallback">
      <Spin description={t('loading')} />
    </div>
  );
}

/** Every route: scroll to the top after a navigation and name the document after the page. */
export function Root() {
  const { pathname } = useLocation();
  const { t } = useTranslation('menu');
  const appTitle = useAppTitle();
  const key = titleOf(pathname);

  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    window.scrollTo(0, 0);
    for (const el of document.querySelectorAll('.scroll-to-top')) el.scrollTop = 0;
  }, [pathname]);

  useEffect(() => {
    document.title = key ? `${appTitle} - ${t(key)}` : appTitle;
  }, [appTitle, key, t]);

  return (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );
}
