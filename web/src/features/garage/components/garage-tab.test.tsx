import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { DecodedVin, GarageVehicle } from '../../../lib/api/types';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { GarageTab } from './garage-tab';

const CONTACT = 42;
// Forms typed into on a busy two-core machine: give them room.
const SLOW = 60_000;

function vehicle(overrides: Partial<GarageVehicle> = {}): GarageVehicle {
  return {
    entityId: 7,
    contactId: CONTACT,
    accountPlatformId: 2001,
    status: 'current',
    noLongerOwns: false,
    ownershipConfirmed: false,
    currentVehicle: {
      vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', trim: 'EX-V6', bodyClass: 'Coupe', color: 'Silver',
      mileage: 120000, makeId: 474, modelId: 1861, mileageAsOf: '2026-11-20', checkDigitValid: true, purchaseDate: '', purchasedHere: false,
    },
    replacementVehicle: {},
    paymentCalc: { defaultContract: 0, contracts: [{ contractType: 'finance', lender: 'Honda Financial', termMonths: 60, rate: 4.9, payment: 389.5, payoff: 8250.5, startDate: '2023-01-15', maturityDate: '2028-01-15', paymentsLeft: 14 }] },
    hasOffer: false,
    tradeValue: null,
    equity: null,
    valueLog: [],
    version: 1,
    createdAt: '2026-11-20T16:00:00Z',
    createdBy: 'u-sales',
    updatedAt: '2026-11-20T16:00:00Z',
    updatedBy: 'u-sales',
    ...overrides,
  } as GarageVehicle;
}

/** garageStore is an in-memory garage behind the calls the tab makes. */
function garageStore(initial: GarageVehicle[]) {
  let vehicles = [...initial];
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const reply = (data: unknown) => HttpResponse.json({ successful: true, data });
  const change = (id: number, f: (v: GarageVehicle) => GarageVehicle) => {
    vehicles = vehicles.map((v) => (v.entityId === id ? { ...f(v), version: v.version + 1 } : v));
    return vehicles.find((v) => v.entityId === id);
  };
  const decoded: DecodedVin = {
    vin: '1HGCM82633A004352', decoded: true, checkDigitValid: true, expectedCheckDigit: '3', year: 2003, make: 'Honda', model: 'Accord', trim: 'EX-V6', bodyClass: 'Coupe', messages: [],
  } as DecodedVin;
  return {
    calls,
    handlers: [
      http.get(`*/crm/contacts/${CONTACT}/vehicles`, () =>
        reply({ currentVehicles: vehicles.filter((v) => !v.noLongerOwns), previousVehicles: vehicles.filter((v) => v.noLongerOwns), vehiclesOfInterest: [] }),
      ),
      http.get('*/vehicle/vin/:vin', ({ params }) => {
        const vin = String(params.vin);
        if (vin === decoded.vin) return reply(decoded);
        return reply({ ...decoded, vin, checkDigitValid: false, expectedCheckDigit: '3', messages: ['The check digit (position 9) is 4 but the other characters give 3: the VIN is mistyped or not a real one.'] });
      }),
      http.post(`*/crm/contacts/${CONTACT}/vehicles/current_vehicles`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.push({ path: 'current_vehicles', body });
        const v = vehicle({ entityId: 8, currentVehicle: { ...vehicle().currentVehicle, mileage: 5000 } });
        vehicles = [...vehicles, v];
        return reply(v);
      }),
      http.post('*/api/vehicle/current/update_payoff', async ({ request }) => {
        const body = (await request.json()) as { entityId: number; payoff: number };
        calls.push({ path: 'update_payoff', body });
        return reply(change(body.entityId, (v) => ({ ...v, paymentCalc: { ...v.paymentCalc, contracts: [{ ...v.paymentCalc.contracts![0]!, payoff: body.payoff }] } })));
      }),
      http.post('*/api/vehicle/garage/customer_does_not_own_vehicle', async ({ request }) => {
        const body = (await request.json()) as { entityId: number; reason: string; soldDate?: string };
        calls.push({ path: 'customer_does_not_own_vehicle', body });
        return reply(change(body.entityId, (v) => ({ ...v, status: body.reason === 'sold' ? 'sold' : 'notOwned', noLongerOwns: true, soldDate: body.soldDate ?? '2026-11-20' })));
      }),
      http.post('*/api/vehicle/garage/reopen', async ({ request }) => {
        const body = (await request.json()) as { entityId: number };
        calls.push({ path: 'reopen', body });
        return reply(change(body.entityId, (v) => ({ ...v, status: 'current', noLongerOwns: false, soldDate: undefined })));
      }),
    ],
  };
}

describe('GarageTab', () => {
  it('shows the current vehicle with its contract, updates the payoff and marks it as sold', async () => {
    const store = garageStore([vehicle()]);
    server.use(...store.handlers);
    const user = userEvent.setup();
    renderWithProviders(<GarageTab contactId={CONTACT} canEdit />);

    const card = await screen.findByRole('article', { name: '2003 Honda Accord' });
    expect(within(card).getByText('$389.50 / month')).toBeInTheDocument();
    expect(within(card).getByText('$8,250.50')).toBeInTheDocument();
    expect(within(card).getByText('2028-01-15 (14 payments left)')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Actions for 2003 Honda Accord' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Update payoff' }));
    const payoff = await screen.findByRole('textbox', { name: 'Payoff' });
    await user.clear(payoff);
    await user.type(payoff, '7000');
    await user.click(screen.getByRole('button', { name: 'Update payoff' }));
    await waitFor(() => expect(store.calls.map((c) => c.path)).toContain('update_payoff'));
    expect(store.calls[0]?.body).toMatchObject({ entityId: 7, version: 1, payoff: 7000 });
    expect(await within(await screen.findByRole('article', { name: '2003 Honda Accord' })).findByText('$7,000.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for 2003 Honda Accord' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark as sold' }));
    const form = await screen.findByRole('form', { name: 'Mark as sold' });
    await user.type(within(form).getByLabelText('Sold on'), '2026-11-19');
    await user.click(within(form).getByRole('button', { name: 'Mark as sold' }));

    const previous = await screen.findByRole('table', { name: 'Previously owned vehicles' });
    expect(await within(previous).findByText('Sold')).toBeInTheDocument();
    expect(within(previous).getByText('2026-11-19')).toBeInTheDocument();
    expect(store.calls.at(-1)?.body).toMatchObject({ entityId: 7, version: 2, reason: 'sold', soldDate: '2026-11-19' });
    expect(screen.getByText('No current vehicles')).toBeInTheDocument();

    await user.click(within(previous).getByRole('button', { name: 'Reopen 2003 Honda Accord' }));
    expect(await screen.findByRole('article', { name: '2003 Honda Accord' })).toBeInTheDocument();
  }, SLOW);

  it('decodes the VIN as it is typed, refuses a failing check digit and adds the vehicle', async () => {
    const store = garageStore([]);
    server.use(...store.handlers);
    const user = userEvent.setup();
    renderWithProviders(<GarageTab contactId={CONTACT} canEdit />);

    await user.click(await screen.findByRole('button', { name: 'Add vehicle' }));
    const vin = await screen.findByRole('textbox', { name: 'VIN' });
    await user.click(vin);
    await user.paste('1HGCM82643A004352');
    expect(await screen.findByText(/check digit \(position 9\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save vehicle' })).toBeDisabled();

    await user.clear(vin);
    await user.paste('1hgcm82633a004352');
    expect(await screen.findByText('2003 Honda Accord EX-V6 · Coupe')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Mileage' }), '5000');
    await user.click(screen.getByRole('button', { name: 'Save vehicle' }));

    await waitFor(() => expect(store.calls).toHaveLength(1));
    expect(store.calls[0]?.body).toMatchObject({ currentVehicle: { vin: '1HGCM82633A004352', mileage: 5000 }, paymentCalc: { contracts: [{ contractType: 'finance' }] } });
    expect(await screen.findByRole('article', { name: '2003 Honda Accord' })).toBeInTheDocument();
  }, SLOW);

  it('shows no actions to a user who may not edit the customer', async () => {
    server.use(...garageStore([vehicle()]).handlers);
    renderWithProviders(<GarageTab contactId={CONTACT} canEdit={false} />);
    expect(await screen.findByRole('article', { name: '2003 Honda Accord' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add vehicle' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('shows behind the score and appraises the vehicle at the version the user saw', async () => {
    const score = {
      value: 55,
      band: 'warm',
      factors: [
        { factor: 'equity', label: 'Equity position', detail: '$1,250 positive equity (trade value $9,500).', points: 6, minPoints: -25, maxPoints: 30, known: true },
        { factor: 'monthsRemaining', label: 'Months remaining', detail: '14 payments left; the contract matures on 2028-01-15.', points: 10, minPoints: -10, maxPoints: 25, known: true },
        { factor: 'mileage', label: 'Mileage vs allowance', detail: '120,000 mi against an allowance of 47,000 mi (255%).', points: 15, minPoints: 0, maxPoints: 15, known: true },
        { factor: 'recalls', label: 'Open recalls', detail: '1 open recall: a reason to bring the vehicle in.', points: 5, minPoints: 0, maxPoints: 15, known: true },
        { factor: 'age', label: 'Vehicle age', detail: 'A 2003 model: 23 years old.', points: 15, minPoints: 0, maxPoints: 15, known: true },
      ],
    };
    const store = garageStore([vehicle({ score } as Partial<GarageVehicle>)]);
    const created: Record<string, unknown>[] = [];
    server.use(
      ...store.handlers,
      http.get('*/api/VAuto/appraisal/GetUsers', () => HttpResponse.json({ successful: true, data: [{ id: 'va-1', name: 'Dana Whitfield', email: 'dana@example.com' }] })),
      http.post('*/api/VAuto/appraisal/get_latest_by_vin', () => HttpResponse.json({ successful: true, data: { entityId: 7, vin: '1HGCM82633A004352', appraisal: null } })),
      http.post('*/api/VAuto/appraisal/create', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        created.push(body);
        return HttpResponse.json({ successful: true, data: { appraisal: { id: 'A-1', value: 3400 }, vehicle: vehicle({ version: 2 }) } });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<GarageTab contactId={CONTACT} canEdit />);
    await user.click(await screen.findByRole('button', { name: /Opportunity score 55, Warm/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Behind the score' });
    const rows = within(within(dialog).getByRole('table', { name: 'Score factors' })).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(rows[1]).toHaveTextContent('Equity position$1,250 positive equity (trade value $9,500).+6of 30');
    expect(rows[4]).toHaveTextContent('1 open recall');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Behind the score' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Actions for 2003 Honda Accord' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Appraisal' }));
    const appraisal = await screen.findByRole('dialog', { name: 'Appraisal' });
    await within(appraisal).findByText('The 2003 Honda Accord has not been appraised yet.');
    await user.click(within(appraisal).getByRole('button', { name: 'Appraise' }));
    expect(await within(appraisal).findByText('Choose the appraiser.')).toBeInTheDocument();
    expect(created).toHaveLength(0);
    await user.click(within(appraisal).getByRole('combobox', { name: 'Appraiser' }));
    await user.click(await within(appraisal).findByRole('option', { name: 'Dana Whitfield' }));
    expect(within(appraisal).queryByText('Choose the appraiser.')).not.toBeInTheDocument();
    await user.click(within(appraisal).getByRole('button', { name: 'Appraise' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ entityId: 7, version: 1, odometer: 120000, condition: 'good', appraiserId: 'va-1' });
  }, SLOW);
});
