import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { BulkCriteria, BulkUser, BulkUsers } from '../../../lib/api/types';
import { northwindFord, northwindToyota } from '../../../testing/fixtures';
import { bulkJob } from '../../../testing/relations-handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { BulkReassignment } from './bulk-reassignment';

// Several selects and a poll per test: give them room on a busy two-core machine.
const SLOW = 30_000;

function person(userId: string, name: string, overrides: Partial<BulkUser> = {}): BulkUser {
  return { userId, name, active: true, roles: ['sales person'], stores: ['Northwind Ford', 'Northwind Toyota'], ...overrides };
}

const sam = person('100001', 'Sam Ortega');
const pat = person('100099', 'Pat Former', { active: false, stores: ['Northwind Ford'] });
const morgan = person('100002', 'Morgan Reyes', { roles: ['sales manager'] });
const bailey = person('100003', 'Bailey Chen', { roles: ['BDC agent'], stores: ['Northwind Ford'] });

type UsersAsked = { role: string; stores: string };

/** bulkUsers answers the users a reassignment offers, by role. */
function bulkUsers(byRole: Record<string, BulkUsers>, asked: UsersAsked[] = []) {
  return http.get('*/api/contacts/bulk/assignments/users', ({ request }) => {
    const url = new URL(request.url);
    const role = url.searchParams.get('role') ?? '';
    asked.push({ role, stores: url.searchParams.get('accountPlatformIds') ?? '' });
    return HttpResponse.json({ successful: true, data: byRole[role] ?? { from: [], to: [] } });
  });
}

const offered = {
  SalesPerson: { from: [sam, pat], to: [sam, morgan] },
  BDCAgent: { from: [bailey], to: [bailey] },
};

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: RegExp) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Bulk reassignment', () => {
  it('previews the count, confirms, and follows the job until it is done', async () => {
    const counted: BulkCriteria[] = [];
    const started: BulkCriteria[] = [];
    let reads = 0;
    server.use(
      bulkUsers(offered),
      http.put('*/api/contacts/bulk/assignments/count', async ({ request }) => {
        counted.push((await request.json()) as BulkCriteria);
        return HttpResponse.json({ successful: true, data: { count: 3 } });
      }),
      http.put('*/api/contacts/bulk/assignments', async ({ request }) => {
        started.push((await request.json()) as BulkCriteria);
        return HttpResponse.json({ successful: true, data: bulkJob({ total: 3 }) });
      }),
      http.get('*/api/contacts/bulk/assignments/jobs/:id', () => {
        reads++;
        const job = reads === 1 ? bulkJob({ total: 3, done: 1 }) : bulkJob({ total: 3, done: 2, skipped: 1, status: 'done' });
        return HttpResponse.json({ successful: true, data: job });
      }),
    );
    const user = userEvent.setup();

    renderWithProviders(<BulkReassignment stores={[northwindFord, northwindToyota]} isManager />);

    await choose(user, 'From user', /^Pat Former · not active/);
    await choose(user, 'To user', /^Morgan Reyes/);
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('3 customers would be reassigned.')).toBeInTheDocument();
    expect(within(preview).getByText("Pat Former's customers as sales person at Northwind Ford and Northwind Toyota go to Morgan Reyes.")).toBeInTheDocument();
    // The preview is checked with the new holder, as the reassignment is.
    expect(counted).toEqual([{ role: 'SalesPerson', fromUserId: '100099', toUserId: '100002', accountPlatformIds: [101, 102] }]);
    await user.click(within(preview).getByRole('button', { name: 'Confirm reassignment' }));

    const progress = await screen.findByRole('region', { name: 'Reassignment progress' });
    expect(started).toEqual(counted);
    expect(await within(progress).findByText(/Done: 3 of 3 customers processed, 1 skipped/)).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: 'Reassignment progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('combobox', { name: 'From user' })).toBeDisabled();
  }, SLOW);

  it('offers only the users the server offers for the role and stores, and never shows an id', async () => {
    const asked: UsersAsked[] = [];
    server.use(bulkUsers(offered, asked));
    const user = userEvent.setup();

    renderWithProviders(<BulkReassignment stores={[northwindFord, northwindToyota]} isManager />);

    await user.click(screen.getByRole('combobox', { name: 'From user' }));
    const fromOptions = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(fromOptions).toEqual([
      'Sam Ortega · sales person · Northwind Ford, Northwind Toyota',
      'Pat Former · not active · sales person · Northwind Ford',
    ]);
    await user.click(screen.getByRole('option', { name: /^Sam Ortega/ }));
    await user.click(screen.getByRole('combobox', { name: 'To user' }));
    // Sam holds the customers: he is not offered as their new holder.
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Morgan Reyes · sales manager · Northwind Ford, Northwind Toyota']),
    );
    expect(document.body.textContent).not.toMatch(/1000\d\d/);
    expect(asked[0]).toEqual({ role: 'SalesPerson', stores: '101,102' });
  }, SLOW);

  it("shows the preview's refusal on the new holder, and nothing to confirm", async () => {
    server.use(
      bulkUsers(offered),
      http.put('*/api/contacts/bulk/assignments/count', () =>
        HttpResponse.json(
          { successful: false, errorMessages: ['The reassignment is not valid.'], fieldErrors: { toUserId: 'Morgan Reyes does not work at Northwind Toyota.' } },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();

    renderWithProviders(<BulkReassignment stores={[northwindFord, northwindToyota]} isManager />);

    await choose(user, 'From user', /^Sam Ortega/);
    await choose(user, 'To user', /^Morgan Reyes/);
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText('Morgan Reyes does not work at Northwind Toyota.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'To user' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Confirm reassignment' })).not.toBeInTheDocument();
  }, SLOW);

  it('asks again for the users and a count after the criteria change', async () => {
    let counts = 0;
    server.use(
      bulkUsers(offered),
      http.put('*/api/contacts/bulk/assignments/count', () => HttpResponse.json({ successful: true, data: { count: ++counts } })),
    );
    const user = userEvent.setup();

    renderWithProviders(<BulkReassignment stores={[northwindFord]} isManager />);

    // Nothing to preview before both users are chosen.
    await choose(user, 'From user', /^Sam Ortega/);
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    await choose(user, 'To user', /^Morgan Reyes/);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('1 customer would be reassigned.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'BDC Agent' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument());
    // The users chosen for sales customers are not offered for BDC customers.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'From user' })).toHaveValue(''));
    expect(screen.getByRole('combobox', { name: 'To user' })).toHaveValue('');
  }, SLOW);

  it('tells a user who is not a manager that they may not reassign', () => {
    renderWithProviders(<BulkReassignment stores={[northwindFord]} isManager={false} />);

    expect(screen.getByRole('alert')).toHaveTextContent('Only managers may reassign customers in bulk.');
  }, SLOW);
});
