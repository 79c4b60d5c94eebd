import { act, screen, waitFor, within } from '@testing-library/react';
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
  const base = {
    crmLeadId: id, version: 1, accountId: 1, accountPlatformId: 102, contactId: 5000 + id, contactName: name, contactPhone: '', contactEmail: '', responseTargetMinutes: 15, storeName: 'Northwind Toyota',
    leadTypeId: 1, leadTypeName: 'Internet', leadSourceId: 7, leadSourceName: 'Northwind Web', leadStatusId: 1, leadStatusName: 'Active',
    displayStatusId: -2, isClaimable: true, salesPersonId: '', salesPersonName: '', bdcAgentId: '', bdcAgentName: '', worked: false,
    reason: '', comments: '', providerId: '', providerSequence: '', hasRawDocument: false, vehiclesOfInterest: [], tradeIns: [],
    createdAt: new Date(Date.UTC(2026, 10, 1, 9, id)).toISOString(), createdBy: 'adf-intake', updatedAt: '2026-11-01T09:00:00Z',
    updatedBy: 'adf-intake', statusChangedAt: '2026-11-01T09:00:00Z', ...extra,
  };
  // Within open hours the response is due the target after the arrival.
  const due = new Date(Date.parse(base.createdAt) + base.responseTargetMinutes * 60_000).toISOString();
  return { responseDueAt: due, ...base };
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
      const text = body.text?.toLowerCase() ?? '';
      const list = leads.filter((l) => (body.selectedStatusTypes ?? [-2, -1, 1]).includes(l.displayStatusId) && l.contactName.toLowerCase().includes(text));
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
    // Adding a vehicle answers the lead's vehicles; the search, read from an index, does not
    // show the vehicle yet (as an index read right after a write may not).
    http.post('*/api/CrmLead/:id/voi', async ({ params, request }) => {
      const id = Number(params.id);
      const v = (await request.json()) as { stockNumber: string };
      calls.push(`voi ${id}`);
      return HttpResponse.json({ successful: true, data: { crmLeadId: id, version: 2, addedId: 31, vehiclesOfInterest: [{ crmLeadVoiId: 31, stockNumber: v.stockNumber.toUpperCase(), isPrimary: true }] } });
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

const desktopMatchMedia = window.matchMedia;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.matchMedia = desktopMatchMedia;
});

/** The time the speed tests read: the lead ages count to it. */
const NOW = Date.UTC(2026, 10, 20, 16, 0);
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

/** phoneScreen makes the page as wide as a phone (390 px): the log's media query matches. */
function phoneScreen() {
  window.matchMedia = vi.fn(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as unknown as MediaQueryList,
  );
}

/**
 * resizableScreen makes the page's width a thing the test changes: the returned function makes
 * it phone-wide (true) or desk-wide (false) and tells the media queries' listeners.
 */
function resizableScreen() {
  let phone = false;
  const listeners = new Set<(e: { matches: boolean }) => void>();
  window.matchMedia = vi.fn(
    (query: string) =>
      ({
        get matches() {
          return query.includes('max-width') && phone;
        },
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.add(l),
        removeEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.delete(l),
        dispatchEvent: vi.fn(),
      }) as unknown as MediaQueryList,
  );
  return (next: boolean) => {
    phone = next;
    act(() => listeners.forEach((l) => l({ matches: next })));
  };
}

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

  it('changes a status through the modal, keeps the row with what happened until the user moves on, and shows a refusal', async () => {
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

    // The log reads the leads again; Ana's lead no longer matches the active filter, yet it stays
    // in its place, as it now is, saying what happened.
    await waitFor(() => expect(store.searches.length).toBeGreaterThan(1));
    const table = screen.getByRole('table', { name: 'Leads' });
    const ana = within(table).getByRole('row', { name: 'Lead of Ana Lima' });
    expect(within(ana).getByText('Sold Pending')).toBeInTheDocument();
    expect(within(ana).getByRole('status')).toHaveTextContent('Status changed to Sold Pending. It no longer matches the filter');
    expect(within(table).getAllByRole('row').map((r) => r.getAttribute('aria-label'))).toEqual([null, 'Lead of Ana Lima', 'Lead of Ben Okafor']);

    await user.click(screen.getByRole('button', { name: 'Change the status of the lead of Ben Okafor' }));
    const again = await screen.findByRole('dialog', { name: 'Change lead status' });
    await user.click(within(again).getByRole('radio', { name: 'Sold (pending delivery)' }));
    await user.click(within(again).getByRole('button', { name: 'Save status' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent('A lost lead cannot be marked sold. Reactivate it first.');
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));

    // Moving on (another filter) shows the leads as the filter finds them.
    const statuses = screen.getByRole('group', { name: 'Lead status' });
    await user.click(within(statuses).getByRole('checkbox', { name: /^Unclaimed/ }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Lead of Ana Lima' })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: 'Lead of Ben Okafor' })).toBeInTheDocument();
  }, SLOW);

  it('keeps an open dialog, and what was typed in it, when the screen turns phone-sized and back', async () => {
    const resize = resizableScreen();
    const store = leadsServer([row(1, 'Ana Lima', { displayStatusId: -1, salesPersonId: 'u-sales', salesPersonName: 'Sam Ortega' })]);
    const user = userEvent.setup();
    open(store);

    await user.click(await screen.findByRole('button', { name: 'Change the status of the lead of Ana Lima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change lead status' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Deposit taken');

    resize(true);
    expect(await screen.findByRole('list', { name: 'Leads' })).toBeInTheDocument();
    resize(false);
    expect(await screen.findByRole('table', { name: 'Leads' })).toBeInTheDocument();

    const still = screen.getByRole('dialog', { name: 'Change lead status' });
    expect(within(still).getByRole('textbox', { name: 'Reason' })).toHaveValue('Deposit taken');
  }, SLOW);

  it("shows each customer's phone and e-mail, and the lead's age coloured against the store's target", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const store = leadsServer([
      row(1, 'Ana Lima', { createdAt: minutesAgo(20), contactPhone: '(503) 555-0134', contactEmail: 'ana@example.com' }),
      row(2, 'Ben Okafor', { createdAt: minutesAgo(10), displayStatusId: 1 }),
      row(3, 'Cy Dunn', { createdAt: minutesAgo(4), displayStatusId: 1 }),
      row(4, 'Dee Ray', { createdAt: minutesAgo(90), displayStatusId: 1, firstResponseSeconds: 240, firstRespondedAt: minutesAgo(86) }),
      row(5, 'Eve Stone', { createdAt: minutesAgo(60), displayStatusId: 1, firstResponseSeconds: 1500, responseTargetMinutes: 20 }),
    ]);
    open(store);

    const table = await screen.findByRole('table', { name: 'Leads' });
    const lead = (name: string) => within(table).getByRole('row', { name: `Lead of ${name}` });
    expect(within(lead('Ana Lima')).getByRole('link', { name: '(503) 555-0134' })).toHaveAttribute('href', 'tel:5035550134');
    expect(within(lead('Ana Lima')).getByRole('link', { name: 'ana@example.com' })).toHaveAttribute('href', 'mailto:ana@example.com');

    const ageOf = (name: string) => within(lead(name)).getByText(/^Waiting|^\d/);
    expect(ageOf('Ana Lima')).toHaveAccessibleName('Waiting 20 min, past the 15 min target');
    expect(ageOf('Ana Lima')).toHaveAttribute('data-tone', 'late');
    expect(ageOf('Ben Okafor')).toHaveAttribute('data-tone', 'due');
    expect(ageOf('Cy Dunn')).toHaveAttribute('data-tone', 'ok');
    expect(within(lead('Cy Dunn')).getByText('Not answered yet')).toBeInTheDocument();
    // An answered lead shows its first response time, against the target of its store.
    expect(ageOf('Dee Ray')).toHaveTextContent('1 h 30 min');
    expect(within(lead('Dee Ray')).getByText('First response 4 min')).toHaveAttribute('data-tone', 'ok');
    expect(within(lead('Eve Stone')).getByText('First response 25 min (target 20 min)')).toHaveAttribute('data-tone', 'late');
  }, SLOW);

  it('finds leads by text, with the text in the address', async () => {
    const store = leadsServer([row(1, 'Ana Lima'), row(2, 'Ben Okafor')]);
    const user = userEvent.setup();
    const { router } = open(store);

    await screen.findByRole('row', { name: 'Lead of Ana Lima' });
    await user.type(screen.getByRole('searchbox', { name: 'Find leads' }), 'okaf');
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Lead of Ana Lima' })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: 'Lead of Ben Okafor' })).toBeInTheDocument();
    await waitFor(() => expect(store.searches.at(-1)).toMatchObject({ text: 'okaf', pageNumber: 1 }));
    expect(router.state.location.search).toContain('q=okaf');

    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByRole('row', { name: 'Lead of Ana Lima' })).toBeInTheDocument();
  }, SLOW);

  it('shows a vehicle of interest added to a lead in its row at once, even before the search shows it', async () => {
    const store = leadsServer([row(1, 'Ana Lima', { displayStatusId: 1, salesPersonId: 'u-sales', salesPersonName: 'Sam Ortega', worked: true })]);
    const user = userEvent.setup();
    open(store);

    await screen.findByRole('row', { name: 'Lead of Ana Lima' });
    await user.click(screen.getByRole('button', { name: 'More actions for the lead of Ana Lima' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add vehicle of interest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add vehicle of interest' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Stock number' }), 'h2417');
    await user.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const ana = screen.getByRole('row', { name: 'Lead of Ana Lima' });
    expect(await within(ana).findByText('Stock H2417')).toBeInTheDocument();
    // The search read after the change (without the vehicle, at the older version) does not take it away.
    await waitFor(() => expect(store.searches.length).toBeGreaterThan(1));
    expect(within(screen.getByRole('row', { name: 'Lead of Ana Lima' })).getByText('Stock H2417')).toBeInTheDocument();
    expect(store.calls).toEqual(['voi 1']);
  }, SLOW);

  it('shows the leads as cards on a phone, with Claim at hand', async () => {
    phoneScreen();
    const store = leadsServer([row(1, 'Ana Lima', { contactPhone: '(503) 555-0134' }), row(2, 'Ben Okafor', { displayStatusId: 1, salesPersonName: 'Kim Park', salesPersonId: 'u-x' })]);
    const user = userEvent.setup();
    open(store);

    const list = await screen.findByRole('list', { name: 'Leads' });
    expect(screen.queryByRole('table', { name: 'Leads' })).not.toBeInTheDocument();
    const ana = within(list).getByRole('listitem', { name: 'Lead of Ana Lima' });
    expect(within(ana).getByRole('link', { name: '(503) 555-0134' })).toBeInTheDocument();
    expect(within(within(list).getByRole('listitem', { name: 'Lead of Ben Okafor' })).getByText('Held by Kim Park')).toBeInTheDocument();
    await user.click(within(ana).getByRole('button', { name: 'Claim the lead of Ana Lima' }));
    await waitFor(() => expect(within(ana).getByRole('status')).toHaveTextContent('You claimed this lead.'));
    expect(within(ana).getByText('New')).toBeInTheDocument();
    expect(store.calls).toEqual(['claim 1']);
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
