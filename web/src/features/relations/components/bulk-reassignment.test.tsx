import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { BulkCriteria } from '../../../lib/api/types';
import { northwindFord, northwindToyota, staff } from '../../../testing/fixtures';
import { staffUsers } from '../../../testing/handlers';
import { bulkJob } from '../../../testing/relations-handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { BulkReassignment } from './bulk-reassignment';

// Several selects and a poll per test: give them room on a busy two-core machine.
const SLOW = 30_000;

describe('Bulk reassignment', () => {
  it('previews the count, confirms, and follows the job until it is done', async () => {
    const counted: BulkCriteria[] = [];
    const started: BulkCriteria[] = [];
    let reads = 0;
    server.use(
      staffUsers(staff),
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

    await user.click(screen.getByRole('combobox', { name: 'From user' }));
    await user.click(await screen.findByRole('option', { name: 'Sam Ortega' }));
    await user.click(screen.getByRole('combobox', { name: 'To user' }));
    await user.click(await screen.findByRole('option', { name: 'Morgan Reyes' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('3 customers would be reassigned.')).toBeInTheDocument();
    expect(counted).toEqual([{ role: 'SalesPerson', fromUserId: 'u-sales', toUserId: 'u-manager', accountPlatformIds: [101, 102] }]);
    await user.click(within(preview).getByRole('button', { name: 'Confirm reassignment' }));

    const progress = await screen.findByRole('region', { name: 'Reassignment progress' });
    expect(started).toEqual(counted);
    expect(await within(progress).findByText(/Done: 3 of 3 customers processed, 1 skipped/)).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: 'Reassignment progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('combobox', { name: 'From user' })).toBeDisabled();
  }, SLOW);

  it('asks again for a count after the criteria change', async () => {
    let counts = 0;
    server.use(
      staffUsers(staff),
      http.put('*/api/contacts/bulk/assignments/count', () => HttpResponse.json({ successful: true, data: { count: ++counts } })),
    );
    const user = userEvent.setup();

    renderWithProviders(<BulkReassignment stores={[northwindFord]} isManager />);

    await user.click(screen.getByRole('combobox', { name: 'From user' }));
    await user.click(await screen.findByRole('option', { name: 'Sam Ortega' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('1 customer would be reassigned.')).toBeInTheDocument();
    // No target user yet: nothing to confirm.
    expect(screen.getByRole('button', { name: 'Confirm reassignment' })).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'BDC Agent' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument());
  }, SLOW);

  it('tells a user who is not a manager that they may not reassign', () => {
    renderWithProviders(<BulkReassignment stores={[northwindFord]} isManager={false} />);

    expect(screen.getByRole('alert')).toHaveTextContent('Only managers may reassign customers in bulk.');
  }, SLOW);
});
