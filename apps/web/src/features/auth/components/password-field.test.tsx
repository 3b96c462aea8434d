import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordField } from './password-field';

function Field() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="pw">Password</label>
      <PasswordField inputId="pw" value={value} onChange={(e) => setValue(e.target.value)} showLabel="Show password" />
    </>
  );
}

describe('PasswordField', () => {
  afterEach(cleanup);

  it('masks the password; the switch shows and hides it, by click, Enter and Space', () => {
    const { container } = render(<Field />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input.getAttribute('type')).toBe('password');

    const toggle = () => screen.getByRole('switch', { name: 'Show password' });
    // the switch is on exactly while the password shows
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle());
    expect(input.getAttribute('type')).toBe('text');
    expect(toggle().getAttribute('aria-checked')).toBe('true');
    expect(container.querySelector('.p-password-hide-icon')).not.toBeNull();

    fireEvent.keyDown(toggle(), { key: 'Enter' });
    expect(input.getAttribute('type')).toBe('password');
    expect(toggle().getAttribute('aria-checked')).toBe('false');

    fireEvent.keyDown(toggle(), { key: ' ', code: 'Space' });
    expect(input.getAttribute('type')).toBe('text');
    expect(toggle().getAttribute('aria-checked')).toBe('true');
  });

  it("carries PrimeReact Password's wrapper states: filled and focused", () => {
    const { container } = render(<Field />);
    const wrapper = container.querySelector('.p-password') as HTMLElement;
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(wrapper.className).not.toMatch(/p-inputwrapper-(filled|focus)/);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'secret' } });
    expect(wrapper.classList.contains('p-inputwrapper-focus')).toBe(true);
    expect(wrapper.classList.contains('p-inputwrapper-filled')).toBe(true);
    fireEvent.blur(input);
    expect(wrapper.classList.contains('p-inputwrapper-focus')).toBe(false);
  });
});
