import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { LeadsLogRow, SaveLeadBody } from '../../../lib/api/types';
import { mariaGonzalez, salesUser } from '../../../testing/fixtures';
import { contactPermission, contactStore, contactSummaries, currentUser, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

const SLOW = 30_000;

function leadRow(id: number, extra: Partial<LeadsLogRow> = {}): LeadsLogRow {
  const base = {
    crmLeadId: id, version: 2, accountId: 1, accountPlatformId: 101, contactId: 5001, contactName: 'Maria Gonzalez', contactPhone: '', contactEmail: '', responseTargetMinutes: 15, storeName: 'Northwind Ford',
    leadTypeId: 1, leadTypeName: 'Internet', leadSourceId: 7, leadSourceName: 'AutoTrader', leadStatusId: 1, leadStatusName: 'Active',
    displayStatusId: 1, isClaimable: false, salesPersonId: 'u-sales', salesPersonName: 'Sam Ortega', bdcAgentId: '', bdcAgentName: '', worked: true,
    reason: '', comments: '', providerId: '', providerSequence: '', hasRawDocument: false, vehiclesOfInterest: [], tradeIns: [],
    createdAt: new Date(Date.UTC(2026, 10, id, 15, 0)).toISOString(), createdBy: 'u-sales', updatedAt: '2026-11-01T09:00:00Z',
    updatedBy: 'u-sales', statusChangedAt: '2026-11-01T09:00:00Z', ...extra,
  };
  // Within open hours the response is due the target after the arrival.
  const due = new Date(Date.parse(base.createdAt) + base.responseTargetMinutes * 60_000).toISOString();
  return { responseDueAt: due, ...base };
}

/** customerLeadStore plays getLeads over a list that a save (a new lead) adds to. */
function customerLeadStore(initial: LeadsLogRow[]) {
  const leads = [...initial];
  const reads: unknown[] = [];
  const saves: SaveLeadBody[] = [];
  server.use(
    http.post('*/api/Lead/getLeads', async ({ request }) => {
      reads.push(await request.json());
      return HttpResponse.json({ successful: true, data: leads });
    }),
    http.post('*/api/CrmLead/save', async ({ request }) => {
      const body = (await request.json()) as SaveLeadBody;
      saves.push(body);
      const added = leadRow(30, { crmLeadId: 900, leadTypeId: body.leadTypeId ?? 1, leadTypeName: body.leadTypeId === 2 ? 'Phone' : 'Internet', leadSourceId: 0, leadSourceName: '', displayStatusId: -1, worked: false });
      leads.unshift(added);
      return HttpResponse.json({ successful: true, data: added });
    }),
    http.post('*/api/CrmLead/leadsource/get', () =>
      HttpResponse.json({ successful: true, data: [{ accountPlatformId: 101, leadSources: [], leadTypes: [{ leadTypeId: 1, name: 'Internet' }, { leadTypeId: 2, name: 'Phone' }] }] }),
    ),
  );
  return { leads, reads, saves };
}

function openLeadsTab() {
  server.use(currentUser(salesUser), ...userSettings().handlers, ...contactSummaries().handlers, contactPermission({}), ...contactStore(mariaGonzalez).handlers);
  return renderApp('/app/contact/5001?tab=leads');
}

describe('the profile Leads tab', () => {
  it("lists the customer's leads with their vehicles, the chosen one marked, and trade-ins", async () => {
    const store = customerLeadStore([
      leadRow(12, {
        displayStatusId: 6, leadStatusId: 6, leadStatusName: 'SoldPending', comments: 'Deposit taken',
        vehiclesOfInterest: [
          { crmLeadVoiId: 1, year: 2026, make: 'Ford', model: 'Escape' },
          { crmLeadVoiId: 2, year: 2026, make: 'Ford', model: 'Bronco', isPrimary: true },
        ],
        tradeIns: [{ crmLeadTradeId: 3, year: 2016, make: 'Mazda', model: '3', odometer: 91000, payoff: 4200, appraisedValue: 7800 }],
      }),
      leadRow(3, { leadTypeId: 2, leadTypeName: 'Phone', leadStatusId: 2, displayStatusId: 2, leadStatusName: 'Lost' }),
    ]);
    openLeadsTab();

    const section = await screen.findByRole('region', { name: 'Leads' });
    const cards = await within(section).findAllByRole('article');
    expect(cards).toHaveLength(2);
    const sold = cards[0]!;
    expect(sold).toHaveAccessibleName(/^Internet lead at Northwind Ford, Nov 12, 2026/);
    expect(within(sold).getByText('Sold Pending')).toBeInTheDocument();
    expect(within(sold).getByText('AutoTrader')).toBeInTheDocument();
    expect(within(sold).getByText('Sam Ortega')).toBeInTheDocument();
    expect(within(sold).getByText('Deposit taken')).toBeInTheDocument();
    const vois = within(sold).getByRole('list', { name: 'Vehicles of interest' });
    const bronco = within(vois).getByText('2026 Ford Bronco').closest('[role="listitem"]') as HTMLElement;
    expect(within(bronco).getByText('Chosen')).toBeInTheDocument();
    expect(within(vois).getAllByText('Chosen')).toHaveLength(1);
    expect(within(sold).getByRole('list', { name: 'Trade-ins' })).toHaveTextContent('2016 Mazda 3, 91,000 on the odometer, payoff $4,200, appraised $7,800');
    expect(within(cards[1]!).getByText('Lost')).toBeInTheDocument();
    expect(store.reads).toEqual([{ contactId: 5001 }]);
  }, SLOW);

  it('adds a lead from the tab and shows it', async () => {
    const store = customerLeadStore([]);
    const user = userEvent.setup();
    openLeadsTab();

    expect(await screen.findByText('This customer has no lead in your stores yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add lead' });
    expect(within(dialog).getByRole('combobox', { name: 'Store' })).toHaveValue('Northwind Ford');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Lead type' })).toBeEnabled());
    await user.click(within(dialog).getByRole('combobox', { name: 'Lead type' }));
    await user.click(await screen.findByRole('option', { name: 'Phone' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.saves).toEqual([{ contactId: 5001, accountPlatformId: 101, leadTypeId: 2, leadSourceId: 0, comments: '', isCanadianStore: false }]);
    const card = await screen.findByRole('article', { name: /^Phone lead at Northwind Ford/ });
    expect(within(card).getByText('New')).toBeInTheDocument();
  }, SLOW);
});
