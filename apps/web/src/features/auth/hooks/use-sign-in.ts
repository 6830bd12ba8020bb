import { useNavigate } from 'react-router';
import { landingPath } from '../../../router/menu.ts';
import { type LoginSession, useSession } from '../../../store/session.ts';

type SessionSnapshot = ReturnType<typeof useSession.getState>;

/** The first page of the user's remembered workspace (or of the first it may use). */
export function landingOf(state: Pick<SessionSnapshot, 'userId' | 'workspaceByUser' | 'loginInfo'>): string {
  const remembered = state.userId === null ? undefined : state.workspaceByUser[String(state.userId)];
  return landingPath(new Set(state.loginInfo.allFuns), remembered);
}

/** Stores the session a login call answered and opens the user's first page. Returns false for a reply without token. */
export function useSignIn() {
  const navigate = useNavigate();
  return (session: LoginSession | null | undefined): boolean => {
    if (!session?.token) return false;
    useSession.getState().signIn(session);
    navigate(landingOf(useSession.getState()), { replace: true });
    return true;
  };
}
