import { CheckOutlined, DoubleRightOutlined } from '@ant-design/icons';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const HANDLE = 40;
const KEY_STEP = 24;

interface Props {
  value?: boolean;
  onChange?: (done: boolean) => void;
}

/** A slider that must be dragged to the end (spec section 2, registration). Arrow keys and End work too. */
export function SliderCaptcha({ value = false, onChange }: Props) {
  const { t } = useTranslation('auth');
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; startLeft: number } | null>(null);
  const [left, setLeft] = useState(0);

  const max = () => Math.max(0, (track.current?.clientWidth ?? HANDLE) - HANDLE);
  const settle = (x: number) => {
    if (x >= max() - 2) {
      setLeft(max());
      onChange?.(true);
    } else setLeft(0);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (value) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, startLeft: left };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setLeft(Math.min(max(), Math.max(0, drag.current.startLeft + e.clientX - drag.current.startX)));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const x = Math.min(max(), Math.max(0, drag.current.startLeft + e.clientX - drag.current.startX));
    drag.current = null;
    settle(x);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (value) return;
    if (e.key === 'End') settle(max());
    else if (e.key === 'ArrowRight') {
      e.preventDefault();
      const x = Math.min(max(), left + KEY_STEP);
      if (x >= max()) settle(x);
      else setLeft(x);
    } else if (e.key === 'ArrowLeft' || e.key === 'Home') setLeft(0);
  };

  const position = value ? max() : left;
  return (
    <div ref={track} className={value ? 'slider-captcha done' : 'slider-captcha'}>
      <div className="slider-fill" style={{ width: position + HANDLE / 2 }} />
      <span className="slider-text">{value ? t('sliderDone') : t('slider')}</span>
      <div
        className="slider-handle"
        role="slider"
        tabIndex={0}
        aria-label={t('slider')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value ? 100 : Math.round((left / (max() || 1)) * 100)}
        style={{ left: position }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
          setLeft(0);
        }}
        onKeyDown={onKeyDown}
      >
        {value ? <CheckOutlined /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}
