import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { PermittedUser, SaveLeadBody, Store } from '../../../lib/api/types';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { LEAD_CONFLICT_MESSAGE, type LeadRef } from '../lead-display';
import { AddLeadModal } from './add-lead-modal';
import { LeadActions } from './lead-actions';

const SLOW = 30_000;

const WORKER = { work: true, manage: false };
const MANAGER = { work: true, manage: true };

function lead(extra: Partial<LeadRef> = {}): LeadRef {
  return {
    crmLeadId: 77,
    version: 4,
    comments: 'Wants a hybrid',
    accountPlatformId: 102,
    leadStatusId: 1,
    displayStatusId: 1,
    leadTypeId: 1,
    leadSourceId: 0,
    salesPersonId: 'u-sales',
    bdcAgentId: '',
    contactName: 'Ana Lima',
    vehiclesOfInterest: [
      { crmLeadVoiId: 11, year: 2026, make: 'Honda', model: 'Accord', trim: 'Sport', isPrimary: true },
      { crmLeadVoiId: 12, year: 2026, make: 'Honda', model: 'CR-V', vin: '7FARW2H89SE012345' },
    ],
    tradeIns: [],
    ...extra,
  };
}

function staffMember(id: string, name: string, role: string): PermittedUser {
  const [first = '', last = ''] = name.split(' ');
  return {
    Id: id, UserId: id, Name: name, FirstName: first, LastName: last, Email: `${id}@example.com`, UserType: 1, UserStatus: 1, Active: true,
    PrimaryUserRole: role, Roles: [role], DMSUserId: '', AccountPlatformID: 102, AccountPlatformIDs: [102], AvatarBGColor: '', Permissions: [],
  };
}

/** Calls is what the handlers received: method, path and body. */
type Call = { method: string; path: string; body: unknown };

/**
 * leadCalls answers the lead calls the modals make; reply decides each answer (the default is
 * success) so a test plays the server's validation and conflicts.
 */
function leadCalls(reply: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    const call = { method: request.method, path: new URL(request.url).pathname, body: text ? (JSON.parse(text) as unknown) : undefined };
    calls.push(call);
    return call;
  };
  const ok = (data: unknown) => HttpResponse.json({ successful: true, data });
  server.use(
    http.post('*/api/CrmLead/leadsource/get', () =>
      HttpResponse.json({
        successful: true,
        data: [
          {
            accountPlatformId: 102,
            leadSources: [{ leadSourceId: 7, accountPlatformId: 102, name: 'AutoTrader' }, { leadSourceId: 8, accountPlatformId: 102, name: 'Walk-in' }],
            leadTypes: [{ leadTypeId: 1, name: 'Internet' }, { leadTypeId: 2, name: 'Phone' }],
          },
        ],
      }),
    ),
    http.post('*/core/users/withpermissions', () =>
      HttpResponse.json({ Success: true, Data: [staffMember('u-sales', 'Sam Ortega', 'SalesPerson'), staffMember('u-bdc', 'Bea Chen', 'BDCAgent')] }),
    ),
    http.all('*/api/CrmLead/*', async ({ request }) => {
      const call = await record(request);
      return reply(call) ?? ok({ crmLeadId: 77, version: 3, vehiclesOfInterest: [], tradeIns: [], addedId: 99 });
    }),
    http.all('*/api/crmlead/*', async ({ request }) => {
      const call = await record(request);
      return reply(call) ?? ok({ crmLeadId: 77, version: 3, salesPersonId: 'u-bdc', salesPersonName: 'Bea Chen', bdcAgentId: '', bdcAgentName: '', displayStatusId: 1 });
    }),
    http.post('*/pando/claimable_lead/assign_lead', async ({ request }) => {
      const call = await record(request);
      return reply(call) ?? ok({ crmLeadId: 77, version: 3, salesPersonId: 'u-sales', salesPersonName: 'Sam Ortega', bdcAgentId: '', bdcAgentName: '', displayStatusId: -1 });
    }),
  );
  return calls;
}

function fail(status: number, messages: string[], fieldErrors?: Record<string, string>) {
  return HttpResponse.json({ successful: false, errorMessages: messages, ...(fieldErrors ? { fieldErrors } : {}) }, { status });
}

async function openAction(user: ReturnType<typeof userEvent.setup>, item: string) {
  await user.click(screen.getByRole('button', { name: 'More actions for the lead of Ana Lima' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('lead actions and modals', () => {
  it('offers what the roles and the status allow', async () => {
    leadCalls();
    const user = userEvent.setup();
    const first = renderWithProviders(<LeadActions lead={lead()} name="the lead of Ana Lima" powers={WORKER} />);
    await user.click(screen.getByRole('button', { name: 'More actions for the lead of Ana Lima' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Add trade-in' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Choose vehicle of interest' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Reassign' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Assign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim the lead of Ana Lima' })).not.toBeInTheDocument();
    first.unmount();

    const second = renderWithProviders(<LeadActions lead={lead({ leadStatusId: 2, displayStatusId: 2 })} name="the lead of Ana Lima" powers={MANAGER} />);
    await user.click(screen.getByRole('button', { name: 'More actions for the lead of Ana Lima' }));
    const closed = await screen.findByRole('menu');
    expect(within(closed).getByRole('menuitem', { name: 'Change type and source' })).toBeInTheDocument();
    expect(within(closed).queryByRole('menuitem', { name: 'Add trade-in' })).not.toBeInTheDocument();
    expect(within(closed).queryByRole('menuitem', { name: 'Reassign' })).not.toBeInTheDocument();
    second.unmount();

    renderWithProviders(<LeadActions lead={lead({ displayStatusId: -2, salesPersonId: '' })} name="the lead of Ana Lima" powers={MANAGER} />);
    expect(screen.getByRole('button', { name: 'Claim the lead of Ana Lima' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions for the lead of Ana Lima' }));
    expect(await screen.findByRole('menuitem', { name: 'Assign' })).toBeInTheDocument();
  }, SLOW);

  it('adds a trade-in, showing the server validation on the fields', async () => {
    let refuse = true;
    const calls = leadCalls((call) => {
      if (call.method === 'POST' && refuse) {
        refuse = false;
        return fail(400, ['The trade-in is not valid.'], { vin: 'Enter a VIN of 17 letters and digits (no I, O or Q).', appraisedValue: 'The appraised value cannot be negative.' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<LeadActions lead={lead()} name="the lead of Ana Lima" powers={WORKER} />);
    await openAction(user, 'Add trade-in');
    const dialog = await screen.findByRole('dialog', { name: 'Add trade-in' });
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    await user.type(field('Year'), '2016');
    await user.type(field('Make'), 'Mazda');
    await user.type(field('Model'), '3');
    await user.type(field('Trim'), 'GS');
    await user.type(field('VIN'), 'JM1BM1');
    await user.type(field('Odometer'), 'ninety');
    await user.type(field('Payoff'), '4,200');
    await user.type(field('Appraised value'), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Add trade-in' }));

    // A number the form cannot read and a VIN of the wrong shape are named on their fields,
    // with the server's words, without a call.
    expect(await within(dialog).findByText('Enter the odometer as a whole number.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a VIN of 17 letters and digits (no I, O or Q).')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(field('Odometer'));
    await user.type(field('Odometer'), '91000');
    await user.clear(field('VIN'));
    await user.type(field('VIN'), 'JM1BM1J70G1234567');
    await user.click(within(dialog).getByRole('button', { name: 'Add trade-in' }));
    expect(await within(dialog).findByText('Enter a VIN of 17 letters and digits (no I, O or Q).')).toBeInTheDocument();
    expect(within(dialog).getByText('The appraised value cannot be negative.')).toBeInTheDocument();
    expect(field('VIN')).toHaveAttribute('aria-invalid', 'true');
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/CrmLead/77/trade',
      body: { year: 2016, make: 'Mazda', model: '3', trim: 'GS', vin: 'JM1BM1J70G1234567', stockNumber: '', odometer: 91000, payoff: 4200, appraisedValue: -5 },
    });

    await user.clear(field('VIN'));
    await user.clear(field('Appraised value'));
    await user.type(field('Appraised value'), '7800');
    await user.click(within(dialog).getByRole('button', { name: 'Add trade-in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls[1]?.body).toMatchObject({ vin: '', appraisedValue: 7800, payoff: 4200 });
    expect(await screen.findByText('The trade-in 2016 Mazda 3 GS is added.')).toBeInTheDocument();
  }, SLOW);

  it('changes the type and source, and shows a 409 as a clear message', async () => {
    let conflict = true;
    const calls = leadCalls((call) => {
      if (call.path.endsWith('/save') && conflict) {
        conflict = false;
        return fail(409, []);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<LeadActions lead={lead()} name="the lead of Ana Lima" powers={WORKER} />);
    await openAction(user, 'Change type and source');
    const dialog = await screen.findByRole('dialog', { name: 'Change lead type and source' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Lead type' })).toBeEnabled());
    expect(within(dialog).getByRole('combobox', { name: 'Lead type' })).toHaveValue('Internet');
    await user.click(within(dialog).getByRole('combobox', { name: 'Lead type' }));
    await user.click(await screen.findByRole('option', { name: 'Phone' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Lead source' }));
    await user.click(await screen.findByRole('option', { name: 'Walk-in' }));
    expect(within(dialog).getByRole('textbox', { name: 'Comments' })).toHaveValue('Wants a hybrid');
    await user.type(within(dialog).getByRole('textbox', { name: 'Comments' }), ', white');
    await user.click(within(dialog).getByRole('button', { name: 'Save type and source' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LEAD_CONFLICT_MESSAGE);

    // Opened again, the form starts from the lead as given and saves.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await openAction(user, 'Change type and source');
    const again = await screen.findByRole('dialog', { name: 'Change lead type and source' });
    await waitFor(() => expect(within(again).getByRole('combobox', { name: 'Lead type' })).toBeEnabled());
    await user.click(within(again).getByRole('combobox', { name: 'Lead source' }));
    await user.click(await screen.findByRole('option', { name: 'AutoTrader' }));
    await user.click(within(again).getByRole('button', { name: 'Save type and source' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/CrmLead/save', { crmLeadId: 77, version: 4, leadTypeId: 2, leadSourceId: 8, comments: 'Wants a hybrid, white' }],
      ['POST', '/api/CrmLead/save', { crmLeadId: 77, version: 4, leadTypeId: 1, leadSourceId: 7, comments: 'Wants a hybrid' }],
    ]);
  }, SLOW);

  it('reassigns a lead to users of its store, showing a refused user on its field', async () => {
    let refuse = true;
    const calls = leadCalls((call) => {
      if (call.path.endsWith('/assignments') && refuse) {
        refuse = false;
        return fail(400, ['The user cannot hold this lead.'], { bdcAgentId: "Choose a user of the lead's store." });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<LeadActions lead={lead()} name="the lead of Ana Lima" powers={MANAGER} />);
    await openAction(user, 'Reassign');
    const dialog = await screen.findByRole('dialog', { name: 'Reassign lead' });
    const sales = within(dialog).getByRole('combobox', { name: 'Sales person' });
    await waitFor(() => expect(sales).toHaveValue('Sam Ortega (SalesPerson)'));
    await user.click(within(dialog).getByRole('combobox', { name: 'BDC agent' }));
    await user.click(await screen.findByRole('option', { name: 'Bea Chen (BDCAgent)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save assignment' }));
    expect(await within(dialog).findByText("Choose a user of the lead's store.")).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save assignment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((c) => c.body)).toEqual([
      { salesPersonId: 'u-sales', bdcAgentId: 'u-bdc' },
      { salesPersonId: 'u-sales', bdcAgentId: 'u-bdc' },
    ]);
    expect(calls[0]?.path).toBe('/api/crmlead/77/assignments');
  }, SLOW);

  it('assigns an unclaimed lead, and says so when someone claimed it first', async () => {
    const calls = leadCalls((call) => (call.path.endsWith('/assign_lead') ? fail(409, ['Someone claimed this lead first: it is held by Kim Park.']) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<LeadActions lead={lead({ displayStatusId: -2, salesPersonId: '' })} name="the lead of Ana Lima" powers={MANAGER} />);
    await openAction(user, 'Assign');
    const dialog = await screen.findByRole('dialog', { name: 'Assign lead' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Assign to' })).toBeEnabled());
    await user.click(within(dialog).getByRole('combobox', { name: 'Assign to' }));
    await user.click(await screen.findByRole('option', { name: 'Sam Ortega (SalesPerson)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Someone claimed this lead first: it is held by Kim Park.');
    expect(calls).toEqual([{ method: 'POST', path: '/pando/claimable_lead/assign_lead', body: { crmLeadId: 77, userId: 'u-sales' } }]);
  }, SLOW);

  it('chooses a vehicle of interest', async () => {
    const calls = leadCalls();
    const user = userEvent.setup();
    renderWithProviders(<LeadActions lead={lead()} name="the lead of Ana Lima" powers={WORKER} />);
    await openAction(user, 'Choose vehicle of interest');
    const dialog = await screen.findByRole('dialog', { name: 'Choose vehicle of interest' });
    expect(within(dialog).getByRole('radio', { name: '2026 Honda Accord Sport' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: '2026 Honda CR-V' }));
    await user.click(within(dialog).getByRole('button', { name: 'Choose vehicle' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/CrmLead/77/voi/12', body: { crmLeadVoiId: 12, year: 2026, make: 'Honda', model: 'CR-V', vin: '7FARW2H89SE012345', isPrimary: true } },
    ]);
  }, SLOW);

  it('removes a vehicle of interest after a confirmation, and shows a refusal', async () => {
    let conflict = true;
    const calls = leadCalls((call) => {
      if (call.method === 'DELETE' && conflict) {
        conflict = false;
        return fail(409, ['The vehicles of a lost lead cannot be changed. Reactivate it first.']);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<LeadActions lead={lead()} name="the lead of Ana Lima" powers={WORKER} />);
    await openAction(user, 'Remove vehicle of interest');
    const dialog = await screen.findByRole('dialog', { name: 'Remove vehicle of interest' });
    const remove = within(dialog).getByRole('button', { name: 'Remove vehicle' });
    expect(remove).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: '2026 Honda CR-V' }));
    expect(within(dialog).getByText('Remove 2026 Honda CR-V from this lead? This cannot be undone.')).toBeInTheDocument();
    await user.click(remove);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The vehicles of a lost lead cannot be changed. Reactivate it first.');
    await user.click(remove);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/CrmLead/voi/12', 'DELETE /api/CrmLead/voi/12']);
  }, SLOW);

  it('adds a vehicle of interest', async () => {
    const calls = leadCalls();
    const user = userEvent.setup();
    renderWithProviders(<LeadActions lead={lead({ vehiclesOfInterest: [] })} name="the lead of Ana Lima" powers={WORKER} />);
    await openAction(user, 'Add vehicle of interest');
    const dialog = await screen.findByRole('dialog', { name: 'Add vehicle of interest' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Stock number' }), 'h2417');
    await user.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([{ method: 'POST', path: '/api/CrmLead/77/voi', body: { make: '', model: '', trim: '', vin: '', stockNumber: 'h2417' } }]);
  }, SLOW);
});

describe('AddLeadModal', () => {
  const stores: Store[] = [
    { AccountPlatformID: 102, Name: 'Northwind Honda', CXMDealerID: 'NW-H', Country: 'US' },
    { AccountPlatformID: 103, Name: 'Northwind Hyundai Vancouver', CXMDealerID: 'NW-Y', Country: 'CA' },
  ];

  it('adds a lead at a US store without consent, and asks a Canadian store for CASL consent', async () => {
    const calls = leadCalls((call) => (call.path.endsWith('/save') && (call.body as SaveLeadBody).accountPlatformId === 103 ? fail(400, ['The lead is not valid.'], { comments: 'The comments are too long.' }) : undefined));
    const user = userEvent.setup();
    let closed = 0;
    renderWithProviders(<AddLeadModal opened onClose={() => closed++} contactId={5001} contactName="Ana Lima" stores={stores} defaultStoreId={102} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add lead' });
    expect(within(dialog).getByRole('combobox', { name: 'Store' })).toHaveValue('Northwind Honda');
    expect(within(dialog).queryByRole('radiogroup', { name: /CASL consent/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Store' }));
    await user.click(await screen.findByRole('option', { name: 'Northwind Hyundai Vancouver' }));
    expect(within(dialog).getByRole('radio', { name: 'Express consent' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }));
    expect(await within(dialog).findByText('Choose how the customer consented to messages (CASL).')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Implied consent' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Comments' }), 'Walked in');
    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }));
    expect(await within(dialog).findByText('The comments are too long.')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ contactId: 5001, accountPlatformId: 103, isCanadianStore: true, caslConsent: 'implied', comments: 'Walked in' });

    await user.click(within(dialog).getByRole('combobox', { name: 'Store' }));
    await user.click(await screen.findByRole('option', { name: 'Northwind Honda' }));
    expect(within(dialog).queryByRole('radio', { name: 'Express consent' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(calls[1]?.body).toEqual({ contactId: 5001, accountPlatformId: 102, leadTypeId: 1, leadSourceId: 0, comments: 'Walked in', isCanadianStore: false });
  }, SLOW);
});
