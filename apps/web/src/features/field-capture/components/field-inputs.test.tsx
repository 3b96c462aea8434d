import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { en } from '@orchard/shared/i18n';
import { createFormatters } from '../../../lib/format';
import { i18n } from '../../../lib/i18n-core';
import { loadAllTexts } from '../../../lib/load-all-texts';
import { DateTimeField } from './field-inputs';

vi.mock('../../../lib/use-formatters', () => ({ useFormatters: () => createFormatters('en-ZA') }));

function Field({ type, initial, error }: { type: 'date' | 'time'; initial: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <I18nextProvider i18n={i18n}>
      <DateTimeField id="when" label="When" type={type} value={value} error={error} onChange={setValue} />
    </I18nextProvider>
  );
}

const input = () => screen.getByLabelText('When') as HTMLInputElement;

describe('DateTimeField', () => {
  beforeAll(async () => {
    await loadAllTexts();
  });
  afterEach(cleanup);

  it('shows the day as the lists do (en-ZA 2026/12/01)', () => {
    render(<Field type="date" initial="2026-12-01" />);
    expect(input().value).toBe('2026/12/01');
  });

  it('shows a time on the 24-hour clock', () => {
    render(<Field type="time" initial="23:43" />);
    expect(input().value).toBe('23:43');
  });

  it('answers text it cannot read with the way to write it, linked to the input', () => {
    render(<Field type="date" initial="" />);
    fireEvent.input(input(), { target: { value: '12/01/2026' } });
    const message = screen.getByRole('alert');
    expect(message.textContent).toMatch(/^Enter the date as \d{4}\/\d{2}\/\d{2}$/);
    expect(input().getAttribute('aria-describedby')).toBe(message.id);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(input(), { target: { value: '2026/12/01' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('answers a time it cannot read (11:43 PM) with the 24-hour clock', () => {
    render(<Field type="time" initial="" />);
    fireEvent.input(input(), { target: { value: '11:43 PM' } });
    expect(screen.getByRole('alert').textContent).toBe(en.dateInput.unreadableTime);
  });

  it("shows the form's own message for a day it can read", () => {
    render(<Field type="date" initial="2099-12-31" error="The date cannot be in the future" />);
    expect(screen.getByRole('alert').textContent).toBe('The date cannot be in the future');
  });
});
