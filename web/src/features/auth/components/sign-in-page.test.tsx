import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { salesUser } from '../../../testing/fixtures';
import { currentUser, userSettings } from '../../../testing/handlers';
import { fakeAuthService, renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

function rejected(name: string) {
  return Object.assign(new Error('Incorrect username or password.'), { name });
}

describe('SignInPage', () => {
  it('signs in and opens the shell', async () => {
    const user = userEvent.setup();
    const settings = userSettings();
    server.use(currentUser(salesUser), ...settings.handlers);
    let signedIn = false;
    const authService = fakeAuthService({
      hasSession: async () => signedIn,
      signIn: vi.fn(async () => {
        signedIn = true;
        return { kind: 'signedIn' as const };
      }),
    });
    const { router } = renderApp('/signin', { authService });

    await user.type(await screen.findByLabelText('Email'), ' sales@northwind.demo ');
    await user.type(screen.getByLabelText('Password'), 'Demo-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(authService.signIn).toHaveBeenCalledWith('sales@northwind.demo', 'Demo-pass-2026');
    expect(await screen.findByText('Sam Ortega')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/default');
  });

  it('shows a clear error on bad credentials and stays on the page', async () => {
    const user = userEvent.setup();
    const authService = fakeAuthService({
      hasSession: async () => false,
      signIn: vi.fn(async () => {
        throw rejected('NotAuthorizedException');
      }),
    });
    renderApp('/signin', { authService });

    await user.type(await screen.findByLabelText('Email'), 'sales@northwind.demo');
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('asks for both fields before calling the user pool', async () => {
    const user = userEvent.setup();
    const authService = fakeAuthService({ hasSession: async () => false });
    renderApp('/signin', { authService });

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter password')).toBeInTheDocument();
    expect(authService.signIn).not.toHaveBeenCalled();
  });

  it('returns to the page that was asked for', async () => {
    const user = userEvent.setup();
    const settings = userSettings();
    server.use(currentUser(salesUser), ...settings.handlers);
    let signedIn = false;
    const authService = fakeAuthService({
      hasSession: async () => signedIn,
      signIn: async () => {
        signedIn = true;
        return { kind: 'signedIn' as const };
      },
    });
    const { router } = renderApp('/app/wishlist', { authService });

    await user.type(await screen.findByLabelText('Email'), 'sales@northwind.demo');
    await user.type(screen.getByLabelText('Password'), 'Demo-pass-2026{Enter}');

    expect(await screen.findByRole('heading', { name: 'Wishlist Manager is not available yet' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/wishlist');
  });
});
