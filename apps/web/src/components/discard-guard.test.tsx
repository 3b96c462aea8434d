import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { en } from '@orchard/shared/i18n';
import { i18n } from '../lib/i18n-core';
import { loadAllTexts } from '../lib/load-all-texts';
import { EditorDialog, useDiscardGuard } from './discard-guard';
import { overlayOpen } from './overlay-open';

function Editor({ dirty, onClose }: { dirty: boolean; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const guard = useDiscardGuard(dirty, () => {
    setOpen(false);
    onClose();
  });
  return (
    <I18nextProvider i18n={i18n}>
      <EditorDialog guard={guard} header="Editor" visible={open}>
        <input aria-label="Name" defaultValue="typed" />
        <Dropdown ariaLabel="Kind" value="a" options={['a', 'b']} />
        <button type="button" onClick={guard.requestClose}>
          Cancel
        </button>
      </EditorDialog>
    </I18nextProvider>
  );
}

const escapeIn = (el: HTMLElement) => fireEvent.keyDown(el, { key: 'Escape', code: 'Escape' });

describe('discard guard', () => {
  beforeAll(async () => {
    await loadAllTexts();
  });
  afterEach(() => {
    cleanup();
    document.querySelectorAll('.p-dropdown-panel').forEach((el) => el.remove());
  });

  it('without changes, Escape and Cancel close at once', () => {
    const onClose = vi.fn();
    render(<Editor dirty={false} onClose={onClose} />);
    escapeIn(screen.getByLabelText('Name'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('with changes, closing asks; Keep editing keeps the dialog, Discard closes it', () => {
    const onClose = vi.fn();
    render(<Editor dirty onClose={onClose} />);
    escapeIn(screen.getByLabelText('Name'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText(en.editor.discardMessage)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.editor.keepEditing }));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('typed');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: en.editor.discard }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('an Escape while an overlay list is open belongs to the list: the dialog stays', () => {
    const onClose = vi.fn();
    render(<Editor dirty={false} onClose={onClose} />);
    const panel = document.createElement('div');
    panel.className = 'p-dropdown-panel';
    document.body.appendChild(panel);
    expect(overlayOpen()).toBe(true);
    escapeIn(screen.getByLabelText('Name'));
    expect(onClose).not.toHaveBeenCalled();
    panel.remove();
    expect(overlayOpen()).toBe(false);
    escapeIn(screen.getByLabelText('Name'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('an Escape on a closed dropdown closes the dialog (PrimeReact marks every Escape it sees as handled)', () => {
    const onClose = vi.fn();
    render(<Editor dirty={false} onClose={onClose} />);
    // the dropdown's focusable element (its hidden input)
    const kind = document.querySelector<HTMLInputElement>('.p-dropdown input[aria-haspopup="listbox"]')!;
    expect(overlayOpen()).toBe(false);
    const handled = !fireEvent.keyDown(kind, { key: 'Escape', code: 'Escape' });
    expect(handled).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
