import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@orchard/shared/core';
import { en } from '@orchard/shared/i18n';
import '../../../lib/i18n';
import { UserAvatar } from '../../../components/user-avatar';
import { UserAvatarField, useAvatarChoice } from './user-avatar-field';

function Field() {
  const avatar = useAvatarChoice();
  return <UserAvatarField id="a" avatar={avatar} disabled={false} owner={{ avatar: null, fullName: 'Anna van Wyk', userName: 'anna' }} />;
}

const choose = (file: File) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};
const image = (bytes: number) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

describe('the avatar field', () => {
  afterEach(cleanup);

  it('an oversized image: one message, in bytes, gone once a valid image is chosen', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Field />
      </QueryClientProvider>,
    );
    choose(image(AVATAR_MAX_BYTES + 1));
    expect(screen.getByText(en.users.avatarTooLarge)).toBeTruthy();
    expect(screen.queryByText(/Invalid file size/)).toBeNull();
    expect(screen.queryByText(/KB/)).toBeNull();

    choose(image(AVATAR_MAX_BYTES));
    expect(screen.queryByText(en.users.avatarTooLarge)).toBeNull();
    expect(screen.queryByText(/Invalid file size/)).toBeNull();
    expect(screen.getByText('me.png')).toBeTruthy();
  });

  it('shows the current avatar with the same component as the top bar: the default image without a picture', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Field />
        <UserAvatar avatar={null} fullName="Anna van Wyk" userName="anna" />
      </QueryClientProvider>,
    );
    const current = screen.getByRole('img', { name: en.users.currentAvatar });
    const topBar = screen.getByRole('img', { name: en.shell.avatarAlt });
    expect(current.textContent).toBe('AW');
    expect(current.className).toBe(topBar.className);
  });
});
