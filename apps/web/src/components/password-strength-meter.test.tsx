import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { enPublic } from '@orchard/shared/i18n';
import { i18n } from '../lib/i18n-core';
import { PasswordStrengthMeter } from './password-strength-meter';

const show = (password: string) =>
  render(
    <I18nextProvider i18n={i18n}>
      <PasswordStrengthMeter password={password} />
    </I18nextProvider>,
  );

describe('PasswordStrengthMeter', () => {
  afterEach(cleanup);

  it('shows nothing for an empty password', () => {
    const { container } = show('');
    expect(container.innerHTML).toBe('');
  });

  it.each([
    ['abc', enPublic.passwordStrength.weak, 1],
    ['abcde1', enPublic.passwordStrength.medium, 2],
    ['Abcdefg1', enPublic.passwordStrength.strong, 3],
  ])('%s: a meter at %s (%i of 3) with as many filled segments', (password, word, level) => {
    const { container } = show(password);
    const meter = screen.getByRole('meter', { name: enPublic.passwordStrength.label });
    expect(meter.getAttribute('aria-valuetext')).toBe(word);
    expect(meter.getAttribute('aria-valuenow')).toBe(String(level));
    expect(container.querySelectorAll('.password-strength-bar.filled')).toHaveLength(level);
    expect(meter.textContent).toContain(word);
  });
});
