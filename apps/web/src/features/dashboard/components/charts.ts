import type { AlarmCount, OnlineDay } from '@lodestar/contract/dashboard';
import type { ChartOption } from './Chart.tsx';

const BLUE = '#1677ff';
const RED = '#ff4d4f';

/** The online rate per day as a line in per cent, the day's devices online and in all in the tooltip. */
export function onlineRateOption(
  days: readonly OnlineDay[],
  label: { day: (d: string) => string; rate: string; tip: (d: OnlineDay) => string },
): ChartOption {
  return {
    animation: false,
    grid: { top: 24, right: 20, bottom: 28, left: 48 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: { dataIndex: number }[]) => {
        const d = days[params[0]?.dataIndex ?? 0];
        return d ? `${d.Day}<br/>${label.tip(d)}` : '';
      },
    },
    xAxis: { type: 'category', data: days.map((d) => label.day(d.Day)), boundaryGap: false },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } },
    series: [
      {
        id: 'rate',
        name: label.rate,
        type: 'line',
        smooth: false,
        symbolSize: 7,
        itemStyle: { color: BLUE },
        areaStyle: { color: 'rgba(22, 119, 255, 0.12)' },
        label: { show: true, position: 'top', formatter: '{c} %', color: '#555' },
        // A day before the unit had any device has no rate: a gap, not 0 %.
        data: days.map((d) => (d.Total ? d.Rate : null)),
      },
    ],
  };
}

/** Today's alarms by type as horizontal bars, the most frequent on top. */
export function alarmsOption(alarms: readonly AlarmCount[], label: (type: string) => string): ChartOption {
  const rows = [...alarms].reverse();
  return {
    animation: false,
    grid: { top: 8, right: 48, bottom: 8, left: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: rows.map((a) => label(a.Type)) },
    series: [
      {
        id: 'alarms',
        type: 'bar',
        barMaxWidth: 22,
        itemStyle: { color: RED, borderRadius: [0, 3, 3, 0] },
        label: { show: true, position: 'right', color: '#555' },
        data: rows.map((a) => a.Count),
      },
    ],
  };
}
