/**
 * The Time Logger's clock. The server's last attendance gives the session time at the moment it
 * was read; while recording, the clock ticks each second from there (seconds roll over into
 * minutes and minutes into hours). The shown time is worked out from the wall clock, not by
 * counting ticks, so a throttled background tab never falls behind. Resyncing (page visible
 * again, after a save) replaces the base with the server's figures.
 */
import { useEffect, useState } from 'react';
import type { LastAttendance } from '@orchard/shared/attendance';

export interface ClockState {
  /** session seconds when synced */
  baseSeconds: number;
  /** Date.now() when synced */
  syncedAt: number;
  recording: boolean;
}

export const STOPPED: ClockState = { baseSeconds: 0, syncedAt: 0, recording: false };

export function syncClock(last: Pick<LastAttendance, 'hour' | 'min' | 'sec' | 'isRecording'>, at: number): ClockState {
  return { baseSeconds: last.hour * 3600 + last.min * 60 + last.sec, syncedAt: at, recording: last.isRecording };
}

/** Whole seconds on the clock at `at`. */
export function clockSeconds(state: ClockState, at: number): number {
  if (!state.recording) return state.baseSeconds;
  return state.baseSeconds + Math.max(0, Math.floor((at - state.syncedAt) / 1000));
}

const two = (n: number) => String(n).padStart(2, '0');

/** HH:MM:SS (hours keep counting past 99 rather than wrapping). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** The clock's text, re-rendered each second while recording. */
export function useClockText(state: ClockState): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!state.recording) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [state]);
  return formatClock(clockSeconds(state, now));
}
