import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFormatters } from '../lib/format';
import { DateTimeInput, isReadable, type DateTimeKind } from './date-time-input';

const culture = vi.hoisted(() => ({ name: 'en-ZA' }));
vi.mock('../lib/use-formatters', () => ({ useFormatters: () => createFormatters(culture.name) }));

/** The input with its value held as a form holds it; `seen` records what it handed on. */
function Field({ type, initial, seen }: { type: DateTimeKind; initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimeInput
      id="when"
      type={type}
      value={value}
      describedBy="when-error"
      invalid
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

const input = () => document.getElementById('when') as HTMLInputElement;

describe('DateTimeInput', () => {
  afterEach(() => {
    cleanup();
    culture.name = 'en-ZA';
  });

  it("shows a day as the culture writes dates, never the browser's own date input", () => {
    render(<Field type="date" initial="2026-12-01" seen={[]} />);
    expect(input().type).toBe('text');
    expect(input().value).toBe('2026/12/01');
    cleanup();
    culture.name = 'en-GB';
    render(<Field type="date" initial="2026-12-01" seen={[]} />);
    expect(input().value).toBe('01/12/2026');
  });

  it('reads a typed day in the culture\'s order and hands on yyyy-MM-dd', () => {
    const seen: string[] = [];
    render(<Field type="date" initial="" seen={seen} />);
    fireEvent.input(input(), { target: { value: '2026/12/01' } });
    expect(seen.at(-1)).toBe('2026-12-01');
    fireEvent.input(input(), { target: { value: '' } });
    expect(seen.at(-1)).toBe('');
  });

  it('hands on text it cannot read as typed, and keeps it in the input', () => {
    const seen: string[] = [];
    render(<Field type="date" initial="" seen={seen} />);
    fireEvent.input(input(), { target: { value: '12/01/2026' } });
    expect(seen.at(-1)).toBe('12/01/2026');
    expect(isReadable('date', '12/01/2026')).toBe(false);
    fireEvent.blur(input());
    expect(input().value).toBe('12/01/2026');
  });

  it('shows and reads a time on the 24-hour clock', () => {
    const seen: string[] = [];
    render(<Field type="time" initial="23:43" seen={seen} />);
    expect(input().value).toBe('23:43');
    fireEvent.input(input(), { target: { value: '7:05' } });
    expect(seen.at(-1)).toBe('07:05');
    fireEvent.input(input(), { target: { value: '11:43 PM' } });
    expect(seen.at(-1)).toBe('11:43 PM');
    expect(isReadable('time', '11:43 PM')).toBe(false);
  });

  it('names its message and its state on the input itself', () => {
    render(<Field type="date" initial="" seen={[]} />);
    expect(input().getAttribute('aria-describedby')).toBe('when-error');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('combobox')).toBe(input());
  });
});
