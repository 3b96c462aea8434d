import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STOPPED, clockSeconds, formatClock, syncClock, useClockText, type ClockState } from './attendance-clock';

const shown = () => screen.getByRole('status').textContent;

function Clock({ state }: { state: ClockState }) {
  return <output>{useClockText(state)}</output>;
}

describe('Time Logger clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-15T10:00:00Z'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('formats HH:MM:SS with rollover of seconds and minutes', () => {
    expect(formatClock(0)).toBe('00:00:00');
    expect(formatClock(59)).toBe('00:00:59');
    expect(formatClock(60)).toBe('00:01:00');
    expect(formatClock(3599)).toBe('00:59:59');
    expect(formatClock(3600)).toBe('01:00:00');
    expect(formatClock(100 * 3600 + 1)).toBe('100:00:01');
  });

  it('ticks each second while recording, rolling over into minutes and hours', () => {
    const { rerender } = render(<Clock state={syncClock({ hour: 0, min: 59, sec: 58, isRecording: true }, Date.now())} />);
    expect(shown()).toBe('00:59:58');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toBe('00:59:59');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toBe('01:00:00');
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(shown()).toBe('01:01:01');

    // stop: back to 00:00:00 and no more ticks
    rerender(<Clock state={STOPPED} />);
    expect(shown()).toBe('00:00:00');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(shown()).toBe('00:00:00');
  });

  it('stands still when not recording (a paused session keeps its time)', () => {
    render(<Clock state={syncClock({ hour: 2, min: 0, sec: 0, isRecording: false }, Date.now())} />);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(shown()).toBe('02:00:00');
  });

  it('resyncs from the server and ticks on; time passed while hidden is not lost', () => {
    const start = syncClock({ hour: 0, min: 0, sec: 0, isRecording: true }, Date.now());
    const { rerender } = render(<Clock state={start} />);
    // the tab is hidden and its timers throttled: the wall clock moves on without ticks
    vi.setSystemTime(Date.now() + 90_000);
    expect(clockSeconds(start, Date.now())).toBe(90);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toBe('00:01:31');
    // visible again: the server's figure replaces the local one
    rerender(<Clock state={syncClock({ hour: 0, min: 1, sec: 35, isRecording: true }, Date.now())} />);
    expect(shown()).toBe('00:01:35');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(shown()).toBe('00:01:37');
  });
});
