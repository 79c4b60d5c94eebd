import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Desk, GarageVehicle } from '../../../lib/api/types';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { CustomerDesks } from './customer-desks';

const CONTACT = 5001;
const STORE = 101;

function desk(over: Partial<Desk>): Desk {
  return {
    deskId: 1, dealId: 2, accountPlatformId: STORE, contactId: CONTACT, customerName: 'Ana Diaz', source: 'dealsheet', sourceId: 77, status: 'New',
    salesPersonId: '100001', salesPersonName: 'Sam Ortega', deskingProvider: 'Pando',
    vehicle: { vin: '', stockNumber: '', year: 2026, make: 'Toyota', model: 'Camry', trim: 'LE', isNew: true, price: 3_000_000, msrp: 0 },
    trades: [{ dealId: 2, vin: '', year: 2003, make: 'Honda', model: 'Accord', mileage: 120000, allowance: 0, payoff: 0 }],
    terms: { dealType: 'Retail', term: 60, rate: '7.5', down: 0, residualPercent: '0' },
    quote: { dealType: 'Retail', saleType: 'P', term: 60, rate: '7.5', down: 0, payment: 60_113, cashDue: 0 } as Desk['quote'],
    scans: [], notes: '', version: 1, createdAt: '2026-11-20T15:00:00Z', createdBy: '100001', updatedAt: '2026-11-20T15:00:00Z',
    ...over,
  };
}

const vehicle = {
  entityId: 77,
  accountPlatformId: STORE,
  currentVehicle: { year: 2003, make: 'Honda', model: 'Accord' },
  replacementVehicle: { year: 2026, make: 'Toyota', model: 'Camry', price: 30000 },
} as unknown as GarageVehicle;

/** deskServer keeps a customer's desks: the grouped search lists them, create adds one or refuses its fields. */
function deskServer(initial: Desk[]) {
  let desks = [...initial];
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post('*/api/desking/desk/grouped_search', () =>
      HttpResponse.json({ successful: true, data: [{ key: String(STORE), label: 'Northwind Toyota', count: desks.length, desks }] }),
    ),
    http.get(`*/crm/contacts/${CONTACT}/vehicles`, () => HttpResponse.json({ successful: true, data: { currentVehicles: [vehicle], previousVehicles: [], vehiclesOfInterest: [] } })),
    // The store's default terms: 36, 48 and 60 months with $0, $1,500 and $3,000 down for a purchase.
    http.post('*/api/desking/settings/get_dealer_settings', () =>
      HttpResponse.json({
        successful: true,
        data: {
          accountPlatformId: STORE, country: 'US', dealTypes: ['Retail', 'Lease'], isDeskingEnabled: true, deskingProvider: 'Pando', isCanada: false, province: 'OR', tax: {},
          defaultTerms: { P: { terms: [36, 48, 60], downs: [0, 150000, 300000] }, L: { terms: [24, 36, 39], downs: [0, 100000, 200000] } },
        },
      }),
    ),
    http.post('*/api/desking/desk/create', async ({ request }) => {
      const body = (await request.json()) as { terms: { term: number } };
      sent.push(body);
      if (body.terms.term === 0) {
        return HttpResponse.json({ successful: false, errorMessages: ['The payment cannot be computed from these numbers.'], fieldErrors: { 'terms.term': ['Enter a term from 1 to 120 months.'] } }, { status: 400 });
      }
      const d = desk({ deskId: 2, createdAt: '2026-11-21T15:00:00Z', quote: { ...desk({}).quote, payment: 50_000 } });
      desks = [d, ...desks];
      return HttpResponse.json({ successful: true, data: d });
    }),
  );
  return sent;
}

describe('CustomerDesks', () => {
  it('lists the desks with their vehicle, payment and status', async () => {
    deskServer([desk({})]);
    renderWithProviders(<CustomerDesks contactId={CONTACT} storeId={STORE} canEdit />);
    const list = await screen.findByRole('list', { name: 'Customer desks' });
    expect(within(list).getByText('2026 Toyota Camry LE')).toBeInTheDocument();
    expect(within(list).getByText(/\$601\.13\/mo · 60 mo · \$0\.00 down/)).toBeInTheDocument();
    expect(within(list).getByText('New')).toBeInTheDocument();
  });

  it('desks a deal sheet at the store\'s middle default term and down payment, showing a refused field on it, and lists the new desk', async () => {
    const sent = deskServer([]);
    renderWithProviders(<CustomerDesks contactId={CONTACT} storeId={STORE} canEdit />);
    expect(await screen.findByText('The customer has not been desked.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Desk it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desk it' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Deal sheet' }));
    await userEvent.click(await screen.findByRole('option', { name: /2003 Honda Accord → 2026 Toyota Camry/ }));
    const term = within(dialog).getByRole('textbox', { name: 'Term (months)' });
    await waitFor(() => expect(term).toHaveValue('48'));
    expect(within(dialog).getByRole('textbox', { name: 'Down payment ($)' })).toHaveValue('1,500');
    await userEvent.clear(term);
    await userEvent.type(term, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desk it' }));
    expect(await within(dialog).findByText('Enter a term from 1 to 120 months.')).toBeInTheDocument();
    await userEvent.clear(term);
    await userEvent.type(term, '72');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desk it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Desk it' })).not.toBeInTheDocument());
    expect(sent[1]).toMatchObject({ source: 'dealsheet', entityId: 77, terms: { dealType: 'Retail', term: 72, down: 150000 } });
    expect(await screen.findByText(/\$500\.00\/mo/)).toBeInTheDocument();
  });

  it('hides Desk it from a user who may not edit the customer', async () => {
    deskServer([]);
    renderWithProviders(<CustomerDesks contactId={CONTACT} storeId={STORE} canEdit={false} />);
    expect(await screen.findByText('The customer has not been desked.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desk it' })).not.toBeInTheDocument();
  });
});

describe('PrintForms', () => {
  const form = (formId: number, name: string, category: string, paperSize: string) => ({ formId, accountPlatformId: 0, name, category, paperSize, sections: [], version: 1, createdAt: '', createdBy: '' });
  const forms = [form(9, "Buyer's Order", 'Sales', 'letter'), form(10, 'Credit Application Summary', 'Credit', 'legal')];

  it('chooses a packet, which chooses its forms, and prints them as one PDF', async () => {
    deskServer([desk({})]);
    const rendered: Record<string, unknown>[] = [];
    const searched: Record<string, unknown>[] = [];
    server.use(
      http.get('*/users/currentUser', () => HttpResponse.json({ successful: true, data: { UserId: '100001', Roles: ['SalesPerson'] } })),
      http.post('*/api/form/search', () => HttpResponse.json({ successful: true, data: forms })),
      http.post('*/api/packet/search', async ({ request }) => {
        searched.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ successful: true, data: [{ packetId: 5, accountPlatformId: STORE, name: 'Delivery Packet', formIds: [9, 10], forms, version: 1, createdAt: '' }] });
      }),
      http.post('*/api/form/render', async ({ request }) => {
        rendered.push((await request.json()) as Record<string, unknown>);
        return new HttpResponse('%PDF-1.3 test', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    URL.createObjectURL = () => 'blob:printed';
    URL.revokeObjectURL = () => undefined;
    renderWithProviders(<CustomerDesks contactId={CONTACT} storeId={STORE} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Print forms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print forms' });
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeDisabled();
    await userEvent.click(await within(dialog).findByRole('combobox', { name: 'Packet' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Delivery Packet (2 forms)' }));
    expect(searched).toEqual([{ dealerId: STORE }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print 2 forms' }));
    expect(await within(dialog).findByRole('link', { name: 'Download Delivery Packet.pdf' })).toHaveAttribute('href', 'blob:printed');
    expect(rendered).toEqual([{ packetId: 5, deskId: 1 }]);
    // A sales person prints packets but does not manage them.
    expect(within(dialog).queryByRole('button', { name: 'Manage packets' })).not.toBeInTheDocument();
  });
});
