import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the report draws: tree-shaken ECharts, SVG so bars stay sharp and readable by tests.
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface BarSeries {
  key: string;
  label: string;
  color: string;
  values: number[];
}

/** The chart's options: one bar series per line, the month on the x axis, counts labelled. */
export function monthBarOption(months: string[], series: BarSeries[]): echarts.EChartsCoreOption {
  return {
    animation: false,
    grid: { top: 40, right: 16, bottom: 28, left: 44 },
    legend: { top: 4, data: series.map((s) => s.label) },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: months },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({
      id: s.key,
      name: s.label,
      type: 'bar',
      barMaxWidth: 28,
      itemStyle: { color: s.color, borderRadius: [2, 2, 0, 0] },
      label: { show: true, position: 'top', color: '#555' },
      data: s.values,
    })),
  };
}

/** Grouped monthly bars (ECharts): the half-year report's new and stopped cards. */
export function MonthBarChart({ months, series, title }: { months: string[]; series: BarSeries[]; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

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
    chart.current?.setOption(monthBarOption(months, series), { notMerge: true });
  }, [months, series]);

  return (
    <figure className="report-chart" data-testid="report-chart">
      <figcaption className="report-chart-title">{title}</figcaption>
      <div ref={box} className="report-chart-canvas" style={{ height: 300 }} />
    </figure>
  );
}
