import { DEFAULT_LANG, LANGS, type Language, MenuPosition, type Workspace } from '@lodestar/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** What `account/login` and `account/smslogin` answer (docs/API.md, Session). */
export interface LoginSession {
  token: string;
  tokenExpiry?: string;
  userName: string;
  userId: number;
  accountType?: number;
  loginInfo: LoginInfo;
  currentHoldId: number | null;
  currentHoldName: string;
  currentHasChild: boolean;
  menuPosition?: number;
  language?: string;
  timeZone?: string;
}

export interface LoginInfo {
  allFuns: number[];
  CompanyID: number | null;
}

/** A page opened into the tag bar: its path and the `menu` key of its title. */
export interface VisitedTag {
  path: string;
  title: string;
  /** Order of the last visits (higher is later): the tag seen longest ago is closed first (layouts/tags.ts). */
  seen?: number;
}

interface SessionState {
  token: string;
  /** When the token was stored; a token without this entry does not count (spec section 2). */
  tokenTime: number | null;
  tokenExpiry: string | null;
  userName: string;
  userId: number | null;
  accountType: number | null;
  loginInfo: LoginInfo;
  currentHoldId: number | null;
  currentHoldName: string;
  currentHasChild: boolean;
  menuPosition: MenuPosition;
  language: Language;
  /**
   * The user's time zone (IANA name): every time the server reads or writes is in it, so default date
   * ranges are computed in it, not in the browser's. Null until known (a session stored before it was kept).
   */
  timeZone: string | null;
  /** True once the person picked a language in this browser; the profile's language then does not override it. */
  languageChosen: boolean;
  visitedTags: VisitedTag[];
  /** The last workspace of each user id. */
  workspaceByUser: Record<string, Workspace>;
  /** Work orders waiting for the user (spec section 3, msgNumber), from `/WorkFlow/GetWorkCount`. */
  msgNumber: number;
}

interface SessionActions {
  signIn(session: LoginSession): void;
  clearSession(): void;
  setLanguage(language: Language, chosen?: boolean): void;
  setMenuPosition(position: number): void;
  setUserName(name: string): void;
  setTimeZone(timeZone: string): void;
  setCurrentHold(id: number, name: string, hasChild: boolean): void;
  setWorkspace(workspace: Workspace): void;
  setTags(tags: VisitedTag[]): void;
  setMsgNumber(count: number): void;
}

export const toLanguage = (value: unknown): Language | undefined =>
  LANGS.find((l) => typeof value === 'string' && value.toLowerCase().startsWith(l));

export const toMenuPosition = (value: unknown): MenuPosition =>
  value === MenuPosition.Top || value === MenuPosition.Left ? value : MenuPosition.Right;

const signedOut = {
  token: '',
  tokenTime: null,
  tokenExpiry: null,
  userName: '',
  userId: null,
  accountType: null,
  loginInfo: { allFuns: [], CompanyID: null },
  currentHoldId: null,
  currentHoldName: '',
  currentHasChild: false,
  visitedTags: [],
  msgNumber: 0,
  timeZone: null,
} satisfies Partial<SessionState>;

export const useSession = create<SessionState & SessionActions>()(
  persist(
    (set, get) => ({
      ...signedOut,
      menuPosition: MenuPosition.Right,
      language: DEFAULT_LANG,
      languageChosen: false,
      workspaceByUser: {},
      signIn: (s) => {
        const serverLanguage = toLanguage(s.language);
        set({
          token: s.token,
          tokenTime: Date.now(),
          tokenExpiry: s.tokenExpiry ?? null,
          userName: s.userName,
          userId: s.userId,
          accountType: s.accountType ?? null,
          loginInfo: { allFuns: s.loginInfo?.allFuns ?? [], CompanyID: s.loginInfo?.CompanyID ?? null },
          currentHoldId: s.currentHoldId,
          currentHoldName: s.currentHoldName,
          currentHasChild: s.currentHasChild,
          menuPosition: toMenuPosition(s.menuPosition),
          timeZone: s.timeZone || null,
          visitedTags: [],
          msgNumber: 0,
          ...(serverLanguage && !get().languageChosen ? { language: serverLanguage } : {}),
        });
      },
      clearSession: () => set({ ...signedOut }),
      setLanguage: (language, chosen = true) => set({ language, languageChosen: chosen || get().languageChosen }),
      setMenuPosition: (position) => set({ menuPosition: toMenuPosition(position) }),
      setUserName: (userName) => set({ userName }),
      setTimeZone: (timeZone) => set({ timeZone }),
      setCurrentHold: (currentHoldId, currentHoldName, currentHasChild) =>
        set({ currentHoldId, currentHoldName, currentHasChild }),
      setWorkspace: (workspace) => {
        const id = get().userId;
        if (id === null) return;
        set({ workspaceByUser: { ...get().workspaceByUser, [String(id)]: workspace } });
      },
      setTags: (visitedTags) => set({ visitedTags }),
      setMsgNumber: (msgNumber) => set({ msgNumber }),
    }),
    {
      name: 'lodestar-session',
      version: 1,
      storage: createJSONStorage(() => localStorage),
    },
  ),
);

/** A token counts only with its token-time entry, and only until its expiry (spec section 2). */
export function hasToken(state: Pick<SessionState, 'token' | 'tokenTime' | 'tokenExpiry'> = useSession.getState()) {
  if (!state.token || state.tokenTime === null) return false;
  if (state.tokenExpiry && Date.parse(state.tokenExpiry) < Date.now()) return false;
  return true;
}

export const useHasToken = () => useSession((s) => hasToken(s));
export const useFunctionSet = () => {
  const funs = useSession((s) => s.loginInfo.allFuns);
  return funSetOf(funs);
};

const funSets = new WeakMap<number[], ReadonlySet<number>>();
function funSetOf(funs: number[]): ReadonlySet<number> {
  let set = funSets.get(funs);
  if (!set) {
    set = new Set(funs);
    funSets.set(funs, set);
  }
  return set;
}
