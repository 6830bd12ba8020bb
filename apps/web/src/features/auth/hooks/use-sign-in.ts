import { Fn } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { landingPath, mayOpen } from '../../../router/menu.ts';
import { type LoginSession, toLanguage, useSession } from '../../../store/session.ts';
import { isMonitorPath, prefetchMonitorData } from '../../monitor/preload.ts';
import { userInfoKey } from '../../user/api/get-user-info.ts';
import { saveSettings } from '../../user/api/save-settings.ts';

type SessionSnapshot = ReturnType<typeof useSession.getState>;

/** The first page of the user's remembered workspace (or of the first it may use); an installer's phone view. */
export function landingOf(
  state: Pick<SessionSnapshot, 'userId' | 'workspaceByUser' | 'loginInfo' | 'accountType'>,
): string {
  const remembered = state.userId === null ? undefined : state.workspaceByUser[String(state.userId)];
  return landingPath(new Set(state.loginInfo.allFuns), remembered, state.accountType);
}

/**
 * The page a person was sent to the login from (RequireAuth keeps it in the location state), so
 * a bookmark or a link opens after logging in; the pages' own guards still check the functions.
 */
export function useReturnPath(): string | null {
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login' ? from : null;
}

/** Stores the session a login call answered and opens the page asked for, else the user's first page. Returns false for a reply without token. */
export function useSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnTo = useReturnPath();
  return (session: LoginSession | null | undefined): boolean => {
    if (!session?.token) return false;
    useSession.getState().signIn(session);
    const state = useSession.getState();
    // A language picked in this browser (on the log-in page or before) wins over the profile's; the
    // profile learns it, so the settings page and the next browser agree with what is shown.
    if (state.language !== toLanguage(session.language))
      void saveSettings({ Language: state.language }).then(
        (profile) => queryClient.setQueryData(userInfoKey, profile),
        () => undefined, // the interface already speaks it; the header's switch saves it again when used
      );
    const funs = new Set(state.loginInfo.allFuns);
    const target = returnTo && mayOpen(returnTo, funs, state.accountType) ? returnTo : landingOf(state);
    if (isMonitorPath(target) && state.loginInfo.allFuns.includes(Fn.onlineMonitor))
      prefetchMonitorData(queryClient, state.currentHoldId);
    navigate(target, { replace: true });
    return true;
  };
}
