import type { SimDisplayState, SimState } from '@lodestar/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colours follow the lifecycle: cool while in stock or testing, green in service, warm once stopped. */
export const STATE_COLOURS: Record<SimState, string> = {
  1: 'geekblue',
  2: 'cyan',
  3: 'purple',
  4: 'green',
  5: 'orange',
  6: 'volcano',
  7: 'default',
};

export const DISPLAY_COLOURS: Record<SimDisplayState, string> = {
  normal: 'success',
  expiring: 'warning',
  expired: 'error',
  lowBalance: 'gold',
};

export function SimStateTag({ state }: { state: SimState }) {
  const { t } = useTranslation('sims');
  return (
    <Tag color={STATE_COLOURS[state]} data-state={state}>
      {t(`state.${state}`)}
    </Tag>
  );
}

export function DisplayStateTag({ state }: { state: SimDisplayState }) {
  const { t } = useTranslation('sims');
  return (
    <Tag color={DISPLAY_COLOURS[state]} variant="outlined" data-display-state={state}>
      {t(`display.${state}`)}
    </Tag>
  );
}
