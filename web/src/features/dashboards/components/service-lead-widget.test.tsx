import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { ServiceLead } from '../../../lib/api/types';
import { dashboardCounts, serviceLeads } from '../../../testing/dashboard-handlers';
import { managerUser } from '../../../testing/fixtures';
import { currentUser, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

const noLeads = http.post('*/api/CrmLead/manager_dashboard/lead_count', () =>
  HttpResponse.json({ successful: true, data: { counts: [], claimLeadsEnabled: false, stores: [] } }),
);

function lead(kind: ServiceLead['Kind'], over: Partial<ServiceLead>): ServiceLead {
  return {
    Kind: kind,
    ContactId: 1001,
    ContactName: 'Maria Elena Gonzalez',
    AccountPlatformId: 2001,
    StoreName: 'Sunset Toyota',
    At: '2026-11-19T17:00:00Z',
    ClosedAt: null,
    Vehicle: '',
    Advisor: 'Riley Novak',
    Total: 0,
    ...over,
  };
}

const leads: ServiceLead[] = [
  lead('Appointments', { AppointmentId: 'AP-1001-000000000001', AppointmentStatus: 'Completed', Advisor: 'Sam Ortega' }),
  lead('Working', { RONumber: 'T-67188', Vehicle: '2021 Toyota Tacoma', Total: 159, ContactId: 1002, ContactName: 'Dana Whitfield' }),
  lead('Working', { RONumber: 'T-67190', Vehicle: '2022 Toyota RAV4', Total: 54.9 }),
  lead('Completed', { RONumber: 'T-67105', Vehicle: '2019 Toyota Camry', Total: 389.95, ClosedAt: '2026-11-19T22:00:00Z' }),
];

describe('service lead management widget', () => {
  it("shows a manager the range's service lead counts and lists a count's customers", async () => {
    const user = userEvent.setup();
    const slm = serviceLeads(leads);
    server.use(currentUser(managerUser), ...userSettings().handlers, noLeads, dashboardCounts({}).handler, ...slm.handlers);

    renderApp('/app/managerdashboard');

    const widget = await screen.findByRole('region', { name: 'Service Lead Management' });
    expect(within(widget).queryByText('Not available yet')).not.toBeInTheDocument();
    expect(await within(widget).findByRole('button', { name: 'Service appointments: 1' })).toBeInTheDocument();
    expect(within(widget).getByRole('button', { name: 'Completed: 1' })).toBeInTheDocument();
    const working = within(widget).getByRole('button', { name: 'Working: 2' });
    expect(slm.requests[0]).toEqual({ path: 'activitycount', body: { Range: '7', ForceRefresh: true } });

    await user.click(working);
    expect(working).toHaveAttribute('aria-pressed', 'true');
    const table = await within(widget).findByRole('table', { name: 'Service leads: Working' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('T-67188 · 2021 Toyota Tacoma');
    expect(within(rows[1]!).getByRole('link', { name: 'Dana Whitfield' })).toHaveAttribute('href', '/app/contact/1002');
    expect(slm.requests.at(-1)).toEqual({ path: 'activitydetails', body: { Range: '7', ForceRefresh: true, SlmActivityType: 'Working' } });

    await user.click(within(widget).getByRole('button', { name: 'Service appointments: 1' }));
    const appts = await within(widget).findByRole('table', { name: 'Service leads: Service appointments' });
    expect(within(appts).getAllByRole('row')[1]).toHaveTextContent('Sam Ortega');
  });

  it('says when there are no service leads of a kind', async () => {
    const user = userEvent.setup();
    server.use(currentUser(managerUser), ...userSettings().handlers, noLeads, dashboardCounts({}).handler, ...serviceLeads([]).handlers);

    renderApp('/app/managerdashboard');

    const widget = await screen.findByRole('region', { name: 'Service Lead Management' });
    await user.click(await within(widget).findByRole('button', { name: 'Completed: 0' }));
    expect(await within(widget).findByText('No service leads of this kind in the range.')).toBeInTheDocument();
  });

  it('shows the error when the counts cannot be read', async () => {
    server.use(
      currentUser(managerUser),
      ...userSettings().handlers,
      noLeads,
      dashboardCounts({}).handler,
      http.post('*/pando/pandoalertreporting/activitycount', () =>
        HttpResponse.json({ successful: false, errorMessages: ['Service leads need stores and dates.'] }, { status: 400 }),
      ),
    );

    renderApp('/app/managerdashboard');

    const widget = await screen.findByRole('region', { name: 'Service Lead Management' });
    expect(await within(widget).findByRole('alert')).toHaveTextContent('The service lead counts could not be loaded');
  });
});
