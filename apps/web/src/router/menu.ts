import {
  AccountType,
  allowedMenu,
  firstPath,
  GPS_MENU,
  MENUS,
  type MenuEntry,
  SIM_MENU,
  USER_MENU,
  type Workspace,
} from '@lodestar/domain';

export const WORKSPACES: readonly Workspace[] = ['tracking', 'sim'];

function collect(menu: readonly MenuEntry[], into: Map<string, string>): Map<string, string> {
  for (const entry of menu) {
    // A parent and its index child share a path (`/reconciliation`, `/reports`): the child's title names the page.
    into.set(entry.path, entry.title);
    if (entry.children) collect(entry.children, into);
  }
  return into;
}

const PAGE_TITLES: Record<string, string> = {
  '/login': 'login',
  '/forget': 'forget',
  '/register': 'register',
  '/usageProtocol': 'usageProtocol',
  '/securityProtocol': 'securityProtocol',
  '/401': 'unauthorized',
  '/500': 'serverError',
};

const pagePaths = new Set<string>();
const collectPages = (menu: readonly MenuEntry[]): void => {
  for (const entry of menu) entry.children ? collectPages(entry.children) : pagePaths.add(entry.path);
};
collectPages([...SIM_MENU, ...GPS_MENU, ...USER_MENU]);

const titles = collect([...SIM_MENU, ...GPS_MENU, ...USER_MENU], new Map(Object.entries(PAGE_TITLES)));

/** The `menu` namespace key of the page at a path, or undefined for an unknown path. */
export const titleOf = (path: string): string | undefined => titles.get(path.replace(/\/+$/, '') || '/');

/** Whether a path is a page of the menus (and can be a tag); a parent that only redirects is not. */
export const isMenuPage = (path: string): boolean => pagePaths.has(path);

const workspacePaths = new Map<string, Workspace>();
for (const ws of WORKSPACES) for (const path of collect(MENUS[ws], new Map()).keys()) workspacePaths.set(path, ws);

export const workspaceOf = (path: string): Workspace | undefined => workspacePaths.get(path);

/** The entries a user sees in a workspace's menu: allowed by its function ids and not hidden. */
export function visibleMenu(workspace: Workspace, funs: ReadonlySet<number>): MenuEntry[] {
  const strip = (menu: MenuEntry[]): MenuEntry[] =>
    menu.filter((e) => !e.hidden).map((e) => (e.children ? { ...e, children: strip(e.children) } : e));
  return strip(allowedMenu(MENUS[workspace], funs)).filter((e) => !e.children || e.children.length > 0);
}

/** The function ids a menu path needs: its own and its parents'. */
const pathFns = new Map<string, number[]>();
const collectFns = (menu: readonly MenuEntry[], above: number[]): void => {
  for (const entry of menu) {
    const fns = entry.fn === undefined ? above : [...above, entry.fn];
    // A parent and its index child share a path: the child's (longer) list is the page's.
    if (!pathFns.has(entry.path) || fns.length > (pathFns.get(entry.path)?.length ?? 0)) pathFns.set(entry.path, fns);
    if (entry.children) collectFns(entry.children, fns);
  }
};
collectFns([...SIM_MENU, ...GPS_MENU, ...USER_MENU], []);

/**
 * Whether a user may open a path (with its query) it was sent to the log-in from: someone else may log in
 * in the same browser, and a page of the previous user that this one lacks the functions for would open on /401.
 * Paths outside the menus are left to their own guards.
 */
export function mayOpen(path: string, funs: ReadonlySet<number>, accountType?: number | null): boolean {
  const pathname = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  const installerPath = pathname === INSTALLER_HOME || pathname.startsWith(`${INSTALLER_HOME}/`);
  if ((accountType === AccountType.Installer) !== installerPath) return false;
  return (pathFns.get(pathname) ?? []).every((fn) => funs.has(fn));
}

export const workspacesOf = (funs: ReadonlySet<number>): Workspace[] =>
  WORKSPACES.filter((ws) => visibleMenu(ws, funs).length > 0);

/** The installer's phone view (features/install-phone), which replaces the desktop shell for installer accounts. */
export const INSTALLER_HOME = '/installer';

/**
 * Where a user lands: an installer on its phone view; anyone else on the first page of the remembered workspace,
 * else of the first workspace it may use.
 */
export function landingPath(funs: ReadonlySet<number>, preferred?: Workspace, accountType?: number | null): string {
  if (accountType === AccountType.Installer) return INSTALLER_HOME;
  const order = preferred ? [preferred, ...WORKSPACES.filter((w) => w !== preferred)] : WORKSPACES;
  for (const ws of order) {
    const path = firstPath(visibleMenu(ws, funs));
    if (path) return path;
  }
  return '/user/info';
}
