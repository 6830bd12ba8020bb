import { CaretRightOutlined, PauseOutlined, StepBackwardOutlined, StepForwardOutlined } from '@ant-design/icons';
import { Button, Checkbox, Segmented, Slider, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserTimeZone } from '../../../lib/user-time.ts';
import type { TimelineEvent } from '../../events/api/get-event-list.ts';
import { MAX_RATE, MIN_RATE, usePlayer } from '../player-store.ts';
import type { StopSpan } from '../timeline-spans.ts';
import type { TrackArrays } from '../track-arrays.ts';
import { unixToWallClock } from '../zone-time.ts';
import { Timeline } from './Timeline.tsx';

const PRESETS = [1, 10, 100, 1000] as const;
/** The slider is logarithmic: 0..3 stands for 1×..1000×. */
const toSlider = (rate: number) => Math.log10(rate);
const fromSlider = (v: number) => Math.round(10 ** v);

interface Props {
  tracks: readonly { track: TrackArrays; color: string }[];
  stops?: readonly StopSpan[];
  /** Fence and road events, ticks on the timeline. */
  events?: readonly TimelineEvent[];
  /** The track drawn as a line or as points (spec section 4's track modes). */
  mode: 'line' | 'point';
  onMode: (mode: 'line' | 'point') => void;
}

/** Play, pause, step, the rate (real time of the track: 1× to 1000×), follow, the time and the timeline. */
export function PlayerBar({ tracks, stops, events, mode, onMode }: Props) {
  const { t } = useTranslation('history');
  const playing = usePlayer((s) => s.playing);
  const rate = usePlayer((s) => s.rate);
  const follow = usePlayer((s) => s.follow);
  const p = usePlayer.getState();

  // Space plays or pauses, the arrows step, wherever the focus is but in a field or on a control that uses them.
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el?.closest('input, textarea, select, [contenteditable="true"], .ant-select, .ant-picker, .ant-slider'))
        return;
      if (e.key === ' ' && !el?.closest('button')) {
        e.preventDefault();
        usePlayer.getState().toggle();
      } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        e.preventDefault();
        usePlayer.getState().step(e.key === 'ArrowRight' ? 1 : -1);
      }
    };
    document.addEventListener('keydown', key);
    return () => document.removeEventListener('keydown', key);
  }, []);

  return (
    <div className="history-player" data-playing={playing ? 'true' : 'false'} data-rate={rate}>
      <div className="history-player-controls">
        <Tooltip title={t('player.previous')}>
          <Button
            size="small"
            icon={<StepBackwardOutlined />}
            onClick={() => p.step(-1)}
            aria-label={t('player.previous')}
            className="history-step-back"
          />
        </Tooltip>
        <Button
          type="primary"
          size="small"
          icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
          onClick={() => p.toggle()}
          className="history-play"
        >
          {playing ? t('player.pause') : t('player.play')}
        </Button>
        <Tooltip title={t('player.next')}>
          <Button
            size="small"
            icon={<StepForwardOutlined />}
            onClick={() => p.step(1)}
            aria-label={t('player.next')}
            className="history-step-forward"
          />
        </Tooltip>
        <PlayerClock />
        <span className="history-player-label">{t('player.rate')}</span>
        <Segmented
          size="small"
          value={(PRESETS as readonly number[]).includes(rate) ? rate : ''}
          options={PRESETS.map((r) => ({ label: `${r}×`, value: r }))}
          onChange={(v) => p.setRate(Number(v))}
          className="history-rate-presets"
        />
        <Slider
          className="history-rate-slider"
          min={toSlider(MIN_RATE)}
          max={toSlider(MAX_RATE)}
          step={0.01}
          value={toSlider(rate)}
          onChange={(v) => p.setRate(fromSlider(v))}
          tooltip={{ formatter: (v) => `${fromSlider(v ?? 0)}×` }}
        />
        <span className="history-rate-value">{rate}×</span>
        <Checkbox checked={follow} onChange={(e) => p.setFollow(e.target.checked)} className="history-follow">
          {t('player.follow')}
        </Checkbox>
        <Segmented
          size="small"
          value={mode}
          options={[
            { label: t('player.line'), value: 'line' },
            { label: t('player.points'), value: 'point' },
          ]}
          onChange={(v) => onMode(v as 'line' | 'point')}
          className="history-mode"
        />
      </div>
      <Timeline tracks={tracks} stops={stops} events={events} />
    </div>
  );
}

/** The player's time in the user's zone, updated as text outside React's renders while playing. */
function PlayerClock() {
  const zone = useUserTimeZone();
  const el = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let shown = '';
    const show = (time: number) => {
      const text = time ? unixToWallClock(Math.floor(time), zone) : '';
      if (text !== shown && el.current) el.current.textContent = shown = text;
    };
    show(usePlayer.getState().time);
    return usePlayer.subscribe((s) => show(s.time));
  }, [zone]);
  return <span ref={el} className="history-player-time" data-testid="player-time" />;
}
