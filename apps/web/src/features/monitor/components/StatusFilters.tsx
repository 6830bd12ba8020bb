import type { MonitorCounts } from '@lodestar/contract/monitor';
import { STATUS_FILTERS, type StatusFilter } from '@lodestar/domain';
import { Tag } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/** The device filters of spec section 4, each with its count (memoised: live updates leave it alone). */
export const StatusFilters = memo(function StatusFilters({
  value,
  counts,
  onChange,
}: {
  value: StatusFilter;
  counts: MonitorCounts | undefined;
  onChange: (filter: StatusFilter) => void;
}) {
  const { t } = useTranslation('monitor');
  return (
    <div className="monitor-filters" role="radiogroup">
      {STATUS_FILTERS.map((f) => (
        <Tag.CheckableTag
          key={f}
          checked={value === f}
          onChange={() => onChange(f)}
          className={`monitor-filter filter-${f}`}
          data-filter={f}
        >
          {t(`filter.${f}`)}
          <span className="monitor-filter-count">{counts ? counts[f] : '–'}</span>
        </Tag.CheckableTag>
      ))}
    </div>
  );
});
