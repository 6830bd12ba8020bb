import { useEffect, useRef, useState } from 'react';

/** Seconds between two refreshes while the live feed is down (spec section 9 leaves the value open). */
export const REFRESH_SECONDS = 10;

export interface AutoRefresh {
  /** On or off (spec section 4). */
  enabled: boolean;
  paused: boolean;
  /** Seconds until the next refresh. */
  remaining: number;
  setEnabled(on: boolean): void;
  setPaused(paused: boolean): void;
}

/** A countdown that calls `refresh` every REFRESH_SECONDS while `active` (the socket is down), on and not paused. */
export function useAutoRefresh(active: boolean, refresh: () => void): AutoRefresh {
  const [enabled, setEnabled] = useState(true);
  const [paused, setPaused] = useState(false);
  const [remaining, setRemaining] = useState(REFRESH_SECONDS);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const running = active && enabled && !paused;

  const left = useRef(REFRESH_SECONDS);

  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => {
      left.current -= 1;
      if (left.current <= 0) {
        left.current = REFRESH_SECONDS;
        refreshRef.current();
      }
      setRemaining(left.current);
    }, 1000);
    return () => clearInterval(id);
  }, [running]);

  useEffect(() => {
    if (active) return;
    left.current = REFRESH_SECONDS;
    setRemaining(REFRESH_SECONDS);
  }, [active]);

  return { enabled, paused, remaining, setEnabled, setPaused };
}
