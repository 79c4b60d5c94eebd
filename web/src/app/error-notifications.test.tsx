import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { notifyError } from '../lib/notify';
import { salesUser } from '../testing/fixtures';
import { currentUser, userSettings } from '../testing/handlers';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';

describe('error notifications', () => {
  it('shows a failed call as an error toast with the server message, cut to 500 characters', async () => {
    const user = userEvent.setup();
    const settings = userSettings();
    const long = `Settings are unavailable. ${'x'.repeat(600)}`;
    server.use(
      currentUser(salesUser),
      http.put('*/usersettings/key/:key', () =>
        HttpResponse.json({ successful: false, errorMessages: [long] }, { status: 500 }),
      ),
      ...settings.handlers,
    );
    renderApp('/app/default', { onError: notifyError });

    await user.click(await screen.findByRole('link', { name: 'Showroom Log' }));

    const toast = (await screen.findByText(/^Settings are unavailable\./)).closest('.mantine-Notification-root');
    expect(toast).not.toBeNull();
    const message = within(toast as HTMLElement).getByText(/^Settings are unavailable\./).textContent ?? '';
    expect(message).toHaveLength(500);
    expect(message.endsWith('…')).toBe(true);
    expect(within(toast as HTMLElement).getByText('Error')).toBeInTheDocument();
  });

  it('raises no toast when the profile cannot be loaded: start-up shows its own screen', async () => {
    const seen: unknown[] = [];
    server.use(currentUser(500));
    renderApp('/app/default', { onError: (err) => seen.push(err) });

    expect(await screen.findByText('0x808080')).toBeInTheDocument();
    expect(seen).toEqual([]);
  });
});
