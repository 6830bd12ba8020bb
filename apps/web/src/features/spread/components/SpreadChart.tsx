import type { Distribution, SpreadMap } from '@lodestar/contract/spread';
import { HeatmapChart, MapChart } from 'echarts/charts';
import { GeoComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';

// The map, its heat layer and their scales only: the page's chunk carries no other chart type.
echarts.use([MapChart, HeatmapChart, GeoComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

interface Props {
  mapKey: string;
  outline: SpreadMap;
  data: Distribution;
  heat: boolean;
  /** A region of the outline was clicked: its feature name (a row's Code). */
  onPick?: ((code: string) => void) | undefined;
  countLabel: string;
  height: number;
}

/**
 * A choropleth of the rows' counts over the level's outlines with a heat layer of the binned positions above it
 * (ECharts' map + heatmap on one geo component). Canvas: the heat layer is drawn into an image ECharts keeps.
 */
export function SpreadChart({ mapKey, outline, data, heat, onPick, countLabel, height }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!box.current) return;
    const instance = echarts.init(box.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    // When the map and heat layer are drawn, as an epoch instant: bench/spread.ts measures navigation → drawn by it.
    instance.on('finished', () =>
      box.current?.setAttribute('data-drawn', String(Math.round(performance.timeOrigin + performance.now()))),
    );
    instance.on('click', (e) => {
      if (e.componentType === 'geo' || e.seriesType === 'map') pick.current?.(String(e.name));
    });
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  const labels = useMemo(
    () => new Map(outline.features.map((f) => [f.properties.name, f.properties.label])),
    [outline],
  );

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    if (!echarts.getMap(mapKey)) echarts.registerMap(mapKey, outline as never);
    const max = Math.max(1, ...data.Rows.map((r) => r.Count));
    const maxHeat = Math.max(1, ...data.Heat.map((h) => h[2]));
    instance.setOption(
      {
        tooltip: {
          trigger: 'item',
          formatter: (p: { name: string; value?: number | number[]; seriesType?: string }) =>
            p.seriesType === 'heatmap'
              ? `${countLabel}: ${(p.value as number[])[2]}`
              : `${labels.get(p.name) ?? p.name}: ${Number.isFinite(p.value) ? p.value : 0}`,
        },
        geo: {
          map: mapKey,
          roam: true,
          // Room on the left for the scale, so it never covers the westernmost outlines.
          layoutCenter: ['56%', '50%'],
          layoutSize: '86%',
          label: { show: data.Level !== 'country', formatter: (p: { name: string }) => labels.get(p.name) ?? p.name },
          itemStyle: { areaColor: '#eef3fb', borderColor: '#8aa4c8' },
          emphasis: { itemStyle: { areaColor: '#ffd666' }, label: { show: true } },
          select: { disabled: true },
        },
        visualMap: [
          {
            type: 'continuous',
            seriesIndex: 0,
            min: 0,
            max,
            left: 12,
            bottom: 12,
            itemWidth: 12,
            itemHeight: 90,
            calculable: false,
            text: [String(max), '0'],
            inRange: { color: ['#e6f4ff', '#69b1ff', '#0958d9'] },
          },
          {
            type: 'continuous',
            seriesIndex: 1,
            min: 0,
            max: maxHeat,
            show: false,
            inRange: { color: ['rgba(255,200,0,0.2)', 'rgba(255,120,0,0.7)', 'rgba(220,20,20,0.95)'] },
          },
        ],
        series: [
          {
            type: 'map',
            geoIndex: 0,
            data: data.Rows.map((r) => ({ name: r.Code, value: r.Count })),
          },
          {
            type: 'heatmap',
            coordinateSystem: 'geo',
            data: heat ? data.Heat : [],
            pointSize: data.Level === 'country' ? 8 : 12,
            blurSize: data.Level === 'country' ? 12 : 18,
          },
        ],
      },
      { notMerge: true },
    );
  }, [mapKey, outline, data, heat, labels, countLabel]);

  return <div ref={box} data-testid="spread-map" data-map={mapKey} style={{ height, width: '100%' }} />;
}
