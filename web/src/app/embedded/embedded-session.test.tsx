import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { IMPERSONATION_DETECTED_MESSAGE } from '../../features/auth/components/impersonation-detected-screen';
import { EMBEDDED_TOKEN_KEY } from '../../lib/embedded';
import { IMPERSONATION_KEY, saveImpersonation } from '../../lib/impersonation';
import { adminUser, salesUser, unsignedJwt } from '../../testing/fixtures';
import { currentUser, IMPERSONATION_TOKEN, impersonation } from '../../testing/handlers';
import { fakeAuthService, renderApp } from '../../testing/render';
import { server } from '../../testing/server';

const noSession = () => fakeAuthService({ hasSession: async () => false });

function partnerToken(secondsLeft: number): string {
  const now = Math.floor(Date.now() / 1000);
  return unsignedJwt({ sub: 'u-sales', iat: now, exp: now + secondsLeft });
}

/** openEmbedded opens path as the browser would: the hash is what the API client reads. */
function openEmbedded(path: string, authService = noSession()) {
  window.location.hash = `#${path}`;
  return renderApp(path, { authService });
}

function profileSeenWith() {
  const authorizations: (string | null)[] = [];
  server.use(
    http.get('*/users/currentUser', ({ request }) => {
      authorizations.push(request.headers.get('authorization'));
      return HttpResponse.json({ Success: true, Data: salesUser });
    }),
  );
  return authorizations;
}

function fakeTimers() {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('embedded pages with an ssoToken', () => {
  it('opens without the sign-in page, calls the API with the token, and drops it from the address', async () => {
    const token = partnerToken(600);
    const authorizations = profileSeenWith();

    const { router } = openEmbedded(`/embedded/vehiclehistoryreport?ssoToken=${token}&tab=garage`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Vehicle History Report' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Vehicle History Report is not available yet' })).toBeInTheDocument();
    expect(screen.getByText('Sam Ortega')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(authorizations).toEqual([`Bearer ${token}`]);
    expect(window.sessionStorage.getItem(EMBEDDED_TOKEN_KEY)).toBe(token);
    expect(window.localStorage.getItem(EMBEDDED_TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=garage'));
    expect(router.state.location.pathname).toBe('/embedded/vehiclehistoryreport');
    await waitFor(() => expect(document.title).toBe('Vehicle History Report'));
  });

  it.each([
    ['a partner page inside a bridge', '/embedded/customersms?bridge=1&ssoToken='],
    ['the mobile app', '/mobile/dealsheet/7?ssoToken='],
  ])('keeps the token in local storage in %s', async (_name, prefix) => {
    const token = partnerToken(600);
    profileSeenWith();

    openEmbedded(`${prefix}${token}`);

    await screen.findByRole('heading', { level: 1 });
    expect(window.localStorage.getItem(EMBEDDED_TOKEN_KEY)).toBe(token);
    expect(window.sessionStorage.getItem(EMBEDDED_TOKEN_KEY)).toBeNull();
  });

  it('checks the token every 5 seconds and shows the expiry message once it lapses', async () => {
    fakeTimers();
    const token = partnerToken(20);
    profileSeenWith();

    openEmbedded(`/embedded/dmspush?ssoToken=${token}`);
    await screen.findByRole('heading', { level: 1, name: 'Push To DMS' });

    await advance(15_000);
    expect(screen.getByRole('heading', { level: 1, name: 'Push To DMS' })).toBeInTheDocument();

    await advance(10_000);

    expect(await screen.findByText('This session has expired! Please close this window.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Push To DMS' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows the expiry message at once for a token that has already expired', async () => {
    profileSeenWith();

    openEmbedded(`/embedded/printforms?ssoToken=${partnerToken(-1)}`);

    expect(await screen.findByText('This session has expired! Please close this window.')).toBeInTheDocument();
  });

  it('reuses the kept token when the page reloads without it', async () => {
    const token = partnerToken(600);
    window.sessionStorage.setItem(EMBEDDED_TOKEN_KEY, token);
    const authorizations = profileSeenWith();

    openEmbedded('/embedded/dmspush');

    expect(await screen.findByRole('heading', { level: 1, name: 'Push To DMS' })).toBeInTheDocument();
    expect(authorizations).toEqual([`Bearer ${token}`]);
  });
});

describe('embedded routes', () => {
  it.each([
    ['/embedded/dealsheet', 'DealSheet'],
    ['/embedded/dealsheet/123/offer/2', 'DealSheet'],
    ['/embedded/customersms', 'Customer SMS'],
    ['/embedded/customeremail', 'Customer Email'],
    ['/mobile/customersms', 'Customer SMS'],
  ])('%s is titled %s', async (path, title) => {
    server.use(currentUser(salesUser));

    openEmbedded(`${path}?ssoToken=${partnerToken(600)}`);

    await waitFor(() => expect(document.title).toBe(title));
    expect(screen.queryByRole('heading', { name: `${title} is not available yet` })).not.toBeInTheDocument();
  });

  it.each([
    ['/embedded/dmspush', 'Push To DMS'],
    ['/embedded/vehiclehistoryreport', 'Vehicle History Report'],
  ])('%s is titled %s and names its capability', async (path, title) => {
    server.use(currentUser(salesUser));

    openEmbedded(`${path}?ssoToken=${partnerToken(600)}`);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `${title} is not available yet` })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('/embedded/printforms is titled Print Forms and asks for the customer it prints for', async () => {
    server.use(currentUser(salesUser));

    openEmbedded(`/embedded/printforms?ssoToken=${partnerToken(600)}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Print Forms' })).toBeInTheDocument();
    expect(await screen.findByText('There is no such customer. Check the link that opened this window.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Print Forms'));
  });

  it('says so for an embedded address that names no page', async () => {
    server.use(currentUser(salesUser));

    openEmbedded(`/embedded/nosuchthing?ssoToken=${partnerToken(600)}`);

    expect(await screen.findByRole('heading', { name: 'There is no such page' })).toBeInTheDocument();
  });

  it('without a token or a session, shows the no-auth code and no Logout', async () => {
    openEmbedded('/embedded/customersms');

    expect(await screen.findByText('0x101010')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it("runs on the browser's own session when opened without a token", async () => {
    const authorizations = profileSeenWith();

    openEmbedded('/embedded/dmspush', fakeAuthService());

    expect(await screen.findByRole('heading', { level: 1, name: 'Push To DMS' })).toBeInTheDocument();
    expect(authorizations).toHaveLength(1);
  });
});

describe('impersonation on an embedded page', () => {
  it("is not supported: after 2 s of loading, 'Impersonation detected!' with Dismiss Impersonation", async () => {
    fakeTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const flow = impersonation(adminUser, salesUser);
    server.use(...flow.handlers);
    saveImpersonation({
      accessToken: IMPERSONATION_TOKEN,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      subject: { UserId: salesUser.UserId, Name: salesUser.Name },
      actor: { UserId: adminUser.UserId, Name: adminUser.Name },
    });

    openEmbedded('/embedded/dmspush', fakeAuthService());
    await waitFor(() => expect(flow.profiles).toEqual(['subject']));
    // The profile has arrived; the loading screen stays the spec's 2 seconds.
    await advance(1_000);
    expect(screen.getByRole('heading', { name: 'Loading user profile' })).toBeInTheDocument();
    expect(screen.queryByText(IMPERSONATION_DETECTED_MESSAGE)).not.toBeInTheDocument();

    await advance(1_100);

    expect(await screen.findByText(IMPERSONATION_DETECTED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('0x202020')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Push To DMS' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismiss Impersonation' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Push To DMS' })).toBeInTheDocument();
    expect(screen.getByText('Taylor Brooks')).toBeInTheDocument();
    expect(flow.requests).toEqual([{ call: 'end', authorization: `Bearer ${IMPERSONATION_TOKEN}` }]);
    expect(window.sessionStorage.getItem(IMPERSONATION_KEY)).toBeNull();
  });
});
