import { Empty } from 'antd';
import { Link } from 'react-router';

export interface BarItem {
  key: string;
  label: string;
  count: number;
  /** An antd preset colour name (the state tags use the same). */
  colour: string;
  to?: string | undefined;
}

/** Horizontal bars scaled to the largest count: a chart without a chart library. */
export function BarList({ items }: { items: readonly BarItem[] }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const max = Math.max(1, ...items.map((i) => i.count));
  return (
    <ul className="bar-list">
      {items.map((item) => {
        const label = item.to ? <Link to={item.to}>{item.label}</Link> : item.label;
        return (
          <li key={item.key} className="bar-row" data-key={item.key}>
            <span className="bar-label">{label}</span>
            <span className="bar-track">
              <span
                className={`bar-fill bar-${item.colour}`}
                style={{ width: `${(item.count / max) * 100}%` }}
                aria-hidden="true"
              />
            </span>
            <span className="bar-count">{item.count}</span>
          </li>
        );
      })}
    </ul>
  );
}
