import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { IMPERSONATION_KEY } from '../lib/impersonation';
import { notifyError } from '../lib/notify';
import { adminUser, fullStoreSettings, managerUser, northwindHyundai, salesUser, staff } from '../testing/fixtures';
import { currentUser, IMPERSONATION_TOKEN, impersonation, staffUsers, userSettings } from '../testing/handlers';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';

async function openImpersonation(user: UserEvent, actorName: string) {
  await user.click(await screen.findByRole('button', { name: `User menu: ${actorName}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Impersonate user' }));
  return screen.findByRole('dialog', { name: 'Impersonate user' });
}

async function impersonate(user: UserEvent, optionName: string) {
  const dialog = await openImpersonation(user, 'Taylor Brooks');
  await user.click(within(dialog).getByRole('combobox', { name: 'User' }));
  await user.click(await screen.findByRole('option', { name: optionName }));
  await user.click(within(dialog).getByRole('button', { name: 'Start impersonation' }));
}

describe('impersonation', () => {
  it('starts from the user menu, shows the banner and works as the impersonated user', async () => {
    const user = userEvent.setup();
    const actor = { ...adminUser, ViewSelectedStores: [...(adminUser.ViewSelectedStores ?? []), northwindHyundai] };
    const flow = impersonation(actor, salesUser);
    const settingsCalls: { authorization: string | null; scope: string | null; stores: unknown }[] = [];
    server.use(
      http.post('*/api/dealer_settings/UI_Dealer_settings/get', async ({ request }) => {
        const body = (await request.json()) as { AccountPlatformIds?: number[] };
        settingsCalls.push({
          authorization: request.headers.get('authorization'),
          scope: request.headers.get('scope'),
          stores: body.AccountPlatformIds,
        });
        return HttpResponse.json({ successful: true, data: fullStoreSettings });
      }),
      ...flow.handlers,
      ...userSettings().handlers,
      staffUsers(staff),
    );
    renderApp('/app/default');

    const dialog = await openImpersonation(user, 'Taylor Brooks');
    await user.click(within(dialog).getByRole('combobox', { name: 'User' }));
    const options = await screen.findAllByRole('option');
    // Active users of the group, without the actor.
    expect(options.map((o) => o.textContent)).toEqual(['Morgan Reyes (Sales Manager)', 'Sam Ortega (Sales Person)']);
    await user.click(screen.getByRole('option', { name: 'Sam Ortega (Sales Person)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start impersonation' }));

    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(banner).toHaveTextContent('You are impersonating Sam Ortega (signed in as Taylor Brooks)');
    expect(within(screen.getByRole('banner')).getByText('Sam Ortega')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome, Sam' })).toBeInTheDocument();
    expect(flow.requests).toEqual([{ call: 'start', authorization: null, body: { userId: 'u-sales' } }]);
    expect(JSON.parse(window.sessionStorage.getItem(IMPERSONATION_KEY) ?? '{}')).toMatchObject({
      accessToken: IMPERSONATION_TOKEN,
      subject: { UserId: 'u-sales', Name: 'Sam Ortega' },
      actor: { UserId: 'u-admin', Name: 'Taylor Brooks' },
    });
    // The impersonated user's menu: no Workflow Manager for a sales person.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(nav).not.toHaveAttribute('aria-busy'));
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Workflow Manager' })).toBeNull();
    // Nothing went out with the impersonation token and the actor's stores.
    expect(settingsCalls.filter((c) => c.authorization === `Bearer ${IMPERSONATION_TOKEN}`)).toEqual([
      { authorization: `Bearer ${IMPERSONATION_TOKEN}`, scope: '101,102', stores: [101, 102] },
    ]);
  });

  it('Dismiss Impersonation ends it on the server and returns to the actor', async () => {
    const user = userEvent.setup();
    const flow = impersonation(adminUser, salesUser);
    server.use(...flow.handlers, ...userSettings().handlers, staffUsers(staff));
    renderApp('/app/default');
    await impersonate(user, 'Sam Ortega (Sales Person)');
    const banner = await screen.findByRole('region', { name: 'Impersonation' });

    await user.click(within(banner).getByRole('button', { name: 'Dismiss Impersonation' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Taylor' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Taylor Brooks')).toBeInTheDocument();
    expect(flow.requests.map((r) => [r.call, r.authorization])).toEqual([
      ['start', null],
      ['end', `Bearer ${IMPERSONATION_TOKEN}`],
    ]);
    expect(window.sessionStorage.getItem(IMPERSONATION_KEY)).toBeNull();
  });

  it('cannot be chained: the impersonated user is not offered it', async () => {
    const user = userEvent.setup();
    const subject = { ...managerUser, Permissions: [...(managerUser.Permissions ?? []), 'pando.cxm.impersonate'] };
    const flow = impersonation(adminUser, subject);
    server.use(...flow.handlers, ...userSettings().handlers, staffUsers(staff));
    renderApp('/app/default');
    await impersonate(user, 'Morgan Reyes (Sales Manager)');
    await screen.findByRole('region', { name: 'Impersonation' });

    await user.click(screen.getByRole('button', { name: 'User menu: Morgan Reyes' }));

    expect(await screen.findByRole('menuitemcheckbox', { name: 'Horizontal menu' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Impersonate user' })).not.toBeInTheDocument();
  });

  it('is not offered without the permission', async () => {
    const user = userEvent.setup();
    server.use(currentUser(managerUser), ...userSettings().handlers);
    renderApp('/app/default');

    await user.click(await screen.findByRole('button', { name: 'User menu: Morgan Reyes' }));

    expect(await screen.findByRole('menuitemcheckbox', { name: 'Horizontal menu' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Impersonate user' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal and stays the actor", async () => {
    const user = userEvent.setup();
    const flow = impersonation(adminUser, salesUser);
    server.use(
      http.post('*/auth/impersonation', () =>
        HttpResponse.json({ successful: false, errorMessages: ['You may not impersonate this user.'] }, { status: 403 }),
      ),
      ...flow.handlers,
      ...userSettings().handlers,
      staffUsers(staff),
    );
    renderApp('/app/default', { onError: notifyError });

    await impersonate(user, 'Sam Ortega (Sales Person)');

    expect(await screen.findByText('You may not impersonate this user.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(IMPERSONATION_KEY)).toBeNull();
  });

  it('ends with the sign-out', async () => {
    const user = userEvent.setup();
    const flow = impersonation(adminUser, salesUser);
    server.use(...flow.handlers, ...userSettings().handlers, staffUsers(staff));
    renderApp('/app/default');
    await impersonate(user, 'Sam Ortega (Sales Person)');
    await screen.findByRole('region', { name: 'Impersonation' });

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(flow.requests.map((r) => r.call)).toEqual(['start', 'end']);
    expect(window.sessionStorage.getItem(IMPERSONATION_KEY)).toBeNull();
  });
});
