import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '@orchard/shared/i18n';
import '../../../lib/i18n';
import type { UploadProgress } from '../../../lib/api-client';
import { useAvatarUpload } from './user-avatar-field';

type Options = { signal?: AbortSignal; onUploadProgress?: (p: UploadProgress) => void };
const apiRequest = vi.fn<(path: string, options: Options) => Promise<unknown>>();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (path: string, options: Options) => apiRequest(path, options) }));
const info = vi.fn();
vi.mock('../../../lib/toast', () => ({ toast: { info: (...a: unknown[]) => info(...a), error: vi.fn(), success: vi.fn() } }));

let result: Promise<string | null> | null = null;
function Uploader() {
  const upload = useAvatarUpload();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          result = upload.send(7, new File([new Uint8Array(2000)], 'me.png', { type: 'image/png' }));
        }}
      >
        send
      </button>
      {upload.panel}
    </>
  );
}

describe('avatar upload: progress while it runs, and Cancel', () => {
  afterEach(() => {
    cleanup();
    apiRequest.mockReset();
    info.mockReset();
  });

  it('shows the bytes sent, and Cancel aborts: nothing stored, the person is told', async () => {
    let options: Options = {};
    apiRequest.mockImplementation(
      (_path, o) =>
        new Promise((_resolve, reject) => {
          options = o;
          o.signal?.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
        }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Uploader />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(options.onUploadProgress).toBeTypeOf('function'));
    act(() => options.onUploadProgress!({ sent: 1000, total: 2000 }));
    expect(screen.getByRole('status').textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe('50% sent (1 kB of 2 kB)');
    expect(screen.getByRole('progressbar', { name: en.users.avatarUploading })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: en.users.avatarCancel }));
    await expect(result).resolves.toBeNull();
    expect(info).toHaveBeenCalledWith(en.users.avatarCancelled, en.users.avatarCancelledText);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('gives the stored id when the upload succeeds', async () => {
    apiRequest.mockResolvedValue({ avatar: 'a2d0c6b5-7a1c-4d4e-9d2b-3f6c1e0b9a11' });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Uploader />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'send' }));
    await expect(result).resolves.toBe('a2d0c6b5-7a1c-4d4e-9d2b-3f6c1e0b9a11');
    expect(info).not.toHaveBeenCalled();
  });
});
