import type { Workspace } from '@lodestar/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { workspaceOf, workspacesOf } from '../router/menu.ts';
import { useFunctionSet, useSession } from '../store/session.ts';

/** The workspace shown: the one the current page belongs to, else the remembered one, else the first allowed. */
export function useWorkspace(): { current: Workspace | undefined; available: Workspace[] } {
  const funs = useFunctionSet();
  const available = workspacesOf(funs);
  const remembered = useSession((s) => (s.userId === null ? undefined : s.workspaceByUser[String(s.userId)]));
  const { pathname } = useLocation();
  const fromPath = workspaceOf(pathname);
  const current = fromPath ?? (remembered && available.includes(remembered) ? remembered : available[0]);
  return { current, available };
}

/** Remembers, per user, the workspace of the page being shown. */
export function useRememberWorkspace(): void {
  const { pathname } = useLocation();
  const setWorkspace = useSession((s) => s.setWorkspace);
  useEffect(() => {
    const ws = workspaceOf(pathname);
    if (ws) setWorkspace(ws);
  }, [pathname, setWorkspace]);
}
