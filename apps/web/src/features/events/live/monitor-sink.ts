import type { LivePosition } from '@lodestar/contract/live';
import { useMonitorStore } from '../../monitor/live/monitor-store.ts';
import type { LiveSink } from '../../monitor/live/use-live-feed.ts';
import { useAlarmStore } from './alarm-store.ts';

const sink: LiveSink = {
  setMode: (mode) => useMonitorStore.getState().setMode(mode),
  applyBatch: (batch: readonly LivePosition[]) => {
    useMonitorStore.getState().applyBatch(batch);
    useAlarmStore.getState().take(batch);
  },
};

/** The monitor's live sink: positions to the monitor store, their alarms and zone events to the alarm store. */
export const monitorSink = (): LiveSink => sink;
