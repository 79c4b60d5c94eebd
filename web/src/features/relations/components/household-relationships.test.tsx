import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { HouseholdMember } from '../../../lib/api/types';
import { mariaGonzalez, searchMatch, staff } from '../../../testing/fixtures';
import { staffUsers } from '../../../testing/handlers';
import { assignmentsStore, householdStore, noAssignments } from '../../../testing/relations-handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { HouseholdRelationships } from './household-relationships';

function member(n: number, overrides: Partial<HouseholdMember> = {}): HouseholdMember {
  const m = searchMatch(n);
  return {
    memberId: m.contactId,
    isCoBuyer: false,
    relationship: 'Child',
    addedAt: '2026-01-01T00:00:00Z',
    addedBy: 'u-sales',
    contact: { ...m },
    ...overrides,
  };
}

function renderSection(canEdit = true) {
  return renderWithProviders(
    <MemoryRouter>
      <HouseholdRelationships contact={mariaGonzalez} canEdit={canEdit} profilePath={(id) => `/app/contact/${id}`} />
    </MemoryRouter>,
  );
}

// Several selects and a search per test: give them room on a busy two-core machine.
const SLOW = 30_000;

describe('Household & relationships', () => {
  it('lists the household with the co-buyer badge and removes a member', async () => {
    const household = householdStore([member(1, { isCoBuyer: true, relationship: 'Spouse' }), member(2)]);
    server.use(...household.handlers, staffUsers(staff));
    const user = userEvent.setup();

    renderSection();

    const members = await screen.findByRole('region', { name: 'Household members' });
    const spouse = (await within(members).findByRole('link', { name: 'Customer 1 Smith' })).closest('tr') as HTMLElement;
    expect(within(spouse).getByText('Co-buyer')).toBeInTheDocument();
    expect(within(spouse).getByText('Spouse')).toBeInTheDocument();
    const child = within(members).getByRole('link', { name: 'Customer 2 Smith' }).closest('tr') as HTMLElement;
    expect(within(child).queryByText('Co-buyer')).not.toBeInTheDocument();
    expect(within(members).getByRole('link', { name: 'Customer 1 Smith' })).toHaveAttribute('href', `/app/contact/${6001}`);

    await user.click(within(members).getByRole('button', { name: 'Remove Customer 2 Smith from the household' }));

    await waitFor(() => expect(within(members).queryByRole('link', { name: 'Customer 2 Smith' })).not.toBeInTheDocument());
    expect(household.members().map((m) => m.memberId)).toEqual([6001]);
  }, SLOW);

  it('adds a customer found by search as a co-buyer', async () => {
    const found = searchMatch(3);
    const household = householdStore([], { summaries: { [found.contactId]: found } });
    let searched = '';
    server.use(
      ...household.handlers,
      staffUsers(staff),
      http.post('*/crm/contacts/search', async ({ request }) => {
        searched = ((await request.json()) as { term: string }).term;
        return HttpResponse.json({
          successful: true,
          data: { results: [searchMatch(0, { contactId: mariaGonzalez.id ?? 0 }), found], term: { kind: 'name', value: 'SMITH' } },
        });
      }),
    );
    const user = userEvent.setup();

    renderSection();

    const members = await screen.findByRole('region', { name: 'Household members' });
    expect(await within(members).findByText('No household members.')).toBeInTheDocument();
    await user.click(within(members).getByRole('button', { name: 'Add household member' }));
    const form = screen.getByRole('region', { name: 'Add a household member' });
    await user.type(within(form).getByRole('textbox', { name: 'Find a customer' }), 'Smith');
    await user.click(within(form).getByRole('combobox', { name: 'Relationship' }));
    await user.click(await screen.findByRole('option', { name: 'Spouse' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Co-buyer' }));
    await user.click(within(form).getByRole('button', { name: 'Search' }));

    const results = await within(form).findByRole('list', { name: 'Customers found' });
    // The customer herself is not offered.
    expect(await within(results).findAllByRole('listitem')).toHaveLength(1);
    await user.click(within(results).getByRole('button', { name: 'Add Customer 3 Smith ((503) 555-1003) to the household' }));

    expect(await within(members).findByRole('link', { name: 'Customer 3 Smith' })).toBeInTheDocument();
    expect(within(members).getByText('Co-buyer')).toBeInTheDocument();
    expect(searched).toBe('Smith');
    expect(household.posted).toEqual([[{ contactId: found.contactId, isCoBuyer: true, relationship: 'Spouse' }]]);
    expect(screen.queryByRole('region', { name: 'Add a household member' })).not.toBeInTheDocument();
  }, SLOW);

  it('changes the assigned sales person to a user of the customer’s store', async () => {
    const names = Object.fromEntries(staff.map((u) => [u.UserId, u.Name]));
    const assignments = assignmentsStore(noAssignments(5001, 101), names);
    server.use(...householdStore([]).handlers, ...assignments.handlers, staffUsers(staff));
    const user = userEvent.setup();

    renderSection();

    const section = await screen.findByRole('region', { name: 'Assigned users' });
    const save = within(section).getByRole('button', { name: 'Save assignments' });
    expect(save).toBeDisabled();
    await user.click(within(section).getByRole('combobox', { name: 'Sales Person' }));
    await user.click(await screen.findByRole('option', { name: 'Morgan Reyes' }));
    await user.click(save);

    await waitFor(() => expect(assignments.puts).toEqual([[{ role: 'SalesPerson', userId: 'u-manager' }]]));
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Save assignments' })).toBeDisabled());
    expect(within(section).getByRole('combobox', { name: 'Sales Person' })).toHaveValue('Morgan Reyes');
  }, SLOW);

  it('offers no changes to a user who may not edit the customer', async () => {
    server.use(...householdStore([member(1)]).handlers, staffUsers(staff));

    renderSection(false);

    const members = await screen.findByRole('region', { name: 'Household members' });
    expect(await within(members).findByRole('link', { name: 'Customer 1 Smith' })).toBeInTheDocument();
    expect(within(members).queryByRole('button')).not.toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Assigned users' });
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(section).getAllByText('Nobody')).toHaveLength(5);
  }, SLOW);
  it('links a possible match from another store and shows the value across the group', async () => {
    const other = searchMatch(4, { accountPlatformId: 102 });
    let linked: { contactId: number; linkedContactId: number }[] = [];
    let isLinked = false;
    server.use(
      ...householdStore([]).handlers,
      staffUsers(staff),
      http.get('*/crm/contacts/enterprise/:id/linkedcontacts', () =>
        HttpResponse.json({
          successful: true,
          data: isLinked ? [{ contact: other, storeSalesValue: 1000, storeServiceValue: 250, linkedAt: '2026-01-01T00:00:00Z', linkedBy: 'u-sales' }] : [],
        }),
      ),
      http.get('*/crm/contacts/enterprise/:id/potentialcustomerlinks', () =>
        HttpResponse.json({ successful: true, data: isLinked ? [] : [{ contact: other, matchedOn: 'email', matchedValue: other.email }] }),
      ),
      http.get('*/crm/contacts/enterprise/:id/lifetime_value', () =>
        HttpResponse.json({ successful: true, data: { contactId: 5001, salesValue: 1000, serviceValue: 250, totalValue: isLinked ? 1250 : 0, contacts: 2 } }),
      ),
      http.post('*/crm/contacts/enterprise/link_customer', async ({ request }) => {
        linked = [...linked, (await request.json()) as { contactId: number; linkedContactId: number }];
        isLinked = true;
        return HttpResponse.json({
          successful: true,
          data: [{ contact: other, storeSalesValue: 1000, storeServiceValue: 250, linkedAt: '2026-01-01T00:00:00Z', linkedBy: 'u-sales' }],
        });
      }),
    );
    const user = userEvent.setup();

    renderSection();

    const section = await screen.findByRole('region', { name: 'Linked customers' });
    expect(await within(section).findByText('No linked customers.')).toBeInTheDocument();
    const matches = await within(section).findByRole('list', { name: 'Possible matches' });
    expect(within(matches).getByText(/same e-mail customer4@example.com/)).toBeInTheDocument();
    await user.click(within(matches).getByRole('button', { name: 'Link Customer 4 Smith' }));

    const records = await within(section).findByRole('list', { name: 'Linked records' });
    expect(within(records).getByRole('link', { name: 'Customer 4 Smith' })).toBeInTheDocument();
    expect(linked).toEqual([{ contactId: 5001, linkedContactId: other.contactId }]);
    expect(await within(section).findByText('Lifetime value across the group: $1,250')).toBeInTheDocument();
    await waitFor(() => expect(within(section).queryByRole('list', { name: 'Possible matches' })).not.toBeInTheDocument());
  }, SLOW);
});
