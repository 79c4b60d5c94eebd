import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ContactSearchResults } from '../../../lib/api/types';
import { managerUser, mariaGonzalez, salesUser, searchMatch } from '../../../testing/fixtures';
import { contactPermission, contactSearch, contactStore, contactSummaries, currentUser, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

function signedIn() {
  server.use(currentUser(salesUser), ...userSettings().handlers, ...contactSummaries().handlers);
}

const maria = searchMatch(1, {
  contactId: 5001,
  accountPlatformId: 101,
  fullName: 'Maria Elena Gonzalez',
  firstName: 'Maria',
  lastName: 'Gonzalez',
  phone: '(503) 555-0142',
  email: 'maria.gonzalez@example.com',
  isMarkedHot: true,
  matchedOn: 'phone',
  matchedValue: '5035550142',
});

async function search(term: string) {
  const user = userEvent.setup();
  const box = await screen.findByRole('textbox', { name: 'Search customers' });
  await user.clear(box);
  await user.type(box, `${term}{Enter}`);
  return user;
}

function resultRows() {
  const grid = screen.getByRole('grid', { name: 'Customers' });
  return within(grid).getAllByRole('row').slice(1);
}

/** pages answers a search with 60 customers, 25 a page, cursors 'page-2' and 'page-3'. */
function pagedSearch() {
  const all = Array.from({ length: 60 }, (_, i) => searchMatch(i + 1));
  return contactSearch(({ cursor }): ContactSearchResults => {
    const page = cursor ? Number(cursor.replace('page-', '')) : 1;
    const results = all.slice((page - 1) * 25, page * 25);
    return { classification: { kind: 'lastName', lastName: 'Smith' }, results, nextCursor: page < 3 ? `page-${page + 1}` : '' };
  });
}

describe('Customer Search', () => {
  it('shows how the term was read, with the customers found', async () => {
    signedIn();
    const calls = contactSearch(() => ({ classification: { kind: 'phone', phone: '5035550142' }, results: [maria], nextCursor: '' }));
    server.use(calls.handler);
    const { router } = renderApp('/app/contactsearch');

    await search('(503) 555-0142');

    expect(await screen.findByText('Searched by phone: 5035550142')).toBeInTheDocument();
    expect(calls.requests).toEqual([{ term: '(503) 555-0142', pageSize: 25 }]);
    const [row] = resultRows();
    expect(within(row!).getAllByRole('gridcell').map((c) => c.textContent)).toEqual([
      'Maria Elena Gonzalez',
      '(503) 555-0142 Cell',
      'maria.gonzalez@example.com',
      'Northwind Ford',
      'Hot',
    ]);
    expect(router.state.location.search).toBe('?q=%28503%29+555-0142');
  });

  it('runs the search in the address on opening', async () => {
    signedIn();
    const calls = contactSearch(() => ({
      classification: { kind: 'fullName', firstName: 'Maria', lastName: 'Gonzalez' },
      results: [maria],
      nextCursor: '',
    }));
    server.use(calls.handler);

    renderApp('/app/contactsearch?q=Maria+Gonzalez');

    expect(await screen.findByText('Searched by first and last name: Maria Gonzalez')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search customers' })).toHaveValue('Maria Gonzalez');
    expect(calls.requests).toEqual([{ term: 'Maria Gonzalez', pageSize: 25 }]);
  });

  it('says so when nothing matches', async () => {
    signedIn();
    server.use(contactSearch(() => ({ classification: { kind: 'lastName', lastName: 'Zzyzx' }, results: null, nextCursor: '' })).handler);
    renderApp('/app/contactsearch');

    await search('Zzyzx');

    expect(await screen.findByRole('heading', { name: 'No customers found' })).toBeInTheDocument();
    expect(screen.getByText(/No customer of your selected stores matches “Zzyzx”/)).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Result pages' })).not.toBeInTheDocument();
  });

  it('pages with the cursor, keeping the pages in the address', async () => {
    signedIn();
    const calls = pagedSearch();
    server.use(calls.handler);
    const { router } = renderApp('/app/contactsearch');

    const user = await search('Smith');
    const pages = await screen.findByRole('navigation', { name: 'Result pages' });
    expect(resultRows()).toHaveLength(25);
    expect(within(pages).getByText('Page 1')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 2')).toBeInTheDocument();
    await waitFor(() => expect(resultRows()[0]).toHaveTextContent('Customer 26 Smith'));
    expect(router.state.location.search).toBe('?q=Smith&cursor=page-2');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(resultRows()[0]).toHaveTextContent('Customer 51 Smith'));
    expect(resultRows()).toHaveLength(10);
    expect(within(pages).getByText('Page 3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(router.state.location.search).toBe('?q=Smith&cursor=page-2&cursor=page-3');

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(resultRows()[0]).toHaveTextContent('Customer 26 Smith'));
    expect(router.state.location.search).toBe('?q=Smith&cursor=page-2');
    expect(calls.requests.map((r) => r.cursor)).toEqual([undefined, 'page-2', 'page-3']);
    expect(calls.requests.every((r) => r.pageSize === 25 && r.term === 'Smith')).toBe(true);
  });

  it('opens a page from the address', async () => {
    signedIn();
    const calls = pagedSearch();
    server.use(calls.handler);

    renderApp('/app/contactsearch?q=Smith&cursor=page-2');

    const pages = await screen.findByRole('navigation', { name: 'Result pages' });
    expect(within(pages).getByText('Page 2')).toBeInTheDocument();
    expect(resultRows()[0]).toHaveTextContent('Customer 26 Smith');
    expect(calls.requests).toEqual([{ term: 'Smith', pageSize: 25, cursor: 'page-2' }]);
  });

  it('moves the selection with the arrow keys and opens the profile with Enter', async () => {
    signedIn();
    server.use(
      pagedSearch().handler,
      contactPermission({}),
      ...contactStore({ ...mariaGonzalez, id: 6002, firstName: 'Customer 2', lastName: 'Smith', middleName: '' }).handlers,
    );
    const { router } = renderApp('/app/contactsearch');

    const user = await search('Smith');
    await screen.findByRole('grid', { name: 'Customers' });

    await user.keyboard('{ArrowDown}');
    const grid = screen.getByRole('grid', { name: 'Customers' });
    expect(grid).toHaveFocus();
    expect(resultRows()[0]).toHaveAttribute('aria-selected', 'true');
    expect(grid).toHaveAttribute('aria-activedescendant', resultRows()[0]!.id);

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(resultRows()[1]).toHaveAttribute('aria-selected', 'true');
    expect(resultRows()[0]).toHaveAttribute('aria-selected', 'false');
    expect(grid).toHaveAttribute('aria-activedescendant', resultRows()[1]!.id);

    await user.keyboard('{End}');
    expect(resultRows()[24]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}{ArrowDown}{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Customer 2 Smith' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/contact/6002');
  });

  it('reports a failed search on the screen', async () => {
    signedIn();
    server.use(contactSearch(() => 500).handler);
    renderApp('/app/contactsearch');

    await search('Smith');

    expect(await screen.findByText('Search is unavailable.')).toBeInTheDocument();
  });
});

describe('the customer command palette', () => {
  it('opens with Ctrl+K anywhere, searches as you type and opens the chosen customer', async () => {
    signedIn();
    const calls = contactSearch(() => ({ classification: { kind: 'phone', phone: '5035550142' }, results: [maria], nextCursor: '' }));
    server.use(calls.handler, contactPermission({}), ...contactStore(mariaGonzalez).handlers);
    const user = userEvent.setup();
    const { router } = renderApp('/app/wishlist');
    await screen.findByRole('heading', { name: 'Wishlist Manager is not available yet' });

    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Find a customer' });
    await user.type(within(palette).getByRole('textbox', { name: 'Find a customer' }), '503.555.0142');

    expect(await within(palette).findByText('Maria Elena Gonzalez')).toBeInTheDocument();
    expect(within(palette).getByText('Searched by phone: 5035550142')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Elena Gonzalez' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/contact/5001');
    expect(calls.requests.at(-1)).toEqual({ term: '503.555.0142', pageSize: 8 });
  });
});

describe('Adding results to a merge', () => {
  it('adds a result to the merge session without opening it, for users who may change customers', async () => {
    server.use(currentUser(managerUser), ...userSettings().handlers);
    const calls = contactSearch(() => ({ classification: { kind: 'phone', phone: '5035550142' }, results: [maria], nextCursor: '' }));
    const merges: unknown[] = [];
    server.use(
      calls.handler,
      ...contactStore(mariaGonzalez).handlers,
      http.post('*/api/contact/merge/create_session', async ({ request }) => {
        merges.push(await request.json());
        return HttpResponse.json({
          successful: true,
          data: { id: 's1', userId: 'u-manager', accountPlatformId: 101, contacts: [{ contactId: 5001, added: '2026-03-01T09:00:00Z' }], created: '2026-03-01T09:00:00Z', updated: '2026-03-01T09:00:00Z' },
        });
      }),
    );
    const { router } = renderApp('/app/contactsearch');

    const user = await search('(503) 555-0142');
    const [row] = resultRows();
    await user.click(within(row!).getByRole('button', { name: 'Add Maria Gonzalez to merge' }));

    await waitFor(() => expect(merges).toEqual([{ contactId: 5001, accountPlatformId: 101 }]));
    expect(router.state.location.pathname).toBe('/app/contactsearch');
  });

  it('offers no merge to users who may not change customers', async () => {
    signedIn();
    const calls = contactSearch(() => ({ classification: { kind: 'phone', phone: '5035550142' }, results: [maria], nextCursor: '' }));
    server.use(calls.handler);
    renderApp('/app/contactsearch');

    await search('(503) 555-0142');
    const [row] = resultRows();
    expect(within(row!).queryByRole('button', { name: /to merge/ })).not.toBeInTheDocument();
  });
});
