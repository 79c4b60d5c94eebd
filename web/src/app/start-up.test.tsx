import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { salesUser } from '../testing/fixtures';
import { currentUser, userSettings } from '../testing/handlers';
import { fakeAuthService, renderApp } from '../testing/render';
import { server } from '../testing/server';

describe('start-up', () => {
  it('shows the loading screen while the user profile loads', async () => {
    let requested = false;
    server.use(currentUser(salesUser, { wait: true, onRequest: () => (requested = true) }));

    renderApp('/app/default');

    await waitFor(() => expect(requested).toBe(true));
    expect(screen.getByRole('heading', { name: 'Loading user profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reload' })).toBeInTheDocument();
  });

  it('loads the user and shows the shell with the name, the stores and Logout', async () => {
    const settings = userSettings();
    server.use(currentUser(salesUser), ...settings.handlers);

    renderApp('/app/default');

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Sam Ortega')).toBeInTheDocument();
    expect(within(banner).getByText(/Northwind Ford, Northwind Toyota/)).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome, Sam' })).toBeInTheDocument();
    // Calls after the user is known carry the selected stores.
    expect(settings.requests).toHaveLength(2);
    expect(settings.requests).toEqual(
      expect.arrayContaining([
        { method: 'GET', key: 'lastViewedPage', scope: '101,102' },
        { method: 'GET', key: 'horizontalMenu', scope: '101,102' },
      ]),
    );
  });

  it.each([
    [404, '0x303030'],
    [401, '0x101010'],
    [500, '0x808080'],
  ] as const)('shows the no-profile screen for %i with code %s', async (status, code) => {
    server.use(currentUser(status));

    renderApp('/app/default');

    expect(await screen.findByText(/we couldn't find your user profile/)).toBeInTheDocument();
    expect(screen.getByText(code)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows the no-profile screen when the profile has no user id', async () => {
    server.use(currentUser({ ...salesUser, UserId: '' }));

    renderApp('/app/default');

    expect(await screen.findByText('0x303030')).toBeInTheDocument();
  });

  it('logs out from the no-profile screen to the sign-in page', async () => {
    const user = userEvent.setup();
    server.use(currentUser(404));
    const authService = fakeAuthService();
    const { router } = renderApp('/app/default', { authService });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(authService.signOut).toHaveBeenCalledOnce();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('sends a visitor without a session to the sign-in page', async () => {
    const { router } = renderApp('/app/contactsearch', {
      authService: fakeAuthService({ hasSession: async () => false }),
    });

    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('logs out from the shell', async () => {
    const user = userEvent.setup();
    const settings = userSettings();
    server.use(currentUser(salesUser), ...settings.handlers);
    const authService = fakeAuthService();
    const { router } = renderApp('/app/default', { authService });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(authService.signOut).toHaveBeenCalledOnce();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });
});
