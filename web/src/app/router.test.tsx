import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { salesUser } from '../testing/fixtures';
import { currentUser, userSettings } from '../testing/handlers';
import { fakeAuthService, renderApp } from '../testing/render';
import { server } from '../testing/server';
import { appPages } from './pages';
import { pageTitle } from './root-layout';

function signedIn() {
  const settings = userSettings();
  server.use(currentUser(salesUser), ...settings.handlers);
  return settings;
}

describe('routes', () => {
  it.each([
    ['/app/nosuchpage', '/app/default'],
    ['/app', '/app/default'],
    ['/', '/app/default'],
    ['/somewhere/else', '/app/default'],
  ])('redirects %s to %s', async (from, to) => {
    signedIn();

    const { router } = renderApp(from);

    expect(await screen.findByRole('heading', { name: 'Welcome, Sam' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(to);
  });

  // Pages with screens of their own; the rest stand as empty states.
  const screens = ['managerdashboard', 'bdcdashboard', 'salesdashboard', 'contactsearch', 'contacts/reassign', 'leadsdashboard', 'showroomdashboard', 'deliverydashboard', 'workflowmanager', 'productconfig/rulegroupsmanagement', 'calltrackingdashboard'];

  it.each(appPages.filter((p) => !p.path.includes(':') && !screens.includes(p.path)).map((p) => [p.path, p.title]))(
    '/app/%s shows an empty state named %s',
    async (path, title) => {
      signedIn();

      renderApp(`/app/${path}`);

      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: `${title} is not available yet` })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe(title));
    },
  );

  it('shows Activity Management for a private page id', async () => {
    signedIn();

    renderApp('/app/private/42');

    expect(await screen.findByRole('heading', { level: 1, name: 'Activity Management' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Activity Management'));
  });

  it('titles the default page with the product name', async () => {
    signedIn();

    renderApp('/app/default');

    await screen.findByRole('heading', { name: 'Welcome, Sam' });
    await waitFor(() => expect(document.title).toBe('CXM'));
  });

  it('marks the current page in the menu', async () => {
    signedIn();

    renderApp('/app/showroomdashboard');

    const link = await screen.findByRole('link', { name: 'Showroom Log' });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Delivery Log' })).not.toHaveAttribute('aria-current');
  });
});

describe('vehicle history authorization routes', () => {
  it.each(['/carfax/NWT-01/1HGCM82633A004352', '/carFaxCallback?code=abc&state=xyz'])(
    '%s shows an honest empty state and keeps its query',
    async (path) => {
      const { router } = renderApp(path);

      expect(
        await screen.findByRole('heading', { name: 'Vehicle history authorization is not available yet' }),
      ).toBeInTheDocument();
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path);
      await waitFor(() => expect(document.title).toBe('CXM'));
    },
  );

  it('asks a visitor without a session to sign in first', async () => {
    const { router } = renderApp('/carfax/NWT-01/VIN1', {
      authService: fakeAuthService({ hasSession: async () => false }),
    });

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });
});

describe('pageTitle', () => {
  it('takes the deepest title and defaults to the product name', () => {
    expect(pageTitle([undefined, { title: 'Outer' }, { title: 'Inner' }])).toBe('Inner');
    expect(pageTitle([{ title: 'Outer' }, {}])).toBe('Outer');
    expect(pageTitle([undefined, {}])).toBe('CXM');
  });
});
