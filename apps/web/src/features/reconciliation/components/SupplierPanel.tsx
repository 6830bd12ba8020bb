import { MenuFoldOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Spin, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSupplierSelect } from '../../catalogue/api/selects.ts';
import { useSelectedSupplier } from '../supplier-store.ts';
import '../reconciliation.css';

/** The pages on which the supplier list replaces the unit tree (spec section 2). */
export const SUPPLIER_PANEL_PATHS = ['/reconciliation', '/reconciliation/supplier'];

/** The supplier list: clicking a name selects it; the first is selected when none is chosen. */
export function SupplierPanel() {
  const { t } = useTranslation('reconciliation');
  const [open, setOpen] = useState(true);
  const suppliers = useSupplierSelect();
  const { supplierId, inAddress, select } = useSelectedSupplier();
  const list = suppliers.data ?? [];
  const first = list[0]?.SupplierID;
  const known = list.some((s) => s.SupplierID === supplierId);

  useEffect(() => {
    if (first !== undefined && !known) select(first);
    // A page opened from the menu carries no ?SupplierID=: the remembered choice goes back into the address.
    else if (known && !inAddress && supplierId !== undefined) select(supplierId);
  }, [first, known, inAddress, supplierId, select]);

  if (!open)
    return (
      <aside className="unit-panel collapsed">
        <Tooltip title={t('panel.show')} placement="right">
          <button type="button" className="unit-toggle" aria-label={t('panel.show')} onClick={() => setOpen(true)}>
            <ShopOutlined />
            <span className="unit-toggle-label">{t('panel.title')}</span>
          </button>
        </Tooltip>
      </aside>
    );
  return (
    <aside className="unit-panel" data-testid="supplier-panel">
      <div className="unit-panel-head">
        <div className="unit-panel-title">{t('panel.title')}</div>
        <Button
          type="text"
          size="small"
          icon={<MenuFoldOutlined />}
          aria-label={t('panel.hide')}
          onClick={() => setOpen(false)}
        />
      </div>
      {suppliers.isLoading ? (
        <Spin size="small" style={{ margin: 16 }} />
      ) : list.length ? (
        <ul className="supplier-panel-list">
          {list.map((s) => (
            <li key={s.SupplierID}>
              <button
                type="button"
                className={s.SupplierID === supplierId ? 'selected' : undefined}
                aria-pressed={s.SupplierID === supplierId}
                onClick={() => select(s.SupplierID)}
              >
                {s.SupplierName}
                <span className="supplier-panel-carrier">{s.OperatorName}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="supplier-panel-empty">{t('panel.empty')}</div>
      )}
    </aside>
  );
}
