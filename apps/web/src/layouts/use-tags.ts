import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { landingOf } from '../features/auth/hooks/use-sign-in.ts';
import { isMenuPage, titleOf } from '../router/menu.ts';
import { useSession, type VisitedTag } from '../store/session.ts';
import { visitTag } from './tags.ts';
import { useViewStore } from './view-store.ts';

/** The tag bar's state and actions: every menu page opened becomes a tag until closed (at most MAX_TAGS). */
export function useTags() {
  const tags = useSession((s) => s.visitedTags);
  const setTags = useSession((s) => s.setTags);
  const refreshView = useViewStore((s) => s.refresh);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const title = titleOf(pathname);
    if (!title || !isMenuPage(pathname)) return;
    const next = visitTag(tags, { path: pathname, title });
    if (next !== tags) setTags(next);
  }, [pathname, tags, setTags]);

  const close = (tag: VisitedTag) => {
    const index = tags.findIndex((t) => t.path === tag.path);
    const rest = tags.filter((t) => t.path !== tag.path);
    setTags(rest);
    if (tag.path === pathname) {
      const next = rest[Math.max(0, index - 1)];
      navigate(next ? next.path : landingOf(useSession.getState()));
    }
  };
  const closeOthers = (tag: VisitedTag) => {
    setTags(tags.filter((t) => t.path === tag.path));
    if (tag.path !== pathname) navigate(tag.path);
  };
  const closeAll = () => {
    setTags([]);
    navigate(landingOf(useSession.getState()));
  };
  const refresh = (tag: VisitedTag) => {
    if (tag.path !== pathname) navigate(tag.path);
    refreshView();
  };
  const openNew = (tag: VisitedTag) => window.open(tag.path, '_blank', 'noopener');

  return {
    tags,
    active: pathname,
    close,
    closeOthers,
    closeAll,
    refresh,
    openNew,
    open: (tag: VisitedTag) => navigate(tag.path),
  };
}
