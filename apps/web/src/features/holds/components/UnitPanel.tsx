import { ApartmentOutlined, MenuFoldOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../store/session.ts';
import { useBranding } from '../../bulletins/api/branding.ts';
import { UnitTree } from './UnitTree.tsx';

const NARROW = '(max-width: 768px)';

/** The collapsible left panel holding the unit tree. */
export function UnitPanel() {
  const { t } = useTranslation('shell');
  // Folded on a phone, where it would take most of the screen: at first, and whenever the window narrows to
  // a phone's width (a turned tablet, a desktop window made small); opened again when it widens.
  const [open, setOpen] = useState(() => !window.matchMedia?.(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia?.(NARROW);
    if (!query) return;
    const follow = (e: MediaQueryListEvent) => setOpen(!e.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  const holdName = useSession((s) => s.currentHoldName);
  // Spec section 2: the folded panel's toggle reads "unit list" on platform 2 (spec section 6's platform setting); the
  // open panel's title is the unit list on both.
  const label = t((useBranding().data?.Effective.Platform ?? 1) === 2 ? 'unitList' : 'units');
  if (!open)
    return (
      <aside className="unit-panel collapsed">
        <Tooltip title={t('showUnits')} placement="right">
          <button type="button" className="unit-toggle" aria-label={t('showUnits')} onClick={() => setOpen(true)}>
            <ApartmentOutlined />
            <span className="unit-toggle-label">{label}</span>
          </button>
        </Tooltip>
      </aside>
    );
  return (
    <aside className="unit-panel">
      <div className="unit-panel-head">
        <div>
          <div className="unit-panel-title">{t('unitList')}</div>
          <div className="unit-panel-current" title={t('currentUnit')}>
            {holdName}
          </div>
        </div>
        <Button
          type="text"
          size="small"
          icon={<MenuFoldOutlined />}
          aria-label={t('hideUnits')}
          onClick={() => setOpen(false)}
        />
      </div>
      <UnitTree />
    </aside>
  );
}
