import { Skeleton } from 'antd';
import type { ReactNode } from 'react';

export interface TotalsItem {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

/** The summary of every row the filters select (the server's Totals), above the table. */
export function TotalsBar({ items, loading, testId }: { items: TotalsItem[]; loading: boolean; testId: string }) {
  return (
    <div className="report-totals" data-testid={testId}>
      {loading ? (
        <Skeleton.Input active size="small" />
      ) : (
        items.map((it) => (
          <span className="report-totals-item" key={it.key} data-testid={`${testId}-${it.key}`}>
            <span className="report-totals-label">{it.label}</span>
            <span className="report-totals-value">{it.value}</span>
          </span>
        ))
      )}
    </div>
  );
}
