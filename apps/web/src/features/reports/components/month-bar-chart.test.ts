import { describe, expect, it } from 'vitest';
import { monthBarOption } from './MonthBarChart.tsx';

describe('monthBarOption', () => {
  it('draws one labelled bar series per line over the months, in order', () => {
    const option = monthBarOption(
      ['2026-10', '2026-11'],
      [
        { key: 'new', label: 'New', color: '#1677ff', values: [3, 0] },
        { key: 'stopped', label: 'Stopped', color: '#fa541c', values: [1, 2] },
      ],
    ) as { xAxis: { data: string[] }; series: { name: string; data: number[]; itemStyle: { color: string } }[] };
    expect(option.xAxis.data).toEqual(['2026-10', '2026-11']);
    expect(option.series.map((s) => [s.name, s.data, s.itemStyle.color])).toEqual([
      ['New', [3, 0], '#1677ff'],
      ['Stopped', [1, 2], '#fa541c'],
    ]);
  });
});
