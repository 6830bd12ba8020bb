import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Whether alarms beep, kept in this browser across reloads. */
export const useAlarmSound = create<{ muted: boolean; setMuted(muted: boolean): void }>()(
  persist((set) => ({ muted: false, setMuted: (muted) => set({ muted }) }), {
    name: 'lodestar.alarm-sound',
    storage: createJSONStorage(() => localStorage),
  }),
);

let context: AudioContext | null = null;

/**
 * A short two-tone beep made with the Web Audio API (no audio file to ship or load). Browsers keep an
 * AudioContext suspended until the page has had a click or key press; before that the beep is silent,
 * which is all a page may do. Answers whether it was started.
 */
export function beep(): boolean {
  const Ctor = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return false;
  try {
    context ??= new Ctor();
    if (context.state === 'suspended') void context.resume().catch(() => {});
    const now = context.currentTime;
    for (const [i, freq] of [880, 660].entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      const at = now + i * 0.18;
      osc.type = 'sine';
      osc.frequency.value = freq;
      // A quick fade in and out: a square start and stop clicks in the speaker.
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + 0.16);
    }
    return true;
  } catch {
    return false;
  }
}
