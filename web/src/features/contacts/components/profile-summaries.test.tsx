import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MSG_EMAIL, MSG_PHONE } from '../../../lib/validation';
import { northwindFord, northwindToyota } from '../../../testing/fixtures';
import { contactSummaries } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { AddProspectForm } from './add-prospect-form';
import { LicenceImages } from './licence-images';
import { ServiceTab } from './service-tab';
import { SnapshotSummary } from './snapshot-summary';

describe('SnapshotSummary', () => {
  it('shows the open lead tasks, the next activity and the last service visit, and says what is not recorded', async () => {
    server.use(
      ...contactSummaries({
        snapshot: {
          activeLeadTasks: 2,
          activeProcesses: 0,
          lastContact: null,
          lastCustomerEngagement: null,
          nextScheduledActivity: { taskId: 'T1', entityId: 7001, taskType: 'Call', taskName: 'Follow up on the test drive', taskDueDt: '2027-01-15T17:00:00Z', assignedPandoUserId: 'u1' },
          lastServiceVisit: { roNumber: 'T-66840', accountPlatformId: 101, date: '2026-03-09T16:00:00Z', vehicle: '2019 Toyota Camry', vin: 'V', advisor: 'Riley', total: 224.45 },
        },
      }).handlers,
    );
    renderWithProviders(<SnapshotSummary contactId={5001} />);

    const snapshot = await screen.findByRole('region', { name: 'Snapshot' });
    expect(within(snapshot).getByRole('group', { name: 'Active lead tasks' })).toHaveTextContent('2');
    expect(within(snapshot).getByRole('group', { name: 'Next scheduled activity' })).toHaveTextContent('Follow up on the test drive');
    expect(within(snapshot).getByRole('group', { name: 'Next scheduled activity' })).toHaveTextContent('due Jan 15, 2027');
    expect(within(snapshot).getByRole('group', { name: 'Last service visit' })).toHaveTextContent('Mar 9, 2026 · 2019 Toyota Camry');
    expect(within(snapshot).getByRole('group', { name: 'Last service visit' })).toHaveTextContent('RO T-66840 · $224.45');
    expect(within(snapshot).getByRole('group', { name: 'Last contact' })).toHaveTextContent('No contact logged');
    expect(within(snapshot).getByRole('group', { name: 'Last customer engagement' })).toHaveTextContent('No engagement recorded');
  });

  it('says when the snapshot cannot be loaded', async () => {
    server.use(http.post('*/crm/contacts/:id/snapshot', () => HttpResponse.json({ successful: false, errorMessages: ['The customer does not exist.'] }, { status: 404 })));
    renderWithProviders(<SnapshotSummary contactId={5001} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The customer does not exist.');
  });
});

describe('ServiceTab', () => {
  it('shows the totals and each vehicle with its visits', async () => {
    server.use(
      ...contactSummaries({
        totals: { roCount: 2, customerPayTotal: 150.5, warrantyPayTotal: 700, dealerPaidTotal: 45, totalServiceValue: 895.5 },
        vehicles: [
          {
            vin: '4T1B11HK5KU123456', year: 2019, make: 'Toyota', model: 'Camry', visitCount: 2, totalValue: 895.5, lastVisit: '2026-03-09T16:00:00Z',
            visits: [
              { roNumber: 'T-2', accountPlatformId: 101, openedAt: '2026-03-09T16:00:00Z', mileage: 54880, advisor: 'Riley Novak', description: 'Oil change; Air filters', customerPay: 150.5, warrantyPay: 0, dealerPaid: 45, total: 195.5 },
              { roNumber: 'T-1', accountPlatformId: 101, openedAt: '2025-05-20T17:45:00Z', mileage: 46210, advisor: 'Riley Novak', description: 'Recall: fuel pump', customerPay: 0, warrantyPay: 700, dealerPaid: 0, total: 700 },
            ],
          },
          { vin: '5TFAX5GN4MX654321', year: 2021, make: 'Toyota', model: 'Tacoma', visitCount: 0, totalValue: 0, lastVisit: null, visits: [] },
        ],
      }).handlers,
    );
    renderWithProviders(<ServiceTab contactId={5001} />);

    const summary = await screen.findByRole('region', { name: 'Service summary' });
    expect(within(summary).getByRole('group', { name: 'Repair orders' })).toHaveTextContent('2');
    expect(within(summary).getByRole('group', { name: 'Warranty pay' })).toHaveTextContent('$700.00');
    expect(within(summary).getByRole('group', { name: 'Total service value' })).toHaveTextContent('$895.50');

    const visits = screen.getByRole('table', { name: 'Service visits of the 2019 Toyota Camry' });
    const rows = within(visits).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['T-2', 'T-1']);
    expect(rows[0]).toHaveTextContent('54,880');
    expect(within(screen.getByRole('region', { name: '2021 Toyota Tacoma' })).getByText('No service visits for this vehicle.')).toBeInTheDocument();
  });
});

describe('LicenceImages', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:image');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a scan only when a user who may reveal asks, and uploads a new front', async () => {
    const summaries = contactSummaries({ images: { driver_license_back: new Uint8Array([137, 80, 78, 71]) } });
    const requested: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const kind = new URL(request.url).pathname.split('/').at(-1) ?? '';
      if (request.method === 'GET' && kind.startsWith('driver_license_')) requested.push(kind);
    });
    server.use(...summaries.handlers);
    renderWithProviders(<LicenceImages contactId={5001} canEdit canReveal />);

    const back = await screen.findByRole('group', { name: 'Licence back' });
    expect(within(back).getByText('Hidden: it shows the licence number')).toBeInTheDocument();
    await within(screen.getByRole('group', { name: 'Photo' })).findByText('No image');
    expect(requested.filter((k) => k !== 'driver_license_avatar')).toEqual([]);

    const user = userEvent.setup();
    await user.click(within(back).getByRole('button', { name: 'Show the licence back' }));
    expect(await within(back).findByRole('img', { name: 'Licence back' })).toHaveAttribute('src', 'blob:image');
    expect(within(back).getByText(/your view is recorded/)).toBeInTheDocument();
    await user.click(within(back).getByRole('button', { name: 'Hide the licence back' }));
    expect(within(back).queryByRole('img', { name: 'Licence back' })).not.toBeInTheDocument();

    const front = screen.getByRole('group', { name: 'Licence front' });
    const file = new File([new Uint8Array([137, 80, 78, 71, 13, 10])], 'front.png', { type: 'image/png' });
    await user.upload(within(front).getByLabelText('Upload licence front', { selector: 'input' }), file);
    await waitFor(() => expect(summaries.uploads).toHaveLength(1));
    expect(summaries.uploads[0]).toEqual({ kind: 'driver_license_front', body: { contentType: 'image/png', data: btoa('\x89PNG\r\n') } });
    await user.click(within(front).getByRole('button', { name: 'Show the licence front' }));
    expect(await within(front).findByRole('img', { name: 'Licence front' })).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('lets a user who may edit but not reveal upload a scan without seeing one', async () => {
    const summaries = contactSummaries({ images: { driver_license_front: new Uint8Array([137, 80, 78, 71]) } });
    server.use(...summaries.handlers);
    renderWithProviders(<LicenceImages contactId={5001} canEdit canReveal={false} />);
    const front = await screen.findByRole('group', { name: 'Licence front' });
    expect(within(front).getByText('Hidden: it shows the licence number')).toBeInTheDocument();
    expect(within(front).queryByRole('button', { name: /Show/ })).not.toBeInTheDocument();
    expect(within(front).getByLabelText('Upload licence front', { selector: 'input' })).toBeInTheDocument();
    expect(screen.getByText(/F&I managers, sales managers, general managers and dealer admins see them/)).toBeInTheDocument();
  });

  it('refuses a file that is not an image before sending it', async () => {
    const summaries = contactSummaries();
    server.use(...summaries.handlers);
    renderWithProviders(<LicenceImages contactId={5001} canEdit canReveal={false} />);
    const front = await screen.findByRole('group', { name: 'Licence front' });

    const user = userEvent.setup({ applyAccept: false });
    await user.upload(within(front).getByLabelText('Upload licence front', { selector: 'input' }), new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));

    expect(await within(front).findByRole('alert')).toHaveTextContent('Choose a JPEG, PNG, GIF or WebP image.');
    expect(summaries.uploads).toHaveLength(0);
  });

  it('shows only the photo to a user who may neither edit the customer nor reveal', async () => {
    const requested: string[] = [];
    server.use(
      http.get('*/crm/contacts/:id/:kind', ({ params }) => {
        requested.push(String(params.kind));
        return new HttpResponse(new Uint8Array([137, 80]), { headers: { 'Content-Type': 'image/png' } });
      }),
    );
    renderWithProviders(<LicenceImages contactId={5001} canEdit={false} canReveal={false} />);

    expect(await screen.findByRole('img', { name: 'Photo' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Licence front' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument();
    expect(requested).toEqual(['driver_license_avatar']);
  });
});

describe('AddProspectForm', { timeout: 20_000 }, () => {
  const maria = {
    contactId: 1001000000001, accountPlatformId: 101, contactTypeId: 1, fullName: 'Maria Elena Gonzalez', firstName: 'Maria', middleName: 'Elena',
    lastName: 'Gonzalez', nickName: '', businessName: '', phone: '(503) 555-0134', phoneLabel: 'Cell', email: 'maria.gonzalez@example.com',
    addressLine1: '', city: '', stateProvince: '', postalCode: '', isMarkedHot: false, isDoNotCall: false, isDoNotEmail: false, isDoNotText: false,
    reasons: ['email'],
  };

  function prospectServer() {
    const calls: { body: { contact: Record<string, unknown>; skipContactProposal?: boolean }; scope: string | null }[] = [];
    server.use(
      http.post('*/crm/prospect/add', async ({ request }) => {
        const body = (await request.json()) as (typeof calls)[number]['body'];
        calls.push({ body, scope: request.headers.get('Scope') });
        if (!body.skipContactProposal) {
          return HttpResponse.json({ successful: true, data: { created: false, existingContacts: [maria] } });
        }
        return HttpResponse.json({ successful: true, data: { created: true, contact: { ...body.contact, id: 777 }, existingContacts: [] } });
      }),
    );
    return calls;
  }

  async function fill() {
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Add customer' }));
    for (const [label, value] of [
      ['First name', 'Ana'],
      [/Last name/, 'Lopez'],
      ['Email', 'maria.gonzalez@example.com'],
    ] as const) {
      await user.click(form.getByLabelText(label));
      await user.paste(value);
    }
    await user.click(form.getByRole('button', { name: 'Add customer' }));
    return { user, form };
  }

  it('shows the likely duplicates, then adds the customer anyway and opens it', async () => {
    const calls = prospectServer();
    const onOpen = vi.fn();
    renderWithProviders(<AddProspectForm opened onClose={() => {}} stores={[northwindToyota, northwindFord]} onOpen={onOpen} />);
    const { user } = await fill();

    const dups = await screen.findByRole('region', { name: 'Possible duplicates' });
    expect(within(dups).getByText('Maria Elena Gonzalez')).toBeInTheDocument();
    expect(within(dups).getByText('Same email')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual({
      body: { contact: { firstName: 'Ana', lastName: 'Lopez', emails: [{ email: 'maria.gonzalez@example.com', isPreferred: true }] }, skipContactProposal: false },
      scope: String(northwindToyota.AccountPlatformID),
    });

    await user.click(screen.getByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(777));
    expect(calls[1]?.body.skipContactProposal).toBe(true);
  });

  it('opens an existing customer instead', async () => {
    prospectServer();
    const onOpen = vi.fn();
    renderWithProviders(<AddProspectForm opened onClose={() => {}} stores={[northwindToyota]} onOpen={onOpen} />);
    const { user } = await fill();
    await user.click(await screen.findByRole('button', { name: 'Open Maria Elena Gonzalez' }));
    expect(onOpen).toHaveBeenCalledWith(1001000000001);
  });

  it('checks the e-mail and phone in the browser first, with the server messages, sending nothing', async () => {
    const calls = prospectServer();
    const user = userEvent.setup();
    renderWithProviders(<AddProspectForm opened onClose={() => {}} stores={[northwindToyota]} onOpen={() => {}} />);
    const form = within(await screen.findByRole('form', { name: 'Add customer' }));
    for (const [label, value] of [
      [/Last name/, 'Lopez'],
      ['Email', 'ana@example'],
      ['Mobile phone', '555-01'],
    ] as const) {
      await user.click(form.getByLabelText(label));
      await user.paste(value);
    }
    await user.click(form.getByRole('button', { name: 'Add customer' }));
    expect(await form.findByText(MSG_EMAIL)).toBeInTheDocument();
    expect(form.getByText(MSG_PHONE)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's field errors on the fields", async () => {
    server.use(
      http.post('*/crm/prospect/add', () =>
        HttpResponse.json({ successful: false, errorMessages: ['The contact is not valid.'], fieldErrors: { 'emails[0].email': 'Invalid email. Please enter a valid email address.' } }, { status: 400 }),
      ),
    );
    renderWithProviders(<AddProspectForm opened onClose={() => {}} stores={[northwindToyota]} onOpen={() => {}} />);
    const { form } = await fill();
    expect(await form.findByText('Invalid email. Please enter a valid email address.')).toBeInTheDocument();
  });
});
