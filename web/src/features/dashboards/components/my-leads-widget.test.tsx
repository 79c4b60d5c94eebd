import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { LeadsLogSearchBody } from '../../../lib/api/types';
import { salesUser } from '../../../testing/fixtures';
import { currentUser, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

/** leadCounts answers the dashboard's lead counts and records each request's body. */
function leadCounts(counts: Record<number, number>, status = 200) {
  const bodies: unknown[] = [];
  const handler = http.post('*/api/CrmLead/manager_dashboard/lead_count', async ({ request }) => {
    bodies.push(await request.json());
    if (status !== 200) return HttpResponse.json({ successful: false, errorMessages: ['The store is not available.'] }, { status });
    const ids = [-2, -1, 1, 6, 5, 2, 3, 4];
    return HttpResponse.json({
      successful: true,
      data: { counts: ids.map((id) => ({ leadStatusId: id, name: String(id), count: counts[id] ?? 0 })), claimLeadsEnabled: true, stores: [] },
    });
  });
  return { bodies, handler };
}

/** leadsLog answers the Leads Log's calls with no leads and records the searches. */
function leadsLog() {
  const searches: LeadsLogSearchBody[] = [];
  const handlers = [
    http.post('*/api/CrmLead/dashboard/search', async ({ request }) => {
      searches.push((await request.json()) as LeadsLogSearchBody);
      return HttpResponse.json({ successful: true, data: [], pageData: { pageNumber: 1, pageSize: 25, totalRecords: 0, pageTotal: 0 } });
    }),
    http.post('*/api/CrmLead/dashboard/count', () => HttpResponse.json({ successful: true, data: [] })),
    http.post('*/api/CrmLead/leadsource/get', () => HttpResponse.json({ successful: true, data: [] })),
  ];
  return { searches, handlers };
}

describe('My Leads', () => {
  it('counts the leads the user holds per status and opens the Leads Log filtered to them', async () => {
    const user = userEvent.setup();
    const counts = leadCounts({ [-1]: 3, 1: 2, 6: 1 });
    const log = leadsLog();
    server.use(currentUser(salesUser), ...userSettings().handlers, counts.handler, ...log.handlers);

    const { router } = renderApp('/app/salesdashboard');

    const widget = await screen.findByRole('region', { name: 'My Leads' });
    const table = await within(widget).findByRole('table', { name: 'My leads by status' });
    expect(within(table).getByRole('link', { name: 'New: 3 leads' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Active: 2 leads' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Sold Pending: 1 leads' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: /Unclaimed/ })).not.toBeInTheDocument();
    expect(counts.bodies).toEqual([{ assignedUserId: salesUser.UserId }]);

    await user.click(within(table).getByRole('link', { name: 'New: 3 leads' }));

    expect(router.state.location.pathname).toBe('/app/leadsdashboard');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.getAll('status')).toEqual(['-1']);
    expect(params.get('assigned')).toBe(salesUser.UserId);
    await waitFor(() => expect(log.searches.length).toBeGreaterThan(0));
    expect(log.searches.at(-1)).toMatchObject({ selectedStatusTypes: [-1], assignedUserId: salesUser.UserId });
    expect(screen.getByText('Only the leads of one assignee')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: "Show everyone's leads" }));

    await waitFor(() => expect(log.searches.at(-1)?.assignedUserId).toBeUndefined());
    expect(log.searches.at(-1)?.selectedStatusTypes).toEqual([-1]);
  });

  it('says so when the counts cannot be loaded', async () => {
    const counts = leadCounts({}, 503);
    server.use(currentUser(salesUser), ...userSettings().handlers, counts.handler);

    renderApp('/app/salesdashboard');

    const widget = await screen.findByRole('region', { name: 'My Leads' });
    expect(await within(widget).findByRole('alert')).toHaveTextContent('Your lead counts could not be loaded');
    expect(within(widget).queryByRole('link')).not.toBeInTheDocument();
  });
});
