import type { Lang } from '@lodestar/domain';
import { Button, Checkbox, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../store/session.ts';
import type { GrantableFunction } from '../api/functions.ts';
import { buildMatrix, groupIds, toggle } from '../function-matrix.ts';
import '../accounts.css';

interface Props {
  functions: readonly GrantableFunction[];
  checked: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  disabled?: boolean;
}

/** The grantable functions by area, with check all / cancel all per area. */
export function FunctionMatrix({ functions, checked, onChange, disabled }: Props) {
  const { t } = useTranslation('accounts');
  const lang = useSession((s) => s.language) as Lang;
  const matrix = useMemo(() => buildMatrix(functions), [functions]);

  const box = (f: GrantableFunction, strong = false) => (
    <span key={f.id} className="fn-box" data-fn={f.id}>
      <Checkbox
        checked={checked.has(f.id)}
        disabled={disabled}
        onChange={(e) => onChange(toggle(checked, f, e.target.checked, functions))}
      >
        {strong ? <strong>{f.name[lang] ?? f.name.en}</strong> : (f.name[lang] ?? f.name.en)}
      </Checkbox>
    </span>
  );

  return (
    <div className="fn-matrix">
      {matrix.map(({ group, rows }) => {
        const ids = groupIds(rows);
        const on = ids.filter((id) => checked.has(id)).length;
        return (
          <section key={group} className="fn-group" data-group={group}>
            <header className="fn-group-head">
              <Checkbox
                checked={on === ids.length}
                indeterminate={on > 0 && on < ids.length}
                disabled={disabled}
                onChange={(e) => {
                  const next = new Set(checked);
                  for (const id of ids) e.target.checked ? next.add(id) : next.delete(id);
                  onChange(next);
                }}
              >
                <span className="fn-group-title">{t(`perm.group.${group}`)}</span>
              </Checkbox>
              <span className="muted">
                {on}/{ids.length}
              </span>
              <Space size={0} className="fn-group-actions">
                <Button
                  type="link"
                  size="small"
                  disabled={disabled}
                  onClick={() => onChange(new Set([...checked, ...ids]))}
                >
                  {t('perm.checkAll')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  disabled={disabled}
                  onClick={() => onChange(new Set([...checked].filter((id) => !ids.includes(id))))}
                >
                  {t('perm.cancelAll')}
                </Button>
              </Space>
            </header>
            {rows.map((row) => (
              <div key={row.parent?.id ?? 'loose'} className="fn-row">
                {row.parent ? <div className="fn-parent">{box(row.parent, true)}</div> : null}
                <div className="fn-items">{row.items.map((f) => box(f))}</div>
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
}
