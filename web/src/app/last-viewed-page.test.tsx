import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { salesUser } from '../testing/fixtures';
import { currentUser, userSettings } from '../testing/handlers';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';

describe('last viewed page', () => {
  it('saves each page opened from the menu, encoded, with the store scope', async () => {
    const user = userEvent.setup();
    const settings = userSettings();
    server.use(currentUser(salesUser), ...settings.handlers);
    renderApp('/app/default');

    await user.click(await screen.findByRole('link', { name: 'Showroom Log' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Showroom Log' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Customer Search' }));
    await screen.findByRole('textbox', { name: 'Search customers' });

    await waitFor(() =>
      expect(settings.requests.filter((r) => r.method === 'PUT')).toEqual([
        {
          method: 'PUT',
          key: 'lastViewedPage',
          scope: '101,102',
          body: { key: 'lastViewedPage', value: '%2Fapp%2Fshowroomdashboard' },
        },
        {
          method: 'PUT',
          key: 'lastViewedPage',
          scope: '101,102',
          body: { key: 'lastViewedPage', value: '%2Fapp%2Fcontactsearch' },
        },
      ]),
    );
  });

  it('does not save the default page', async () => {
    const user = userEvent.setup();
    const settings = userSettings();
    server.use(currentUser(salesUser), ...settings.handlers);
    const { router } = renderApp('/app/wishlist');

    await screen.findByRole('heading', { name: 'Wishlist Manager is not available yet' });
    await user.click(screen.getByRole('link', { name: 'CXM home' }));
    await screen.findByRole('heading', { name: 'Welcome, Sam' });

    expect(router.state.location.pathname).toBe('/app/default');
    expect(settings.requests.filter((r) => r.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        key: 'lastViewedPage',
        scope: '101,102',
        body: { key: 'lastViewedPage', value: '%2Fapp%2Fwishlist' },
      },
    ]);
  });

  it('opens the saved page when the app starts on the default page', async () => {
    const user = userEvent.setup();
    const settings = userSettings({ lastViewedPage: encodeURIComponent('/app/deliverydashboard') });
    server.use(currentUser(salesUser), ...settings.handlers);

    const { router } = renderApp('/app/default');

    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery Log' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/deliverydashboard');
    expect(screen.queryByRole('heading', { name: 'Welcome, Sam' })).not.toBeInTheDocument();

    // The restored page is the saved one already: only the next page is written.
    await user.click(screen.getByRole('link', { name: 'Service Experience' }));
    await waitFor(() => expect(settings.values.get('lastViewedPage')).toBe('%2Fapp%2Fserviceexperience'));
    const lastViewed = settings.requests.filter((r) => r.key === 'lastViewedPage');
    expect(lastViewed.map((r) => `${r.method} ${r.body?.value ?? ''}`)).toEqual(['GET ', 'PUT %2Fapp%2Fserviceexperience']);
  });

  it('opens the saved page when the app starts with an empty path', async () => {
    const settings = userSettings({ lastViewedPage: encodeURIComponent('/app/reports') });
    server.use(currentUser(salesUser), ...settings.handlers);

    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Reports is not available yet' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/reports');
  });

  it('stays on the default page when nothing was saved', async () => {
    const settings = userSettings();
    server.use(currentUser(salesUser), ...settings.handlers);

    const { router } = renderApp('/app/default');

    expect(await screen.findByRole('heading', { name: 'Welcome, Sam' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/default');
  });

  it('keeps a page asked for by the URL, without reading the setting', async () => {
    const settings = userSettings({ lastViewedPage: encodeURIComponent('/app/reports') });
    server.use(currentUser(salesUser), ...settings.handlers);

    const { router } = renderApp('/app/inventory');

    expect(await screen.findByRole('heading', { name: 'Inventory Beta is not available yet' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/inventory');
    await waitFor(() => expect(settings.values.get('lastViewedPage')).toBe('%2Fapp%2Finventory'));
    expect(settings.requests.some((r) => r.method === 'GET' && r.key === 'lastViewedPage')).toBe(false);
  });
});
