import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '@orchard/shared/i18n';
import '../../../lib/i18n';
import { TipBinsDialog } from './tip-bins-dialog';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));

const h = en.harvest;

function setup() {
  const onHide = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TipBinsDialog productionBlock={5} packhouse={2} onHide={onHide} />
    </QueryClientProvider>,
  );
  return { onHide, count: () => screen.getByLabelText(h.intake.count) as HTMLInputElement };
}

/** the form's Close button (the header's X is named Close too) */
const closeButton = () => screen.getByText(h.intake.close, { selector: '.p-button-label' }).closest('button')!;
const escapeIn = (el: HTMLElement) => fireEvent.keyDown(el, { key: 'Escape', code: 'Escape' });

describe('Tip bins dialog: closing never loses typed figures silently', () => {
  afterEach(cleanup);

  it('untouched, Escape and Close close at once', () => {
    const { onHide, count } = setup();
    escapeIn(count());
    expect(onHide).toHaveBeenCalledTimes(1);
    fireEvent.click(closeButton());
    expect(onHide).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(en.editor.discardMessage)).toBeNull();
  });

  it('with a typed count, Escape asks; Keep editing keeps the figure, Discard closes', () => {
    const { onHide, count } = setup();
    fireEvent.change(count(), { target: { value: '12' } });
    escapeIn(count());
    expect(onHide).not.toHaveBeenCalled();
    expect(screen.getByText(en.editor.discardMessage)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.editor.keepEditing }));
    expect(onHide).not.toHaveBeenCalled();
    expect(count().value).toBe('12');

    fireEvent.click(closeButton());
    fireEvent.click(screen.getByRole('button', { name: en.editor.discard }));
    expect(onHide).toHaveBeenCalledTimes(1);
    expect(apiRequest).not.toHaveBeenCalled();
  });
});
