import {
  CloseCircleOutlined,
  CloseOutlined,
  DownOutlined,
  ExportOutlined,
  LeftOutlined,
  MinusCircleOutlined,
  ReloadOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { LIMITS } from '@lodestar/domain';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { workspaceOf } from '../router/menu.ts';
import type { VisitedTag } from '../store/session.ts';
import { useTags } from './use-tags.ts';

/** Visited pages: click to open, × to close, right-click or the arrow menu for the other actions. */
export function TagBar() {
  const { t } = useTranslation('shell');
  const { t: tm } = useTranslation('menu');
  const bar = useTags();
  const scroller = useRef<HTMLDivElement>(null);
  const scroll = (dir: 1 | -1) => scroller.current?.scrollBy({ left: dir * LIMITS.tagScrollStep, behavior: 'smooth' });
  const activeTag = bar.tags.find((tag) => tag.path === bar.active);
  // Both workspaces have a "Home": when two open tags read the same, each says its workspace.
  const labels = bar.tags.map((tag) => tm(tag.title));
  const label = (tag: VisitedTag, i: number) => {
    const ws = workspaceOf(tag.path);
    const twin = labels.some((l, j) => j !== i && l === labels[i]);
    return twin && ws ? `${labels[i]} · ${t(`workspace.${ws}`)}` : labels[i];
  };

  // In the next frame, not in the effect: scrollIntoView forces a layout, and right after a login
  // that is the layout of a whole page still being built (~100 ms under load before the monitor's
  // first paint). A lone tag is always in view.
  const many = bar.tags.length > 1;
  useEffect(() => {
    if (!activeTag || !many) return;
    const frame = requestAnimationFrame(() =>
      scroller.current?.querySelector('.view-tag.active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [activeTag, many]);

  const actions = (tag: VisitedTag | undefined): MenuProps => ({
    className: 'tag-actions',
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('refresh'), disabled: !tag },
      { key: 'close', icon: <CloseOutlined />, label: t('close'), disabled: !tag },
      { key: 'closeOthers', icon: <MinusCircleOutlined />, label: t('closeOthers'), disabled: !tag },
      { key: 'closeAll', icon: <CloseCircleOutlined />, label: t('closeAll') },
      { type: 'divider' },
      { key: 'openNew', icon: <ExportOutlined />, label: t('openNew'), disabled: !tag },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'closeAll') return bar.closeAll();
      if (!tag) return;
      if (key === 'refresh') bar.refresh(tag);
      else if (key === 'close') bar.close(tag);
      else if (key === 'closeOthers') bar.closeOthers(tag);
      else if (key === 'openNew') bar.openNew(tag);
    },
  });

  return (
    <nav className="tag-bar" aria-label={t('tagActions')}>
      <Button
        type="text"
        size="small"
        icon={<LeftOutlined />}
        aria-label={t('scrollLeft')}
        onClick={() => scroll(-1)}
      />
      <div className="tag-scroll" ref={scroller}>
        {bar.tags.map((tag, i) => (
          <Dropdown key={tag.path} trigger={['contextMenu']} menu={actions(tag)}>
            <a
              href={tag.path}
              className={tag.path === bar.active ? 'view-tag active' : 'view-tag'}
              data-path={tag.path}
              aria-current={tag.path === bar.active ? 'page' : undefined}
              onClick={(e) => {
                if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                bar.open(tag);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Delete') bar.close(tag);
              }}
            >
              {label(tag, i)}
              <CloseOutlined
                className="view-tag-close"
                aria-label={t('close')}
                onClick={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  bar.close(tag);
                }}
              />
            </a>
          </Dropdown>
        ))}
      </div>
      <Button
        type="text"
        size="small"
        icon={<RightOutlined />}
        aria-label={t('scrollRight')}
        onClick={() => scroll(1)}
      />
      <Dropdown trigger={['click']} menu={actions(activeTag)}>
        <Button
          type="text"
          size="small"
          className="tag-menu-button"
          aria-label={t('tagActions')}
          icon={<DownOutlined />}
        />
      </Dropdown>
    </nav>
  );
}
