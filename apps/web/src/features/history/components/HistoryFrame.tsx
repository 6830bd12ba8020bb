import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryChoice } from '../history-url.ts';
import { HistorySidebar, type PanelTarget } from './HistorySidebar.tsx';
import { HistoryToolbar } from './HistoryToolbar.tsx';
import { PointDetails, type PointRef } from './PointDetails.tsx';
import '../history-page.css';

interface Props {
  choice: HistoryChoice;
  onChoice: (next: HistoryChoice) => void;
  /** The device whose trips and stops are listed. */
  active: string | null;
  onActive: (deviceId: string) => void;
  /** A trip or stop clicked: the page moves the player and the map there. */
  onTarget: (target: PanelTarget) => void;
  /** The point clicked on the map, if any. */
  point: PointRef | null;
  onClosePoint: () => void;
  /** The map and its player. */
  children: ReactNode;
}

/**
 * The replay's frame: pickers on top, the map with its player, the trips, stops and totals beside it
 * (under it on a phone: history-page.css), and the clicked point's record over the map.
 */
export function HistoryFrame({ choice, onChoice, active, onActive, onTarget, point, onClosePoint, children }: Props) {
  const { t } = useTranslation('history');
  const none = choice.devices.length === 0;
  return (
    <div className="history-page">
      <HistoryToolbar choice={choice} onChange={onChoice} />
      <div className="history-body">
        <div className="history-main">
          {none ? (
            <Empty
              className="history-choose"
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('page.chooseDevice')}
            />
          ) : (
            children
          )}
          {point ? <PointDetails point={point} onClose={onClosePoint} /> : null}
        </div>
        {none ? null : <HistorySidebar choice={choice} active={active} onActive={onActive} onTarget={onTarget} />}
      </div>
    </div>
  );
}
