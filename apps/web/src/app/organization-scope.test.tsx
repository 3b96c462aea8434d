import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setCurrentOrganization } from '../lib/session/session-store';
import { OrganizationScope } from './organization-scope';

function Counter() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      chosen {n}
    </button>
  );
}

describe('OrganizationScope', () => {
  afterEach(() => clearSession());

  it("drops the screen's state when the organisation changes, and only then", () => {
    act(() => setCurrentOrganization(1));
    const { rerender } = render(
      <OrganizationScope>
        <Counter />
      </OrganizationScope>,
    );
    fireEvent.click(screen.getByRole('button'));
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('chosen 2');

    // a render for another reason keeps it
    rerender(
      <OrganizationScope>
        <Counter />
      </OrganizationScope>,
    );
    expect(screen.getByRole('button').textContent).toBe('chosen 2');

    act(() => setCurrentOrganization(2));
    expect(screen.getByRole('button').textContent).toBe('chosen 0');
  });
});
