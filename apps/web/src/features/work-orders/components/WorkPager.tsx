import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { WORK_ORDER_UI } from '@lodestar/domain';
import { Button, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { jumpTarget, pageCountOf, pagerWindow } from '../pager.ts';

interface Props {
  current: number;
  pageSize: number;
  total: number;
  onChange(page: number, pageSize: number): void;
}

/** The list's pager (spec section 9): total, page size 100/500/1000, at most 11 numbered pages, jump to a page. */
export function WorkPager({ current, pageSize, total, onChange }: Props) {
  const { t } = useTranslation('work-orders');
  const pages = pageCountOf(total, pageSize);
  const step = WORK_ORDER_UI.pagerCount - 2;
  const go = (page: number) => {
    const target = Math.min(Math.max(1, Math.trunc(page)), pages);
    if (Number.isFinite(target) && target !== current) onChange(target, pageSize);
  };
  const jumpTo = (value: string) => {
    const page = Number(value);
    if (value.trim() && Number.isFinite(page)) go(page);
  };

  return (
    <nav className="work-pager" aria-label={t('pager.label')}>
      <span className="work-pager-total">{t('pager.total', { total })}</span>
      <Select
        size="small"
        className="work-pager-size"
        value={pageSize}
        onChange={(size) => onChange(1, size)}
        options={WORK_ORDER_UI.pageSizes.map((size) => ({ value: size, label: t('pager.perPage', { size }) }))}
      />
      <Button
        size="small"
        type="text"
        icon={<LeftOutlined />}
        disabled={current <= 1}
        onClick={() => go(current - 1)}
        aria-label={t('pager.prev')}
      />
      {pagerWindow(current, pages, WORK_ORDER_UI.pagerCount).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            size="small"
            type={item === current ? 'primary' : 'text'}
            className="work-pager-page"
            aria-current={item === current ? 'page' : undefined}
            onClick={() => go(item)}
          >
            {item}
          </Button>
        ) : (
          <Button
            key={item}
            size="small"
            type="text"
            className={`work-pager-${item}`}
            icon={item === 'jumpPrev' ? <DoubleLeftOutlined /> : <DoubleRightOutlined />}
            title={t(`pager.${item}`, { n: step })}
            aria-label={t(`pager.${item}`, { n: step })}
            onClick={() => go(jumpTarget(item, current, pages, WORK_ORDER_UI.pagerCount))}
          />
        ),
      )}
      <Button
        size="small"
        type="text"
        icon={<RightOutlined />}
        disabled={current >= pages}
        onClick={() => go(current + 1)}
        aria-label={t('pager.next')}
      />
      <span className="work-pager-jump">
        {t('pager.goTo')}
        <InputNumber
          key={current}
          size="small"
          min={1}
          max={pages}
          controls={false}
          className="work-pager-jump-input"
          onPressEnter={(e) => jumpTo((e.target as HTMLInputElement).value)}
          onBlur={(e) => jumpTo(e.target.value)}
        />
      </span>
    </nav>
  );
}
