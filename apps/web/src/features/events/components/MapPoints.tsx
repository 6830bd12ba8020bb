import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { PoiLayer, type PoiMarker } from '../../../map/layers/PoiLayer.tsx';
import { useSession } from '../../../store/session.ts';
import { MAP_POIS_MAX, useMapPois } from '../api/get-poi-list.ts';

/** Whether the maps show the points layer, kept in this browser (the monitor and history maps share it). */
export const usePointsShown = create<{ shown: boolean; setShown(shown: boolean): void }>()(
  persist((set) => ({ shown: true, setShown: (shown) => set({ shown }) }), {
    name: 'lodestar.map-points',
    storage: createJSONStorage(() => localStorage),
  }),
);

/** The points of the unit chosen in the shell's tree, on the map; inside a MapView. */
export function MapPoints() {
  const shown = usePointsShown((s) => s.shown);
  const holdId = useSession((s) => s.currentHoldId);
  const list = useMapPois(holdId, shown);
  const points = useMemo<PoiMarker[]>(
    () =>
      (list.data?.rows ?? []).map((p) => ({
        id: p.PoiID,
        name: p.PoiName,
        kind: p.Kind,
        icon: p.Icon,
        lat: p.Lat,
        lng: p.Lng,
      })),
    [list.data],
  );
  return shown ? <PoiLayer points={points} /> : null;
}

/** The maps' "points" switch; says so when the unit has more points than are drawn. */
export function PointsToggle() {
  const { t } = useTranslation('events');
  const shown = usePointsShown((s) => s.shown);
  const setShown = usePointsShown((s) => s.setShown);
  const holdId = useSession((s) => s.currentHoldId);
  const total = useMapPois(holdId, shown).data?.total ?? 0;
  const button = (
    <Button
      size="small"
      type={shown ? 'primary' : 'default'}
      icon={<EnvironmentOutlined />}
      aria-pressed={shown}
      className="points-toggle"
      onClick={() => setShown(!shown)}
    >
      {t('poi.toggle')}
    </Button>
  );
  return shown && total > MAP_POIS_MAX ? (
    <Tooltip title={t('poi.capped', { max: MAP_POIS_MAX })}>{button}</Tooltip>
  ) : (
    button
  );
}
