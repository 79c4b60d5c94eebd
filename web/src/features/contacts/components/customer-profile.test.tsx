import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { mariaGonzalez, salesUser } from '../../../testing/fixtures';
import { contactPermission, contactStore, contactSummaries, currentUser, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { STALE_VERSION_MESSAGE } from './edit-contact-form';

function signedIn() {
  server.use(currentUser(salesUser), ...userSettings().handlers, ...contactSummaries().handlers);
}

async function openProfileTab() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Profile' }));
  return user;
}

describe('Customer profile access', () => {
  it("says 'You do not have access to view this customer' and loads nothing else", async () => {
    signedIn();
    let permissionUser = '';
    server.use(
      http.get('*/api/contacts/:id/user_permissions/:userId', ({ params }) => {
        permissionUser = String(params.userId);
        return HttpResponse.json({
          successful: true,
          data: { contactId: 5001, userId: params.userId, canView: false, canEdit: false, canReactivate: false },
        });
      }),
    );

    renderApp('/app/contact/5001');

    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to view this customer');
    expect(permissionUser).toBe('u-sales');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('says access could not be verified when the check fails', async () => {
    signedIn();
    server.use(contactPermission(500));

    renderApp('/app/contact/5001');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error verifying your access to this customer. Please try again later.',
    );
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('checks access before loading the customer', async () => {
    signedIn();
    server.use(contactPermission({}, { wait: true }));

    renderApp('/app/contact/5001');

    expect(await screen.findByRole('status', { name: 'Checking your access to this customer' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});

describe('Customer profile', () => {
  it('shows the tabs, the capability of each that is not available yet, and the profile', async () => {
    signedIn();
    server.use(contactPermission({}), ...contactStore(mariaGonzalez).handlers);
    const { router } = renderApp('/app/contact/5001');

    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Elena Gonzalez' })).toBeInTheDocument();
    expect(screen.getByText('Northwind Ford · Customer #5001')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Snapshot',
      'Profile',
      'Garage',
      'Leads',
      'Service',
      'Messages',
      'Activity',
      'Resolution',
    ]);
    expect(await screen.findByRole('region', { name: 'Snapshot' })).toBeInTheDocument();

    await openProfileTab();

    expect(router.state.location.search).toBe('?tab=profile');
    const phones = screen.getByRole('region', { name: 'Phones' });
    expect(within(phones).getByText('(503) 555-0134')).toBeInTheDocument();
    expect(within(phones).getByText('(503) 555-0178 x12')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Emails' })).getByText('maria.gonzalez@example.com')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Personal' })).getByText('***-**-6789')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Vehicles' })).getByText('2019 Toyota Camry')).toBeInTheDocument();
  });

  it('saves an edited name and phone with the version read', async () => {
    signedIn();
    const store = contactStore(mariaGonzalez);
    server.use(contactPermission({}), ...store.handlers);
    renderApp('/app/contact/5001?tab=profile');

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const form = within(screen.getByRole('form', { name: 'Edit profile' }));
    await user.clear(form.getByLabelText('First name'));
    await user.paste('Mariela');
    await user.clear(form.getByLabelText('Phone 2 extension'));
    await user.paste('34');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mariela Elena Gonzalez' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(store.saves).toHaveLength(1);
    expect(store.saves[0]).toMatchObject({ id: 5001, version: 3, firstName: 'Mariela', lastName: 'Gonzalez' });
    expect(store.saves[0]?.phones?.[1]).toMatchObject({ id: 2, ext: '34', phoneTypeId: 3 });
    expect(store.saves[0]?.addresses).toEqual(mariaGonzalez.addresses);
  });

  it("checks phones and e-mails in the browser first, then shows the server's field errors on the fields", async () => {
    signedIn();
    const store = contactStore(mariaGonzalez, {
      answer: () => ({
        status: 400,
        body: {
          successful: false,
          errorMessages: ['The customer has invalid fields.'],
          fieldErrors: { 'phones[1].phone': 'Invalid number', 'phones[1].ext': 'Invalid extension', 'emails[1].email': 'Invalid email address' },
        },
      }),
    });
    server.use(contactPermission({}), ...store.handlers);
    renderApp('/app/contact/5001?tab=profile');

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const form = within(screen.getByRole('form', { name: 'Edit profile' }));
    await user.clear(form.getByLabelText('Phone 2'));
    await user.paste('555-01');
    await user.click(form.getByRole('button', { name: 'Add email' }));
    await user.click(form.getByLabelText('Email 2'));
    await user.paste('maria@');
    await user.click(form.getByRole('button', { name: 'Save' }));

    // The browser names what it can tell, with the server's words, and sends nothing.
    await waitFor(() => expect(form.getByLabelText('Phone 2')).toHaveAccessibleDescription('Invalid number'));
    expect(form.getByLabelText('Email 2')).toHaveAccessibleDescription('Invalid email. Please enter a valid email address.');
    expect(form.getByLabelText('Phone 1')).not.toHaveAttribute('aria-invalid', 'true');
    expect(store.saves).toHaveLength(0);

    await user.clear(form.getByLabelText('Phone 2'));
    await user.paste('503 555 0199');
    await user.clear(form.getByLabelText('Email 2'));
    await user.paste('maria@example.org');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByRole('alert')).toHaveTextContent('The customer has invalid fields.');
    expect(form.getByLabelText('Phone 2')).toHaveAccessibleDescription('Invalid number');
    expect(form.getByLabelText('Phone 2')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Phone 2 extension')).toHaveAccessibleDescription('Invalid extension');
    expect(form.getByLabelText('Email 2')).toHaveAccessibleDescription('Invalid email address');
    expect(store.saves[0]?.phones?.[1]?.phone).toBe('503 555 0199');
    expect(store.saves[0]?.emails?.[1]).toEqual({ email: 'maria@example.org', isPreferred: false, optOut: false });
    // Nothing was saved: the heading keeps the name read.
    expect(screen.getByRole('heading', { level: 1, name: 'Maria Elena Gonzalez' })).toBeInTheDocument();
  });

  it('explains a save refused for a stale version, and loads the latest', async () => {
    signedIn();
    const store = contactStore(mariaGonzalez, {
      answer: (body) =>
        body.version === 3
          ? { status: 409, body: { successful: false, errorMessages: ['The customer was changed by someone else.'] } }
          : null,
    });
    server.use(contactPermission({}), ...store.handlers);
    renderApp('/app/contact/5001?tab=profile');

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const form = within(screen.getByRole('form', { name: 'Edit profile' }));
    await user.click(form.getByLabelText('Last name'));
    await user.paste('-Reyes');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByRole('alert')).toHaveTextContent(STALE_VERSION_MESSAGE);

    // Someone else's save moved the customer on; loading it keeps the edit and its new version saves.
    server.use(http.get('*/crm/contacts/:id', () => HttpResponse.json({ successful: true, data: { ...mariaGonzalez, version: 4 } })));
    await user.click(form.getByRole('button', { name: 'Load latest version' }));
    await waitFor(() => expect(form.queryByText(STALE_VERSION_MESSAGE)).not.toBeInTheDocument());
    expect(form.getByLabelText('Last name')).toHaveValue('Gonzalez-Reyes');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Elena Gonzalez-Reyes' })).toBeInTheDocument();
    expect(store.saves.map((s) => s.version)).toEqual([3, 4]);
  });

  it('marks the customer hot', async () => {
    signedIn();
    const store = contactStore(mariaGonzalez);
    server.use(contactPermission({}), ...store.handlers);
    renderApp('/app/contact/5001');

    const user = userEvent.setup();
    const hot = await screen.findByRole('switch', { name: 'Hot customer' });
    expect(hot).not.toBeChecked();
    await user.click(hot);

    await waitFor(() => expect(screen.getByRole('switch', { name: 'Hot customer' })).toBeChecked());
    expect(screen.getByText('Hot')).toBeInTheDocument();
    expect(store.current().isMarkedHot).toBe(true);
  });

  it('lets a user who may not edit only read', async () => {
    signedIn();
    server.use(contactPermission({ canEdit: false }), ...contactStore(mariaGonzalez).handlers);
    renderApp('/app/contact/5001?tab=profile');

    expect(await screen.findByText('You may view this customer but not edit them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Hot customer' })).toBeDisabled();
  });
});
