import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { SessionEndReason } from '../features/auth/auth-service';
import { listenForSignOutElsewhere, SIGNED_OUT_KEY } from '../features/auth/sign-out-broadcast';
import { SESSION_EXPIRY_MODAL_MS } from '../lib/timing';
import { salesUser } from '../testing/fixtures';
import { currentUser, logout, userSettings } from '../testing/handlers';
import { fakeAuthService, renderApp } from '../testing/render';
import { server } from '../testing/server';

function signedIn() {
  server.use(currentUser(salesUser), ...userSettings().handlers);
}

/** Fake timers that still run with real time, so the screens' own waiting works. */
function fakeTimers() {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function controllableEnd() {
  let end: ((reason: SessionEndReason) => void) | undefined;
  const authService = fakeAuthService({
    onSessionEnded: (callback) => {
      end = callback;
      return () => {};
    },
  });
  return { authService, end: (reason: SessionEndReason) => act(() => end?.(reason)) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('session expiry', () => {
  it('shows the session-expiry modal on renewal failure, and the sign-in page after 300 s', async () => {
    fakeTimers();
    signedIn();
    const { authService, end } = controllableEnd();
    const { router } = renderApp('/app/showroomdashboard', { authService });
    await screen.findByRole('heading', { level: 1, name: 'Showroom Log' });

    end('renewalFailed');

    const modal = await screen.findByRole('dialog', { name: 'Your session has expired' });
    expect(modal).toHaveTextContent('Your session could not be renewed.');
    await advance(SESSION_EXPIRY_MODAL_MS - 1_000);
    expect(screen.getByRole('dialog', { name: 'Your session has expired' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/showroomdashboard');

    await advance(1_000);

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(authService.signOut).toHaveBeenCalledWith('thisTab');
    // An expired session returns to the page that was open.
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/app/showroomdashboard' } });
  });

  it('goes to sign in at once with the modal button', async () => {
    const user = userEvent.setup();
    signedIn();
    const { authService, end } = controllableEnd();
    const { router } = renderApp('/app/default', { authService });
    await screen.findByRole('heading', { name: 'Welcome, Sam' });

    end('signedOutElsewhere');
    const modal = await screen.findByRole('dialog', { name: 'Your session has expired' });
    expect(modal).toHaveTextContent('You signed out in another window.');
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('renews the session a minute before the token expires, and shows the modal when that fails', async () => {
    fakeTimers();
    signedIn();
    const expiresAt = Date.now() + 10 * 60_000;
    const renew = vi.fn(async () => {
      throw new Error('NotAuthorizedException');
    });
    const authService = fakeAuthService({ sessionExpiresAt: async () => expiresAt, renew });
    renderApp('/app/default', { authService });
    await screen.findByRole('heading', { name: 'Welcome, Sam' });

    await advance(8 * 60_000);
    expect(renew).not.toHaveBeenCalled();
    await advance(60_000 + 1_000);

    expect(renew).toHaveBeenCalledOnce();
    expect(await screen.findByRole('dialog', { name: 'Your session has expired' })).toBeInTheDocument();
  });

  it('keeps renewing while renewal succeeds', async () => {
    fakeTimers();
    signedIn();
    let expiresAt = Date.now() + 10 * 60_000;
    const renew = vi.fn(async () => {
      expiresAt = Date.now() + 10 * 60_000;
    });
    const authService = fakeAuthService({ sessionExpiresAt: async () => expiresAt, renew });
    renderApp('/app/default', { authService });
    await screen.findByRole('heading', { name: 'Welcome, Sam' });

    await advance(9 * 60_000 + 1_000);
    await waitFor(() => expect(renew).toHaveBeenCalledTimes(1));
    await advance(9 * 60_000 + 1_000);
    await waitFor(() => expect(renew).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('dialog', { name: 'Your session has expired' })).not.toBeInTheDocument();
  });

  it('shows the modal when the same user signs out in another tab', async () => {
    signedIn();
    let end: ((reason: SessionEndReason) => void) | undefined;
    const authService = fakeAuthService({
      onSessionEnded: (callback) => {
        end = callback;
        return listenForSignOutElsewhere(async () => 'subject-1', () => callback('signedOutElsewhere'));
      },
    });
    renderApp('/app/default', { authService });
    await screen.findByRole('heading', { name: 'Welcome, Sam' });
    expect(end).toBeDefined();

    const note = (subject: string) =>
      new StorageEvent('storage', { key: SIGNED_OUT_KEY, newValue: JSON.stringify({ subject, at: Date.now() }) });
    act(() => void window.dispatchEvent(note('someone-else')));
    await act(async () => {});
    expect(screen.queryByRole('dialog', { name: 'Your session has expired' })).not.toBeInTheDocument();

    act(() => void window.dispatchEvent(note('subject-1')));

    expect(await screen.findByRole('dialog', { name: 'Your session has expired' })).toHaveTextContent(
      'You signed out in another window.',
    );
  });
});

describe('sign-out', () => {
  it('sends the logout notification before signing out', async () => {
    const user = userEvent.setup();
    signedIn();
    const notification = logout();
    server.use(notification.handler);
    const authService = fakeAuthService();
    renderApp('/app/default', { authService });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(notification.calls).toHaveLength(1);
    expect(authService.signOut).toHaveBeenCalledWith('everywhere');
  });

  it('signs out when the logout notification fails', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    signedIn();
    const notification = logout(500);
    server.use(notification.handler);
    const authService = fakeAuthService();
    const { router } = renderApp('/app/default', { authService });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(notification.calls).toHaveLength(1);
    expect(authService.signOut).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith('The logout notification could not be sent.', expect.anything());
  });

  it('does not wait for a logout notification that never answers', async () => {
    fakeTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    signedIn();
    server.use(http.post('*/auth/logout', () => delay('infinite')));
    const authService = fakeAuthService();
    renderApp('/app/default', { authService });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await advance(3_000);

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(authService.signOut).toHaveBeenCalledOnce();
  });
});

describe('sharing the session with new tabs', () => {
  it('hands the session to new tabs while signed in, and stops once it has ended', async () => {
    signedIn();
    const stopSharing = vi.fn();
    const shareSession = vi.fn(() => stopSharing);
    const { authService, end } = controllableEnd();
    renderApp('/app/default', { authService: { ...authService, shareSession } });
    await screen.findByRole('heading', { name: 'Welcome, Sam' });
    expect(shareSession).toHaveBeenCalledOnce();
    expect(stopSharing).not.toHaveBeenCalled();

    end('signedOutElsewhere');

    await screen.findByRole('dialog', { name: 'Your session has expired' });
    expect(stopSharing).toHaveBeenCalledOnce();
  });

  it('does not hand over a session it does not hold', async () => {
    const shareSession = vi.fn(() => () => {});
    renderApp('/app/default', { authService: fakeAuthService({ hasSession: async () => false, shareSession }) });

    await screen.findByRole('button', { name: 'Sign in' });
    expect(shareSession).not.toHaveBeenCalled();
  });
});
