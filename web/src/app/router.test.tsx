import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { salesUser } from '../testing/fixtures';
import { currentUser, userSettings } from '../testing/handlers';
import { renderApp } from '../testing/render';
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

  it.each(appPages.filter((p) => !p.path.includes(':')).map((p) => [p.path, p.title]))(
    '/app/%s shows an empty state named %s',
    async (path, title) => {
      signedIn();

      renderApp(`/app/${path}`);

      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: `${title} is not available yet` })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe(title));
    },
  );

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

describe('pageTitle', () => {
  it('takes the deepest title and defaults to the product name', () => {
    expect(pageTitle([undefined, { title: 'Outer' }, { title: 'Inner' }])).toBe('Inner');
    expect(pageTitle([{ title: 'Outer' }, {}])).toBe('Outer');
    expect(pageTitle([undefined, {}])).toBe('CXM');
  });
});
