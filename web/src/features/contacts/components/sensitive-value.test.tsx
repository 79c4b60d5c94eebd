import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mariaGonzalez, salesUser } from '../../../testing/fixtures';
import { contactPermission, contactStore, contactSummaries, currentUser, userSettings } from '../../../testing/handlers';
import { renderApp, renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { REVEAL_SECONDS } from './reveal-window';
import { SensitiveValue } from './sensitive-value';

type Reveal = { id: string; field: string };

function revealHandler(reveals: Reveal[], answer: (field: string) => Response | undefined = () => undefined) {
  return http.post('*/crm/contacts/:id/sensitive/reveal', async ({ params, request }) => {
    const { field } = (await request.json()) as { field: string };
    reveals.push({ id: String(params.id), field });
    const refused = answer(field);
    if (refused) return refused;
    const values: Record<string, string> = { ssn: '123-45-6789', 'driverLicense.number': 'D1234567' };
    return HttpResponse.json(
      { successful: true, data: { contactId: Number(params.id), field, value: values[field] ?? '' } },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SensitiveValue', () => {
  it('shows only the masked value, with no way to reveal it, to a user who may not', () => {
    renderWithProviders(<SensitiveValue contactId={5001} field="ssn" label="SSN" masked="***-**-6789" canReveal={false} />);

    expect(screen.getByText('***-**-6789')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('reveals the whole value on request, keeps it out of the query cache, and hides it again', async () => {
    const reveals: Reveal[] = [];
    server.use(revealHandler(reveals));
    const { queryClient } = renderWithProviders(
      <SensitiveValue contactId={5001} field="ssn" label="SSN" masked="***-**-6789" canReveal />,
    );
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Show the whole SSN' }));

    expect(await screen.findByLabelText('Whole SSN')).toHaveTextContent('123-45-6789');
    expect(reveals).toEqual([{ id: '5001', field: 'ssn' }]);
    expect(screen.getByText(/your view is recorded/)).toBeInTheDocument();
    const cached = JSON.stringify(queryClient.getQueryCache().getAll().map((q) => q.state.data));
    const mutations = JSON.stringify(queryClient.getMutationCache().getAll().map((m) => m.state.data));
    expect(cached + mutations).not.toContain('123-45-6789');

    await user.click(screen.getByRole('button', { name: 'Hide the SSN' }));

    expect(screen.queryByText('123-45-6789')).not.toBeInTheDocument();
    expect(screen.getByText('***-**-6789')).toBeInTheDocument();
  });

  it(`masks the value again after ${REVEAL_SECONDS} seconds`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(revealHandler([]));
    renderWithProviders(<SensitiveValue contactId={5001} field="driverLicense.number" label="driver licence number" masked="****4567" canReveal />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    await user.click(screen.getByRole('button', { name: 'Show the whole driver licence number' }));
    expect(await screen.findByText('D1234567')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(REVEAL_SECONDS * 1000 - 1000);
    });
    expect(screen.getByText('D1234567')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('D1234567')).not.toBeInTheDocument();
    expect(screen.getByText('****4567')).toBeInTheDocument();
  });

  it("says why a reveal was refused, in the server's words", async () => {
    server.use(
      revealHandler([], () =>
        HttpResponse.json(
          { successful: false, errorMessages: ['Only an F&I manager, a sales manager, a general manager or a dealer admin may do this.'] },
          { status: 403 },
        ),
      ),
    );
    renderWithProviders(<SensitiveValue contactId={5001} field="ssn" label="SSN" masked="***-**-6789" canReveal />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Show the whole SSN' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Only an F&I manager');
    expect(screen.getByText('***-**-6789')).toBeInTheDocument();
  });
});

describe('The profile tab', () => {
  const withFinance = {
    ...mariaGonzalez,
    driverLicense: { number: '****4567' },
    banks: [{ bankName: 'Umpqua Bank', accountNumber: '********6789', routingNumber: '*****3729' }],
  };

  function open(permission: { canRevealSensitive: boolean }) {
    server.use(
      currentUser(salesUser),
      ...userSettings().handlers,
      ...contactSummaries().handlers,
      contactPermission(permission),
      ...contactStore(withFinance).handlers,
    );
    return renderApp('/app/contact/5001?tab=profile');
  }

  it('offers no reveal to a user who may not reveal', { timeout: 30_000 }, async () => {
    open({ canRevealSensitive: false });

    // The first render loads the profile's code: give it room on a busy machine.
    const personal = await screen.findByRole('region', { name: 'Personal' }, { timeout: 15_000 });
    expect(within(personal).getByText('***-**-6789')).toBeInTheDocument();
    expect(within(personal).getByText('****4567')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show the whole/ })).not.toBeInTheDocument();
  });

  it('reveals the SSN and a bank account number to a user who may', { timeout: 30_000 }, async () => {
    const reveals: Reveal[] = [];
    server.use(revealHandler(reveals));
    open({ canRevealSensitive: true });
    const user = userEvent.setup();

    // The first render loads the profile's code: give it room on a busy machine.
    const personal = await screen.findByRole('region', { name: 'Personal' }, { timeout: 15_000 });
    await user.click(within(personal).getByRole('button', { name: 'Show the whole SSN' }));
    expect(await within(personal).findByText('123-45-6789')).toBeInTheDocument();
    const finance = screen.getByRole('region', { name: 'Finance' });
    await user.click(within(finance).getByRole('button', { name: 'Show the whole account number at Umpqua Bank' }));
    expect(reveals).toEqual([
      { id: '5001', field: 'ssn' },
      { id: '5001', field: 'banks[0].accountNumber' },
    ]);
  });
});
