import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { enPublic } from '@orchard/shared/i18n';
import { i18n } from '../lib/i18n-core';
import { hasAnswered, TABLE_SKELETON_ROWS, TableEmpty } from './table-empty';

const show = (answered: boolean) =>
  render(
    <I18nextProvider i18n={i18n}>
      <TableEmpty answered={answered} text="No data found" />
    </I18nextProvider>,
  );

describe('TableEmpty', () => {
  afterEach(cleanup);

  it('before the first answer: skeleton rows announced as loading, never the empty text', () => {
    const { container } = show(false);
    expect(screen.getByRole('status').textContent).toContain(enPublic.app.loading);
    expect(container.querySelectorAll('.table-skeleton-row')).toHaveLength(TABLE_SKELETON_ROWS);
    expect(screen.queryByText('No data found')).toBeNull();
  });

  it('after it: the empty text only', () => {
    show(true);
    expect(screen.getByText('No data found')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('an answer is data or an error; a query still waiting for its first one has neither', () => {
    expect(hasAnswered({ data: undefined, isError: false })).toBe(false);
    expect(hasAnswered({ data: [], isError: false })).toBe(true);
    expect(hasAnswered({ data: undefined, isError: true })).toBe(true);
  });
});
