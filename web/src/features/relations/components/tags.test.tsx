import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Contact } from '../../../lib/api/types';
import { mariaGonzalez, salesUser } from '../../../testing/fixtures';
import { contactPermission, currentUser, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

describe('Customer tags on the snapshot', () => {
  it('takes a tag off the customer and shows the tags left', async () => {
    let current: Contact = {
      ...mariaGonzalez,
      tags: [
        { tagId: 1, name: 'Service customer', tagTypeId: 1 },
        { tagId: 2, name: 'VIP', tagTypeId: 1 },
      ],
    };
    const removed: string[] = [];
    server.use(
      currentUser(salesUser),
      ...userSettings().handlers,
      contactPermission({}),
      http.get('*/crm/contacts/:id', () => HttpResponse.json({ successful: true, data: current })),
      http.post('*/crm/GetTagByTagTypeIds', () =>
        HttpResponse.json({ successful: true, data: [{ tagId: 1, name: 'Service customer', tagTypeId: 1, color: '#228BE6', description: '' }] }),
      ),
      http.post('*/crm/RemoveContactTag', ({ request }) => {
        const url = new URL(request.url);
        removed.push(url.search);
        const tagId = Number(url.searchParams.get('tagId'));
        current = { ...current, tags: (current.tags ?? []).filter((t) => t.tagId !== tagId), version: (current.version ?? 0) + 1 };
        return HttpResponse.json({ successful: true, data: current.tags });
      }),
    );
    const user = userEvent.setup();

    renderApp('/app/contact/5001');

    const tags = await screen.findByRole('list', { name: 'Customer tags' });
    expect(within(tags).getAllByRole('listitem').map((t) => t.textContent)).toEqual(['Service customer', 'VIP']);
    await user.click(within(tags).getByRole('button', { name: 'Remove tag VIP' }));

    await waitFor(() => expect(within(tags).getAllByRole('listitem').map((t) => t.textContent)).toEqual(['Service customer']));
    expect(removed).toEqual(['?contactId=5001&tagId=2']);
  }, 30_000);

  it('names the tags by the definitions of the group', async () => {
    const current: Contact = {
      ...mariaGonzalez,
      tags: [
        { tagId: 1, name: 'Old name', tagTypeId: 1 },
        { tagId: 42, name: 'Saved name', tagTypeId: 2 },
      ],
    };
    const asked: unknown[] = [];
    server.use(
      currentUser(salesUser),
      ...userSettings().handlers,
      contactPermission({}),
      http.get('*/crm/contacts/:id', () => HttpResponse.json({ successful: true, data: current })),
      http.post('*/crm/GetTagByTagTypeIds', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({
          successful: true,
          data: [{ tagId: 1, name: 'Service customer', tagTypeId: 1, color: '#228BE6', description: '' }],
        });
      }),
    );

    renderApp('/app/contact/5001');

    const tags = await screen.findByRole('list', { name: 'Customer tags' });
    await waitFor(() =>
      expect(within(tags).getAllByRole('listitem').map((t) => t.textContent)).toEqual(['Service customer', 'Saved name']),
    );
    expect(asked).toEqual([{ tagTypeIds: [1, 2, 3, 4] }]);
  }, 30_000);
});
