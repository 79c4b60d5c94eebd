import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { dashboardCounts, serviceLeads, teamOf } from '../../../testing/dashboard-handlers';
import { managerUser, salesUser } from '../../../testing/fixtures';
import { currentUser, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

const noLeads = http.post('*/api/CrmLead/manager_dashboard/lead_count', () =>
  HttpResponse.json({ successful: true, data: { counts: [], claimLeadsEnabled: false, stores: [] } }),
);

describe('dashboard screen', () => {
  it("shows a manager the range's counts, the trend and the per-person bars, each readable as a table", async () => {
    const counts = dashboardCounts({ calls: 4, emails: 2, texts: 1, leadsCreated: 3 }, [
      { userId: '100001', userName: 'Sam Ortega', counts: { calls: 3, emails: 1, texts: 0 } },
      { userId: '100002', userName: 'Morgan Reyes', counts: { calls: 1, emails: 1, texts: 1 } },
    ]);
    server.use(currentUser(managerUser), ...userSettings().handlers, noLeads, counts.handler, ...serviceLeads().handlers);

    renderApp('/app/managerdashboard');

    const dashboard = await screen.findByRole('region', { name: 'Dashboard' });
    expect(await within(dashboard).findByRole('group', { name: 'Calls: 4' })).toBeInTheDocument();
    expect(within(dashboard).getByRole('group', { name: 'New leads: 3' })).toBeInTheDocument();
    const trend = within(dashboard).getByRole('table', { name: 'Calls, e-mails and texts per day' });
    expect(within(trend).getAllByRole('row')).toHaveLength(8);
    expect(within(trend).getByRole('rowheader', { name: '2026-11-20' }).closest('tr')).toHaveTextContent('7');

    const engagement = screen.getByRole('region', { name: 'Customer Engagement' });
    const bars = await within(engagement).findByRole('table', { name: 'Calls, e-mails and texts by person' });
    expect(within(bars).getByRole('rowheader', { name: 'Sam Ortega' }).closest('tr')).toHaveTextContent('4');
    expect(counts.requests.map((r) => r.body)).toContainEqual({ range: '7' });
  });

  it('reads the chosen date range again and keeps it in the URL', async () => {
    const user = userEvent.setup();
    const counts = dashboardCounts({ calls: 1 });
    server.use(currentUser(managerUser), ...userSettings().handlers, noLeads, counts.handler, ...serviceLeads().handlers);

    const { router } = renderApp('/app/managerdashboard');
    await screen.findByRole('group', { name: 'Calls: 1' });

    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.click(await screen.findByRole('option', { name: 'Last 30 days' }));

    await waitFor(() => expect(counts.requests.map((r) => r.body)).toContainEqual({ range: '30' }));
    expect(new URLSearchParams(router.state.location.search).get('range')).toBe('30');
  });

  it("lists the team with their counts and shows a stage's leads from the funnel", async () => {
    const user = userEvent.setup();
    server.use(
      currentUser(managerUser),
      ...userSettings().handlers,
      noLeads,
      ...serviceLeads().handlers,
      teamOf([{ userId: '100001', userName: 'Sam Ortega', roles: ['SalesPerson'], counts: { calls: 5, emails: 0, texts: 2, tasksCompleted: 1, appointmentsSet: 1, leadsSold: 0 } }]),
      http.post('*/api/Activity/summary/funnel', () =>
        HttpResponse.json({
          successful: true,
          data: { beginDate: '', endDate: '', steps: [['leads', 2], ['contacted', 1], ['appointmentSet', 1], ['shown', 0], ['sold', 0]].map(([stage, count]) => ({ stage, count })) },
        }),
      ),
      http.post('*/api/Activity/detail/sample', async ({ request }) => {
        const body = (await request.json()) as { stage: string };
        const lead = { crmLeadId: 77, contactId: 9, accountPlatformId: 2001, leadSourceId: 1, userId: '100001', userName: 'Sam Ortega', contactName: 'Maria Gonzalez', day: '2026-11-20', arrivedAt: '2026-11-20T17:00:00Z', firstHumanResponseMinutes: 12, firstAutomatedReplyMinutes: 1, firstTwoWayExchangeMinutes: null };
        return HttpResponse.json({ successful: true, data: body.stage === 'contacted' ? [lead] : [], pageData: { pageTotal: 1, pageNumber: 1, pageSize: 10, totalRecords: 1 } });
      }),
    );

    renderApp('/app/managerdashboard');

    const team = await screen.findByRole('region', { name: 'Team Management' });
    const rows = within(await within(team).findByRole('table', { name: 'Team activity' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Sam Ortega');
    expect(rows[1]).toHaveTextContent('5');

    const funnel = screen.getByRole('region', { name: 'Lead funnel and speed to lead' });
    const chart = await within(funnel).findByRole('table', { name: 'Lead funnel' });
    expect(within(chart).getByRole('rowheader', { name: 'Contacted' }).closest('tr')).toHaveTextContent('1');
    await user.click(within(funnel).getByRole('button', { name: 'Contacted (1)' }));
    const leads = await within(funnel).findByRole('table', { name: 'Leads: Contacted' });
    expect(within(leads).getByRole('link', { name: 'Maria Gonzalez' })).toHaveAttribute('href', '/app/contact/9');
    expect(within(leads).getByText('12 min')).toBeInTheDocument();
    expect(within(funnel).getByRole('table', { name: 'Speed to lead in business hours' })).toBeInTheDocument();
  });

  it("shows a sales person their own engagement and leads, and no team", async () => {
    server.use(currentUser(salesUser), ...userSettings().handlers, noLeads, dashboardCounts({ calls: 2 }).handler);

    renderApp('/app/salesdashboard');

    const mine = await screen.findByRole('region', { name: 'My Customer Engagement' });
    expect(await within(mine).findByRole('group', { name: 'Calls: 2' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'My Leads' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Team Management' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lead funnel and speed to lead' })).not.toBeInTheDocument();
  });
});
