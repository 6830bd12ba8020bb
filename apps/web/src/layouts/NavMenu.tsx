import type { MenuEntry } from '@lodestar/domain';
import { Menu, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { visibleMenu } from '../router/menu.ts';
import { useFunctionSet } from '../store/session.ts';
import { MENU_ICONS } from './menu-icons.tsx';
import { useWorkspace } from './use-workspace.ts';

type Items = NonNullable<MenuProps['items']>;

/** A popover submenu only for an entry with more than one child; a single child is shown as the entry itself. */
function toItems(entries: readonly MenuEntry[], t: TFunction, top: boolean): Items {
  return entries.map((entry) => {
    const icon = top ? MENU_ICONS[entry.path] : undefined;
    if (entry.children && entry.children.length > 1)
      return {
        key: `sub:${entry.path}`,
        icon,
        label: t(entry.title),
        popupClassName: 'nav-popup',
        children: toItems(entry.children, t, false),
      };
    const target = entry.children?.[0] ?? entry;
    return { key: target.path, icon, label: t(target.title) };
  });
}

export function NavMenu({ mode }: { mode: 'horizontal' | 'vertical' }) {
  const { t } = useTranslation('menu');
  const funs = useFunctionSet();
  const { current } = useWorkspace();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const entries = current ? visibleMenu(current, funs) : [];
  return (
    <Menu
      className={`nav-menu nav-menu-${mode}`}
      mode={mode}
      theme={mode === 'horizontal' ? 'dark' : 'light'}
      selectedKeys={[pathname]}
      items={toItems(entries, t, true)}
      onClick={({ key }) => navigate(key)}
    />
  );
}
