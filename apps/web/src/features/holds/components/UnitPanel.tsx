import { ApartmentOutlined, MenuFoldOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../store/session.ts';
import { UnitTree } from './UnitTree.tsx';

/** The collapsible left panel holding the unit tree. */
export function UnitPanel() {
  const { t } = useTranslation('shell');
  // Folded at first on a phone, where it would take most of the screen.
  const [open, setOpen] = useState(() => !window.matchMedia?.('(max-width: 768px)').matches);
  const holdName = useSession((s) => s.currentHoldName);
  if (!open)
    return (
      <aside className="unit-panel collapsed">
        <Tooltip title={t('showUnits')} placement="right">
          <button type="button" className="unit-toggle" aria-label={t('showUnits')} onClick={() => setOpen(true)}>
            <ApartmentOutlined />
            <span className="unit-toggle-label">{t('unitList')}</span>
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
