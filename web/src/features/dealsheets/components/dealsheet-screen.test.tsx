import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { DealsheetView } from '../../../lib/api/types';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { DealsheetScreen } from './dealsheet-screen';

const ENTITY = 7;
const SLOW = 60_000;

function quote(payment: number, term: number, down: number) {
  return { dealType: 'Retail', saleType: 'P', term, rate: '5.99', down, payment, cashDue: 0 };
}

function grid(base: number, terms = [48, 60, 72], downs = [0, 100000, 250000]) {
  return { terms, downs, cells: terms.map((t, i) => downs.map((d, j) => quote(base - i * 10000 - j * 2000, t, d))) };
}

function view(overrides: Partial<DealsheetView['sheet']> = {}): DealsheetView {
  return {
    vehicle: {
      entityId: ENTITY, contactId: 42, accountPlatformId: 2001, status: 'current', version: 3,
      currentVehicle: { year: 2021, make: 'Toyota', model: 'Corolla', trim: 'LE', vin: '', mileage: 41000 },
    },
    sheet: {
      entityId: ENTITY, contactId: 42, accountPlatformId: 2001, state: 'open', version: 1, unwinds: [], notes: [], offer: null, sale: null,
      structure: { dealType: 'Retail', price: 2840000, rate: '5.99', residualPercent: '55', fees: 0, rebates: 0, tradeAllowance: 0, payoff: 0, term: 60, down: 0, salesTax: '0' },
      replacement: { year: 2026, make: 'Toyota', model: 'Camry', trim: 'LE', msrp: 2840000, offBrand: false },
      ...overrides,
    },
    customerName: 'Maria Elena Gonzalez', storeName: 'Northwind Toyota', country: 'US',
    terms: { terms: [48, 60, 72], downs: [0, 100000, 250000] },
    quote: quote(54900, 60, 0), quoteError: '', grid: grid(66000), rateDisplay: '5.99',
    current: { saleType: 'P', lender: 'Toyota Financial', payment: 38950, payoff: 850000, paymentsLeft: 14, rateDisplay: '4.90', tradeValue: 1200000, equity: 350000 },
    dealTypes: ['Lease', 'Retail', 'Balloon', 'Cash', 'One-pay lease', 'Wholesale', 'Incomplete', 'Conquest', 'Converted'],
    offerStatuses: ['Pending', 'Accepted', 'Declined', 'Withdrawn'], unwindReasons: ['Financing not approved', 'Entered in error', 'Other'],
    discrepancyFields: ['other'], canEdit: true, conversion: null, taxLevies: [],
  } as unknown as DealsheetView;
}

function backend(initial: DealsheetView) {
  let current = initial;
  const recalcs: { structure: { term: number; down: number } }[] = [];
  const reply = (data: unknown) => HttpResponse.json({ successful: true, data });
  server.use(
    http.get(`*/api/Dealsheet/entity/${ENTITY}`, () => reply(current)),
    http.post(`*/api/Dealsheet/entity/${ENTITY}/vehicle_replacements`, () =>
      reply([{ year: 2026, make: 'Toyota', model: 'RAV4', trim: 'XLE', msrp: 3360000, offBrand: false, imageUrl: '', payment: 64900 }]),
    ),
    http.post(`*/api/Dealsheet/entity/${ENTITY}/ondemand_offbrand_vehicle_replacements`, () => reply([])),
    http.post('*/api/opportunities/payment_recalc', async ({ request }) => {
      const body = (await request.json()) as { structure: { term: number; down: number; price: number } };
      recalcs.push(body);
      // A payment that moves with the term and the down payment, as the engine's does.
      const payment = Math.round((body.structure.price - body.structure.down) / body.structure.term);
      return reply({ quote: quote(payment, body.structure.term, body.structure.down), grid: grid(payment + 10000), rateDisplay: '5.99' });
    }),
    http.post(`*/api/Dealsheet/entity/${ENTITY}/mark_as_sold`, async ({ request }) => {
      const body = (await request.json()) as { version: number };
      if (body.version !== current.sheet.version) {
        return HttpResponse.json({ successful: false, errorMessages: ['The deal sheet was changed by someone else. Reload it and try again.'] }, { status: 409 });
      }
      current = { ...current, sheet: { ...current.sheet, state: 'sold', version: current.sheet.version + 1, sale: { byName: 'Sam Ortega', payment: 54900, dealType: 'Retail' } } } as unknown as DealsheetView;
      return reply(current);
    }),
    http.post('*/api/Dealsheet/unwind', async ({ request }) => {
      const body = (await request.json()) as { reason: string };
      current = {
        ...current,
        sheet: { ...current.sheet, state: 'open', version: current.sheet.version + 1, sale: null, unwinds: [{ at: '2026-11-20T16:00:00Z', byName: 'Sam Ortega', reason: body.reason, notes: '' }] },
      } as unknown as DealsheetView;
      return reply(current);
    }),
  );
  return { recalcs };
}

describe('DealsheetScreen', () => {
  it('shows the current contract, the payment and the grid', async () => {
    backend(view());
    renderWithProviders(<DealsheetScreen entityId={ENTITY} />);
    expect(await screen.findByText('2021 Toyota Corolla LE')).toBeInTheDocument();
    expect(screen.getByText(/Finance \(P\) with Toyota Financial: \$389\.50 a month/)).toBeInTheDocument();
    expect(screen.getByLabelText('Chosen replacement')).toHaveTextContent('2026 Toyota Camry LE');
    expect(within(screen.getByRole('table', { name: 'Payment grid' })).getByText('72 months')).toBeInTheDocument();
  });

  it('opens the payment selection at the store\'s middle default term and down payment', async () => {
    const terms = [36, 48, 60];
    const downs = [0, 150000, 300000];
    const v = view({ structure: { ...view().sheet.structure, term: 48, down: 150000 } });
    backend({ ...v, terms: { terms, downs }, quote: quote(60000, 48, 150000), grid: grid(66000, terms, downs) } as DealsheetView);
    renderWithProviders(<DealsheetScreen entityId={ENTITY} />);
    expect(await screen.findByLabelText('Term (months)')).toHaveValue('48');
    expect(screen.getByLabelText('Down payment')).toHaveValue('$1,500');
    const rows = within(screen.getByRole('table', { name: 'Payment grid' })).getAllByRole('row');
    const pressed = rows.map((r) => within(r).queryAllByRole('button').map((b) => b.getAttribute('aria-pressed') === 'true'));
    expect(pressed).toEqual([[], [false, false, false], [false, true, false], [false, false, false]]);
  });

  it(
    'recalculates the payment as the term and down payment change',
    async () => {
      const { recalcs } = backend(view());
      const user = userEvent.setup();
      renderWithProviders(<DealsheetScreen entityId={ENTITY} />);
      const term = await screen.findByLabelText('Term (months)');
      await waitFor(() => expect(screen.getByTestId('payment')).toHaveTextContent('$473.33'));
      await user.clear(term);
      await user.type(term, '72');
      const down = screen.getByLabelText('Down payment');
      await user.clear(down);
      await user.type(down, '2000');
      // (28,400 − 2,000) / 72 months
      await waitFor(() => expect(screen.getByTestId('payment')).toHaveTextContent('$366.67'), { timeout: 5000 });
      expect(recalcs.at(-1)?.structure).toMatchObject({ term: 72, down: 200000 });
    },
    SLOW,
  );

  it(
    'marks the deal sold and unwinds it with a reason',
    async () => {
      backend(view());
      const user = userEvent.setup();
      renderWithProviders(<DealsheetScreen entityId={ENTITY} />);
      await user.click(await screen.findByRole('button', { name: 'Mark sold' }));
      await waitFor(() => expect(screen.getByLabelText('Deal state')).toHaveTextContent('Sold'));
      await user.click(screen.getByRole('button', { name: 'Unwind' }));
      const dialog = await screen.findByRole('dialog', { name: 'Unwind the deal' });
      const confirm = within(dialog).getByRole('button', { name: 'Unwind' });
      expect(confirm).toBeDisabled();
      await user.click(within(dialog).getByRole('combobox', { name: /^Reason/ }));
      await user.click(await screen.findByRole('option', { name: 'Financing not approved' }));
      await user.click(confirm);
      await waitFor(() => expect(screen.getByLabelText('Deal state')).toHaveTextContent('Open'));
      expect(screen.getByText(/Unwound by Sam Ortega: Financing not approved/)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    "shows the turn predictor of the replacement vehicle from the store's sales",
    async () => {
      backend(view());
      const asked: unknown[] = [];
      server.use(
        http.post(`*/api/Dealsheet/entity/${ENTITY}/turn_predictor`, async ({ request }) => {
          asked.push(await request.json());
          return HttpResponse.json({
            successful: true,
            data: {
              year: 2026, make: 'Toyota', model: 'Camry', trim: 'LE', basis: 'modelYear', basisLabel: 'Toyota Camry sold of model years 2025 to 2027', sales: 4, storeSales: 9,
              windowDays: 180, estimate: 18, low: 9, high: 31, fastest: 4, slowest: 40, perMonth: 0.7, method: 'Days from the deal sheet\'s opening to the sale.',
              recentSales: [{ entityId: 1, contactId: 2, year: 2026, make: 'Toyota', model: 'Camry', trim: 'SE', dealType: 'Retail', openedAt: '2026-10-01T00:00:00Z', soldAt: '2026-10-19T00:00:00Z', days: 18 }],
            },
          });
        }),
      );
      const user = userEvent.setup();
      renderWithProviders(<DealsheetScreen entityId={ENTITY} />);
      await user.click(await screen.findByRole('button', { name: 'Turn predictor' }));
      const dialog = await screen.findByRole('dialog', { name: 'Vehicle turn predictor: 2026 Toyota Camry LE' });
      expect(await within(dialog).findByLabelText('Estimated days to turn')).toHaveTextContent('18 days');
      expect(within(dialog).getByText('9 days to 31 days')).toBeInTheDocument();
      expect(within(dialog).getByRole('table', { name: 'Sales the estimate is based on' })).toHaveTextContent('2026 Toyota Camry SE');
      expect(asked).toEqual([{ year: 2026, make: 'Toyota', model: 'Camry', trim: 'LE' }]);
    },
    SLOW,
  );

  it(
    "saves the store's default terms, showing a refused field",
    async () => {
      backend(view());
      const saved: { finance: { terms: number[] } }[] = [];
      const terms = { accountPlatformId: 2001, lease: { terms: [24, 36, 48], downs: [0, 100000, 250000] }, finance: { terms: [48, 60, 72], downs: [0, 100000, 250000] }, standard: true, version: 0, canEdit: true, updatedAt: null, updatedBy: '', updatedByName: '' };
      server.use(
        http.post('*/api/dealsheet/settings/get_default_terms', () => HttpResponse.json({ successful: true, data: terms })),
        http.post('*/api/dealsheet/settings/save_default_terms', async ({ request }) => {
          const body = (await request.json()) as { finance: { terms: number[] } };
          saved.push(body);
          if ((body.finance.terms[2] ?? 0) <= (body.finance.terms[1] ?? 0)) {
            return HttpResponse.json({ successful: false, errorMessages: ['The default terms are not valid.'], fieldErrors: { 'finance.terms[2]': ['Enter the terms from shortest to longest.'] } }, { status: 400 });
          }
          return HttpResponse.json({ successful: true, data: { ...terms, ...body, standard: false, version: 1 } });
        }),
      );
      const user = userEvent.setup();
      renderWithProviders(<DealsheetScreen entityId={ENTITY} />);
      await user.click(await screen.findByRole('button', { name: 'Default terms' }));
      const dialog = await screen.findByRole('dialog', { name: 'Default terms: Northwind Toyota' });
      const purchase = await within(dialog).findByLabelText('Purchase (retail, balloon, cash)');
      const third = within(purchase).getByRole('textbox', { name: 'Term 3 (months)' });
      await user.clear(third);
      await user.type(third, '50');
      await user.click(within(dialog).getByRole('button', { name: 'Save default terms' }));
      expect(await within(dialog).findByText('Enter the terms from shortest to longest.')).toBeInTheDocument();
      await user.clear(third);
      await user.type(third, '84');
      await user.click(within(dialog).getByRole('button', { name: 'Save default terms' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Default terms: Northwind Toyota' })).not.toBeInTheDocument());
      expect(saved.at(-1)).toMatchObject({ accountPlatformId: 2001, version: 0, finance: { terms: [48, 60, 84] } });
    },
    SLOW,
  );
});
