import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { AppUser, UIDealerSettings } from '../../lib/api/types';
import { bareStoreSettings, bdcManagerUser, fullStoreSettings, managerUser, salesUser } from '../../testing/fixtures';
import { currentUser, uiDealerSettings, userSettings } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

/** noLeads answers the My Leads widget's counts: the user holds no lead. */
const noLeads = http.post('*/api/CrmLead/manager_dashboard/lead_count', () =>
  HttpResponse.json({ successful: true, data: { counts: [], claimLeadsEnabled: false, stores: [] } }),
);

function signedInAs(user: AppUser, settings: UIDealerSettings = fullStoreSettings) {
  server.use(currentUser(user), uiDealerSettings(settings), ...userSettings().handlers, noLeads);
}

async function widgetTitles(): Promise<string[]> {
  const main = await screen.findByRole('main');
  // The processes' counts and list close every dashboard, loaded after its widgets.
  await within(main).findByRole('region', { name: 'Processes' });
  const cards = await within(main).findAllByRole('region');
  return cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent ?? '');
}

describe('dashboards', () => {
  it('shows a manager the manager widgets, the service leads counted', async () => {
    signedInAs(managerUser);

    renderApp('/app/managerdashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Manager Dashboard' })).toBeInTheDocument();
    expect(await widgetTitles()).toEqual(['Dashboard', 'Team Management', 'Customer Engagement', 'Service Lead Management', 'Lead funnel and speed to lead', 'Processes']);
    const dashboard = screen.getByRole('region', { name: 'Dashboard' });
    expect(await within(dashboard).findByRole('group', { name: 'Calls: 0' })).toBeInTheDocument();
    const service = screen.getByRole('region', { name: 'Service Lead Management' });
    expect(await within(service).findByRole('button', { name: 'Service appointments: 0' })).toBeInTheDocument();
  });

  it('shows a BDC manager with BDC stores the BDC widgets', async () => {
    signedInAs(bdcManagerUser);

    renderApp('/app/bdcdashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'BDC Dashboard' })).toBeInTheDocument();
    expect(await widgetTitles()).toEqual(['Dashboard', 'Team Management', 'Customer Engagement', 'Lead funnel and speed to lead', 'Processes']);
  });

  it('shows everyone the sales dashboard', async () => {
    signedInAs(managerUser);

    renderApp('/app/salesdashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sales Dashboard' })).toBeInTheDocument();
    expect(await widgetTitles()).toEqual(['Dashboard', 'My Customer Engagement', 'My Leads', 'Processes']);
  });

  it('refuses a sales person the manager dashboard: their default instead, with a warning', async () => {
    signedInAs(salesUser);

    const { router } = renderApp('/app/managerdashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sales Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/salesdashboard');
    expect(await screen.findByText('You do not have access to the Manager dashboard.')).toBeInTheDocument();
    expect(screen.getAllByText('You do not have access to the Manager dashboard.')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Team Management' })).not.toBeInTheDocument();
  });

  it('refuses the BDC dashboard without BDC stores, sending a manager to the manager dashboard', async () => {
    signedInAs({ ...managerUser, Permissions: [...(managerUser.Permissions ?? []), 'pando.cxm.dashboard.bdc'] }, bareStoreSettings);

    const { router } = renderApp('/app/bdcdashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Manager Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/managerdashboard');
    expect(await screen.findByText('You do not have access to the BDC dashboard.')).toBeInTheDocument();
  });

  it.each([
    [managerUser, 'Manager dashboard', 'Manager Dashboard'],
    [bdcManagerUser, 'BDC dashboard', 'BDC Dashboard'],
    [salesUser, 'Sales dashboard', 'Sales Dashboard'],
  ])('offers the default dashboard on the home page: %#', async (who, link, heading) => {
    const user = userEvent.setup();
    signedInAs(who);
    renderApp('/app/default');

    await user.click(await screen.findByRole('link', { name: link }));

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('opens the dashboards the menu offers', async () => {
    const user = userEvent.setup();
    signedInAs(managerUser);
    renderApp('/app/default');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(await within(nav).findByRole('link', { name: 'Manager' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Manager Dashboard' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'BDC' })).not.toBeInTheDocument();
  });
});
