import { AccountType, allowedMenu, firstPath, type MenuEntry } from '@lodestar/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useFunctionSet, useHasToken, useSession } from '../store/session.ts';
import { INSTALLER_HOME } from './menu.ts';

/** Paths other than the public ones need a token with its token-time entry (spec section 2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const present = useHasToken();
  const location = useLocation();
  if (!present) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** A page whose function id the user lacks goes to /401. */
export function RequireFn({ fn, children }: { fn: number | undefined; children: ReactNode }) {
  const funs = useFunctionSet();
  if (fn !== undefined && !funs.has(fn)) return <Navigate to="/401" replace />;
  return children;
}

/**
 * The index of a top-level entry: its own page when an index child shares its path and may be
 * opened (`/reconciliation`, `/reports`), else the first child the user may open.
 */
export function ParentIndex({ entry, render }: { entry: MenuEntry; render: (child: MenuEntry) => ReactNode }) {
  const funs = useFunctionSet();
  const own = entry.children?.find((c) => c.path === entry.path);
  if (own && (own.fn === undefined || funs.has(own.fn))) return render(own);
  const target = firstPath(allowedMenu(entry.children ?? [], funs));
  return <Navigate to={target ?? '/401'} replace />;
}

/** Installer accounts use the phone view (features/install-phone), not the desktop shell. */
export function DesktopShell({ children }: { children: ReactNode }) {
  const installer = useSession((s) => s.accountType === AccountType.Installer);
  if (installer) return <Navigate to={INSTALLER_HOME} replace />;
  return children;
}
