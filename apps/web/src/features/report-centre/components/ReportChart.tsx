import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';
import type { ReportChart as ChartData } from '../api/run-report.ts';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/**
 * The report's chart in SVG (readable by the browser tests): a bar, line or pie of one series summed per X.
 * `scale` turns the server's unit into the shown one (metres into km).
 */
export function ReportChart({
  kind,
  data,
  scale = 1,
  unit = '',
}: {
  kind: 'bar' | 'line' | 'pie';
  data: ChartData;
  scale?: number;
  unit?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const option = useMemo(() => {
    const series = data.Series[0];
    const values = (series?.Data ?? []).map((v) => Math.round((v / scale) * 100) / 100);
    const name = `${series?.Name ?? ''}${unit ? ` (${unit})` : ''}`;
    if (kind === 'pie') {
      return {
        animation: false,
        tooltip: { trigger: 'item' },
        legend: { type: 'scroll', orient: 'vertical', left: 0 },
        series: [
          { type: 'pie', name, radius: ['35%', '70%'], data: data.X.map((x, i) => ({ name: x, value: values[i] })) },
        ],
      };
    }
    return {
      // No growing bars: a report is read, not watched (and a screenshot shows the real heights).
      animation: false,
      tooltip: { trigger: 'axis' },
      grid: { left: 56, right: 24, top: 32, bottom: 32 },
      xAxis: { type: 'category', data: data.X },
      yAxis: { type: 'value', name },
      series: [{ type: kind, name, data: values, barMaxWidth: 48, itemStyle: { color: '#1677ff' } }],
    };
  }, [kind, data, scale, unit]);

  useEffect(() => {
    if (!box.current) return;
    const instance = echarts.init(box.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} data-testid="report-chart" className="report-chart" />;
}
