import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BinInput } from './bin-input';

describe('BinInput: the cell keeps its draft to itself', () => {
  afterEach(cleanup);

  it('keystrokes stay in the cell (tinted while unsaved); blur and Enter hand the text over once', () => {
    const onCommit = vi.fn();
    const { rerender } = render(<BinInput value={10} label="Bins" markUnsaved onCommit={onCommit} />);
    const input = screen.getByLabelText('Bins') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12345' } });
    expect(input.value).toBe('12345');
    expect(input.className).toContain('bin-input-unsaved');
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith(12345);
    // saved: the new value from outside replaces the draft and the tint goes
    rerender(<BinInput value={12345} label="Bins" markUnsaved onCommit={onCommit} />);
    expect(input.value).toBe('12345');
    expect(input.className).not.toContain('bin-input-unsaved');
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('a refused save keeps the typed value; Escape restores the stored one', () => {
    const onCommit = vi.fn();
    render(<BinInput value={null} label="Bins" markUnsaved onCommit={onCommit} />);
    const input = screen.getByLabelText('Bins') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledWith(7);
    expect(input.value).toBe('7');
    expect(input.className).toContain('bin-input-unsaved');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
  });

  it.each(['-1', '1.5', '12x3', '123456'])('keeps %j as typed, refuses it with the rule and hands nothing over', (typed) => {
    const onCommit = vi.fn();
    render(<BinInput value={3} label="Bins" markUnsaved onCommit={onCommit} />);
    const input = screen.getByLabelText('Bins') as HTMLInputElement;
    fireEvent.change(input, { target: { value: typed } });
    expect(input.value).toBe(typed);
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    expect(onCommit).not.toHaveBeenCalled();
    expect(input.value).toBe(typed);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number from 0 to 99999');
    // corrected, it goes
    fireEvent.change(input, { target: { value: '12' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith(12);
  });

  it('hands over the number the text says: spaces around it are allowed, only spaces empty the cell, the same number is no change', () => {
    const onCommit = vi.fn();
    render(<BinInput value={3} label="Bins" markUnsaved onCommit={onCommit} />);
    const input = screen.getByLabelText('Bins') as HTMLInputElement;
    fireEvent.change(input, { target: { value: ' 42 ' } });
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenLastCalledWith(42);
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenLastCalledWith(null);
    fireEvent.change(input, { target: { value: ' 3' } });
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('required: emptying a saved value is refused with the rule, the cell stays empty and nothing is handed over', () => {
    const onCommit = vi.fn();
    render(<BinInput value={12} label="Bins" markUnsaved required onCommit={onCommit} />);
    const input = screen.getByLabelText('Bins') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    expect(onCommit).not.toHaveBeenCalled();
    expect(input.value).toBe('');
    expect(input.className).toContain('bin-input-unsaved');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number from 0 to 99999');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('12');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('required: an input that never held a value and is left empty hands nothing over and says nothing', () => {
    const onCommit = vi.fn();
    render(<BinInput value={null} label="Bins" markUnsaved required onCommit={onCommit} />);
    const input = screen.getByLabelText('Bins') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a keystroke renders the cell only, not its parent', () => {
    const parentRenders = vi.fn();
    function Parent() {
      parentRenders();
      return <BinInput value={1} label="Bins" onCommit={() => undefined} />;
    }
    render(<Parent />);
    const input = screen.getByLabelText('Bins');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.change(input, { target: { value: '123' } });
    expect(parentRenders).toHaveBeenCalledTimes(1);
  });
});
