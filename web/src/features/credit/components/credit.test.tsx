import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { CreditRequest } from '../../../lib/api/types';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { CreditAction, CreditPanel } from './credit-panel';

const NOT_CONFIGURED = "Credit reports are not configured for this store. Ask your dealer administrator to set up the store's credit bureau account.";
const LOAD_FAILED = 'There was an error loading the credit history details. Please try again later.';

function completed(bureau: CreditRequest['bureau'], score: number): CreditRequest {
  return {
    creditRequestId: `cr-${bureau}`, contactId: 5001, applicantContactId: 5001, accountPlatformId: 101, provider: '700Credit',
    product: 'PreScreen', bureau, status: 'Completed', score, scoreModel: 'VantageScore 4.0', requestedBy: 'u-sales', attempts: 1,
    created: '2026-03-02T17:15:00Z', updated: '2026-03-02T17:15:01Z',
  };
}

type Answer = 'ok' | 'not-configured' | 'refused';

/**
 * bureau plays the credit calls: the history of the requests made so far, and requests that
 * succeed, are refused because the store has no credit bureau (409, nothing recorded), or are
 * refused for the applicant's details (400 naming the field).
 */
function bureau(answer: Answer, initial: CreditRequest[] = []) {
  const requests = [...initial];
  const bodies: unknown[] = [];
  const order = async ({ request }: { request: Request }) => {
    bodies.push(await request.json());
    switch (answer) {
      case 'not-configured':
        return HttpResponse.json({ successful: false, errorMessages: [NOT_CONFIGURED] }, { status: 409 });
      case 'refused':
        return HttpResponse.json(
          {
            successful: false,
            errorMessages: ["The credit bureau refused the customer's details. Correct them and try again.", "The applicant's street, city, state and ZIP code are required."],
            fieldErrors: { address: "The applicant's street, city, state and ZIP code are required." },
          },
          { status: 400 },
        );
      default: {
        const made = [completed('Experian', 712), completed('TransUnion', 705), completed('Equifax', 716)];
        requests.unshift(...made);
        return HttpResponse.json({ successful: true, data: made });
      }
    }
  };
  server.use(
    http.post('*/api/credit/contact_credit_requests', () => HttpResponse.json({ successful: true, data: requests })),
    http.post('*/api/credit/sevenhundredcredit/pre_screen', order),
    http.post('*/api/credit/sevenhundredcredit/create_base_request', order),
  );
  return { bodies, requests };
}

describe('Credit', { timeout: 30_000 }, () => {
  it('requests a pre-screen and lists the scores', async () => {
    const b = bureau('ok');
    renderWithProviders(<CreditAction contactId={5001} canEdit />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit' });
    expect(await within(dialog).findByText('No credit requests yet')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Pre-screen' }));
    const table = await within(dialog).findByRole('table', { name: 'Credit requests' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(table).toHaveTextContent('712 (VantageScore 4.0)');
    expect(b.bodies).toEqual([expect.objectContaining({ applicantContactId: 5001, requestId: expect.any(String) })]);
  });

  it('says so when the store has no credit bureau configured, and shows no made-up scores', async () => {
    const b = bureau('not-configured');
    renderWithProviders(<CreditPanel contactId={5001} canRequest />);
    const user = userEvent.setup();
    expect(await screen.findByText('No credit requests yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Credit report' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The credit request could not be made');
    expect(alert).toHaveTextContent(NOT_CONFIGURED);
    expect(screen.queryByRole('table', { name: 'Credit requests' })).not.toBeInTheDocument();
    expect(b.requests).toHaveLength(0);
  });

  it("shows the bureau's refusal of the customer's details", async () => {
    bureau('refused');
    renderWithProviders(<CreditPanel contactId={5001} canRequest />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pre-screen' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The credit bureau refused the customer's details.");
    expect(alert).toHaveTextContent("The applicant's street, city, state and ZIP code are required.");
  });

  it("shows the spec's message when the history cannot be loaded", async () => {
    server.use(http.post('*/api/credit/contact_credit_requests', () => HttpResponse.json({ successful: false, errorMessages: [LOAD_FAILED] }, { status: 409 })));
    renderWithProviders(<CreditPanel contactId={5001} canRequest={false} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(LOAD_FAILED);
    expect(screen.queryByRole('button', { name: 'Pre-screen' })).not.toBeInTheDocument();
  });

  it('makes no credit call about a contact id below 1', async () => {
    renderWithProviders(<CreditAction contactId={0} canEdit />);
    expect(screen.queryByRole('button', { name: 'Credit' })).not.toBeInTheDocument();
  });
});
