import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberTextInput } from './number-text-input';

describe('NumberTextInput: the text stays as typed, the form gets the number it says', () => {
  afterEach(cleanup);

  function Field({ onValue, culture = 'en-ZA' }: { onValue: (v: number | null) => void; culture?: string }) {
    const [value, setValue] = useState<number | null>(3);
    return (
      <>
        <label htmlFor="n">N</label>
        <NumberTextInput
          id="n"
          culture={culture}
          value={value}
          onChange={(v) => {
            setValue(v);
            onValue(v);
          }}
        />
        <button type="button" onClick={() => setValue(null)}>
          reset
        </button>
      </>
    );
  }

  it.each([
    ['-1', -1],
    ['1.5', 1.5],
    ['1,5', 1.5],
    ['12', 12],
  ])('%j gives %d and stays %j', (typed, number) => {
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    const input = screen.getByLabelText('N') as HTMLInputElement;
    fireEvent.change(input, { target: { value: typed } });
    expect(onValue).toHaveBeenLastCalledWith(number);
    expect(input.value).toBe(typed);
  });

  it.each(['1-', '1.2.3', '12x', '1 000'])('%j gives NaN (the schema refuses it) and stays as typed', (typed) => {
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    const input = screen.getByLabelText('N') as HTMLInputElement;
    fireEvent.change(input, { target: { value: typed } });
    expect(onValue.mock.lastCall?.[0]).toBeNaN();
    expect(input.value).toBe(typed);
  });

  it("reads the text in the given culture: in en-US \"1,250\" is not a number (a comma groups digits there), never 1.25", () => {
    const onValue = vi.fn();
    render(<Field onValue={onValue} culture="en-US" />);
    const input = screen.getByLabelText('N') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1,250' } });
    expect(onValue.mock.lastCall?.[0]).toBeNaN();
    fireEvent.change(input, { target: { value: '1.25' } });
    expect(onValue).toHaveBeenLastCalledWith(1.25);
  });

  it('empty is null, and a value set from outside replaces the text', () => {
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    const input = screen.getByLabelText('N') as HTMLInputElement;
    expect(input.value).toBe('3');
    fireEvent.change(input, { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith(null);
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.click(screen.getByText('reset'));
    expect(input.value).toBe('');
  });
});
