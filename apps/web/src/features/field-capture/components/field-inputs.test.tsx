import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_DAY, LAST_DAY } from '@orchard/shared/core';
import { DateTimeField } from './field-inputs';

const field = (type: 'date' | 'time', max?: string) =>
  render(<DateTimeField id="when" label="When" type={type} value="" max={max} onChange={() => undefined} />);

describe('DateTimeField', () => {
  afterEach(cleanup);

  it("offers a date only within the days the server takes, or up to the field's own latest day", () => {
    field('date');
    expect(screen.getByLabelText('When').getAttribute('min')).toBe(FIRST_DAY);
    expect(screen.getByLabelText('When').getAttribute('max')).toBe(LAST_DAY);
    cleanup();
    field('date', '2026-03-11');
    expect(screen.getByLabelText('When').getAttribute('min')).toBe(FIRST_DAY);
    expect(screen.getByLabelText('When').getAttribute('max')).toBe('2026-03-11');
  });

  it('gives a time no days as bounds', () => {
    field('time');
    expect(screen.getByLabelText('When').hasAttribute('min')).toBe(false);
    expect(screen.getByLabelText('When').hasAttribute('max')).toBe(false);
  });
});
