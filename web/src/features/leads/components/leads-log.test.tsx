import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { LeadsLogRow, LeadsLogSearchBody } from '../../../lib/api/types';
import { salesUser } from '../../../testing/fixtures';
import { currentUser, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

const SLOW = 30_000;

function row(id: number, name: string, extra: Partial<LeadsLogRow> = {}): LeadsLogRow {
  return {
    crmLeadId: id, version: 1, accountId: 1, accountPlatformId: 102, contactId: 5000 + id, contactName: name, storeName: 'Northwind Toyota',
    leadTypeId: 1, leadTypeName: 'Internet', leadSourceId: 7, leadSourceName: 'Northwind Web', leadStatusId: 1, leadStatusName: 'Active',
    displayStatusId: -2, isClaimable: true, salesPersonId: '', salesPersonName: '', bdcAgentId: '', bdcAgentName: '', worked: false,
    reason: '', comments: '', providerId: '', providerSequence: '', hasRawDocument: false, vehiclesOfInterest: [], tradeIns: [],
    createdAt: new Date(Date.UTC(2026, 10, 1, 9, id)).toISOString(), createdBy: 'adf-intake', updatedAt: '2026-11-01T09:00:00Z',
    updatedBy: 'adf-intake', statusChangedAt: '2026-11-01T09:00:00Z', ...extra,
  };
}

/**
 * leadsServer plays the leads calls over a list of leads: the search filters by status and
 * pages, the counts count per status, claims and transitions change the leads (refusing what
 * the server refuses), and the export answers CSV.
 */
function leadsServer(initial: LeadsLogRow[]) {
  const leads = [...initial];
  const searches: LeadsLogSearchBody[] = [];
  const calls: string[] = [];
  const handlers = [
    http.post('*/api/CrmLead/dashboard/search', async ({ request }) => {
      const body = (await request.json()) as LeadsLogSearchBody;
      searches.push(body);
      const list = leads.filter((l) => (body.selectedStatusTypes ?? [-2, -1, 1]).includes(l.displayStatusId));
      const size = body.pageSize ?? 25;
      const number = body.pageNumber ?? 1;
      return HttpResponse.json({
        successful: true,
        data: list.slice((number - 1) * size, number * size),
        pageData: { pageNumber: number, pageSize: size, totalRecords: list.length, pageTotal: Math.max(1, Math.ceil(list.length / size)) },
      });
    }),
    http.post('*/api/CrmLead/dashboard/count', () => {
      const ids = [-2, -1, 1, 6, 5, 2, 3, 4];
      return HttpResponse.json({ successful: true, data: ids.map((id) => ({ leadStatusId: id, name: String(id), count: leads.filter((l) => l.displayStatusId === id).length })) });
    }),
    http.post('*/api/CrmLead/leadsource/get', () =>
      HttpResponse.json({ successful: true, data: [{ accountPlatformId: 102, leadSources: [{ leadSourceId: 7, accountPlatformId: 102, name: 'Northwind Web' }], leadTypes: [{ leadTypeId: 1, name: 'Internet' }, { leadTypeId: 2, name: 'Phone' }] }] }),
    ),
    http.post('*/pando/claimable_lead/claim_lead', async ({ request }) => {
      const { crmLeadId } = (await request.json()) as { crmLeadId: number };
      calls.push(`claim ${crmLeadId}`);
      const l = leads.find((x) => x.crmLeadId === crmLeadId)!;
      if (l.salesPersonId) return HttpResponse.json({ successful: false, errorMessages: ['Someone else claimed this lead first.'] }, { status: 409 });
      Object.assign(l, { salesPersonId: 'u-sales', salesPersonName: 'Sam Ortega', displayStatusId: -1 });
      return HttpResponse.json({ successful: true, data: { crmLeadId, version: 2, salesPersonId: 'u-sales', salesPersonName: 'Sam Ortega', bdcAgentId: '', bdcAgentName: '', displayStatusId: -1 } });
    }),
    http.put('*/api/CrmLead/:id/:transition', async ({ params }) => {
      const id = Number(params.id);
      calls.push(`${params.transition} ${id}`);
      const l = leads.find((x) => x.crmLeadId === id)!;
      if (l.version > 5) return HttpResponse.json({ successful: false, errorMessages: ['A lost lead cannot be marked sold. Reactivate it first.'] }, { status: 409 });
      if (params.transition === 'mark_sold_pending') Object.assign(l, { leadStatusId: 6, displayStatusId: 6, worked: true });
      return HttpResponse.json({ successful: true, data: { ...l } });
    }),
    http.post('*/api/CrmLead/dashboard/export', async ({ request }) => {
      calls.push(`export ${JSON.stringify(await request.json())}`);
      const csv = 'Lead Id,Status,Claimable\n' + leads.map((l) => `${l.crmLeadId},${l.displayStatusId},${l.isClaimable ? 'Yes' : 'No'}`).join('\n') + '\n';
      return new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    }),
  ];
  return { leads, searches, calls, handlers };
}

function open(store: ReturnType<typeof leadsServer>, path = '/app/leadsdashboard') {
  server.use(currentUser(salesUser), ...userSettings().handlers, ...store.handlers);
  return renderApp(path);
}

afterEach(() => vi.restoreAllMocks());

describe('Leads Log', () => {
  it('lists the active leads of the user stores with the counts, and claims an unclaimed lead', async () => {
    const store = leadsServer([
      row(1, 'Ana Lima'),
      row(2, 'Ben Okafor', {
        displayStatusId: 1, salesPersonId: 'u-x', salesPersonName: 'Kim Park', worked: true,
        vehiclesOfInterest: [{ crmLeadVoiId: 21, year: 2026, make: 'Toyota', model: 'Camry' }, { crmLeadVoiId: 22, year: 2026, make: 'Toyota', model: 'RAV4', isPrimary: true }],
        tradeIns: [{ crmLeadTradeId: 23, year: 2016, make: 'Mazda', model: '3' }],
      }),
      row(3, 'Cy Dunn', { leadStatusId: 2, displayStatusId: 2 }),
    ]);
    const user = userEvent.setup();
    open(store);

    const table = await screen.findByRole('table', { name: 'Leads' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(store.searches[0]).toMatchObject({ accountPlatformIds: [101, 102], selectedStatusTypes: [-2, -1, 1], pageNumber: 1, pageSize: 25 });
    // A row shows the customer's chosen vehicle of interest and the trade-ins.
    const ben = within(table).getByRole('row', { name: 'Lead of Ben Okafor' });
    expect(within(ben).getByText('2026 Toyota RAV4')).toBeInTheDocument();
    expect(within(ben).queryByText('2026 Toyota Camry')).not.toBeInTheDocument();
    expect(within(ben).getByText('Trade-in: 2016 Mazda 3')).toBeInTheDocument();
    const statuses = screen.getByRole('group', { name: 'Lead status' });
    expect(await within(statuses).findByRole('checkbox', { name: 'Unclaimed (1)' })).toBeChecked();
    expect(within(statuses).getByRole('checkbox', { name: 'Lost (1)' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Claim the lead of Ana Lima' }));
    const ana = await screen.findByRole('row', { name: 'Lead of Ana Lima' });
    await waitFor(() => expect(within(ana).getByText('New')).toBeInTheDocument());
    expect(within(ana).getByText('Sam Ortega')).toBeInTheDocument();
    expect(within(ana).queryByRole('button', { name: /Claim/ })).not.toBeInTheDocument();
    expect(store.calls).toEqual(['claim 1']);

    // Adding Lost to the statuses searches again with it, from page 1.
    await user.click(within(statuses).getByRole('checkbox', { name: 'Lost (1)' }));
    await screen.findByRole('row', { name: 'Lead of Cy Dunn' });
    expect(store.searches.at(-1)?.selectedStatusTypes).toEqual([-2, -1, 1, 2]);
  }, SLOW);

  it('changes a status through the modal, and shows a refusal in it', async () => {
    const store = leadsServer([row(1, 'Ana Lima', { displayStatusId: -1, salesPersonId: 'u-sales', salesPersonName: 'Sam Ortega' }), row(2, 'Ben Okafor', { displayStatusId: 1, version: 9 })]);
    const user = userEvent.setup();
    open(store);

    await user.click(await screen.findByRole('button', { name: 'Change the status of the lead of Ana Lima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change lead status' });
    expect(within(dialog).getByRole('radio', { name: 'Lost' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: 'Reactivate' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Sold (pending delivery)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Deposit taken');
    await user.click(within(dialog).getByRole('button', { name: 'Save status' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.calls).toEqual(['mark_sold_pending 1']);
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Lead of Ana Lima' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Change the status of the lead of Ben Okafor' }));
    const again = await screen.findByRole('dialog', { name: 'Change lead status' });
    await user.click(within(again).getByRole('radio', { name: 'Sold (pending delivery)' }));
    await user.click(within(again).getByRole('button', { name: 'Save status' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent('A lost lead cannot be marked sold. Reactivate it first.');
  }, SLOW);

  it('pages through the results with the page in the address', async () => {
    const store = leadsServer(Array.from({ length: 30 }, (_, i) => row(i + 1, `Customer ${i + 1}`)));
    const user = userEvent.setup();
    const { router } = open(store);

    const pages = await screen.findByRole('navigation', { name: 'Result pages' });
    expect(within(pages).getByText('Page 1 of 2 (30 leads)')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Leads' })).getAllByRole('row')).toHaveLength(6));
    expect(store.searches.at(-1)).toMatchObject({ pageNumber: 2, pageSize: 25 });
    expect(router.state.location.search).toContain('page=2');
  }, SLOW);

  it('exports the filtered leads as CSV and saves the file', async () => {
    const store = leadsServer([row(1, 'Ana Lima'), row(2, 'Ben Okafor')]);
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return 'blob:leads';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    open(store, '/app/leadsdashboard?type=2');

    await screen.findByRole('table', { name: 'Leads' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(store.calls).toEqual([`export ${JSON.stringify({ accountPlatformIds: [101, 102], selectedStatusTypes: [-2, -1, 1], leadTypeIds: [2] })}`]);
    expect(await created[0]?.text()).toBe('Lead Id,Status,Claimable\n1,-2,Yes\n2,-2,Yes\n');
    expect(await screen.findByText('The Leads Log export is downloaded.')).toBeInTheDocument();
  }, SLOW);
});
