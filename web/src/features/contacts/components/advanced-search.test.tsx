import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ContactSearchResults } from '../../../lib/api/types';
import { salesUser, searchMatch } from '../../../testing/fixtures';
import { advancedSearch, currentUser, recentlyViewed, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

function signedIn() {
  server.use(currentUser(salesUser), ...userSettings().handlers);
}

function resultRows() {
  const grid = screen.getByRole('grid', { name: 'Customers' });
  return within(grid).getAllByRole('row').slice(1);
}

describe('Advanced customer search', () => {
  it('searches by several fields and keeps them in the address', async () => {
    signedIn();
    const calls = advancedSearch((): ContactSearchResults => ({ results: [searchMatch(1, { lastName: 'Gonzalez' })], nextCursor: '' }));
    server.use(calls.handler);
    const { router } = renderApp('/app/contactsearch');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Advanced search' }));
    const form = await screen.findByRole('search', { name: 'Advanced customer search' });
    await user.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Gonzalez');
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'Portland');
    await user.click(within(form).getByRole('checkbox', { name: 'Hot customers only' }));
    await user.click(within(form).getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('grid', { name: 'Customers' })).toBeInTheDocument();
    expect(resultRows()).toHaveLength(1);
    expect(calls.requests).toEqual([{ pageSize: 25, lastName: 'Gonzalez', city: 'Portland', isMarkedHot: true }]);
    expect(router.state.location.search).toBe('?mode=advanced&lastName=Gonzalez&city=Portland&isMarkedHot=true');
  });

  it('asks for a searchable field before sending anything', async () => {
    signedIn();
    const calls = advancedSearch(() => ({ results: [], nextCursor: '' }));
    server.use(calls.handler);
    renderApp('/app/contactsearch?mode=advanced');
    const user = userEvent.setup();

    const form = await screen.findByRole('search', { name: 'Advanced customer search' });
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'Portland');
    await user.click(within(form).getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a last name, business name, email, phone number, VIN or stock number.');
    expect(calls.requests).toEqual([]);
  });

  it('pages with the cursor of the page before', async () => {
    signedIn();
    const all = Array.from({ length: 30 }, (_, i) => searchMatch(i + 1));
    const calls = advancedSearch(({ cursor }) =>
      cursor === 'page-2' ? { results: all.slice(25), nextCursor: '' } : { results: all.slice(0, 25), nextCursor: 'page-2' },
    );
    server.use(calls.handler);
    renderApp('/app/contactsearch?mode=advanced&lastName=Smith');
    const user = userEvent.setup();

    expect(await screen.findByText('Page 1')).toBeInTheDocument();
    expect(resultRows()).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    expect(resultRows()).toHaveLength(5);
    expect(calls.requests.at(-1)).toEqual({ pageSize: 25, lastName: 'Smith', cursor: 'page-2' });
  });
});

describe('Recently viewed customers', () => {
  it('lists them under an empty search, linking to their profiles', async () => {
    signedIn();
    const { fullName, ...summary } = searchMatch(7, { firstName: 'Ana', lastName: 'Lopez', fullName: 'Ana Lopez', isMarkedHot: true });
    server.use(recentlyViewed([{ ...summary, fullName, viewedAt: '2026-11-20T15:30:00Z' }]));
    renderApp('/app/contactsearch');

    const section = await screen.findByRole('region', { name: 'Recently viewed' });
    const link = within(section).getByRole('link', { name: 'Ana Lopez' });
    expect(link).toHaveAttribute('href', expect.stringContaining('6007'));
    expect(within(section).getByText('Hot')).toBeInTheDocument();
  });
});
