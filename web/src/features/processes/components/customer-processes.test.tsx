import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { FormLoad, ProcessView } from '../../../lib/api/types';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { CustomerProcesses } from './customer-processes';

const CONTACT = 5001;
const STORE = 101;

const walkAround: FormLoad['Form'] = {
  FormTemplateId: 900201,
  Name: 'Trade-in walk-around',
  Type: 'form',
  Controls: [
    { Id: 1, Label: 'Appraiser', InputType: 'ShortName', Required: true },
    { Id: 2, Label: 'Odometer', InputType: 'ShortAnswer', InputFormatType: 1, Required: true },
    { Id: 3, Label: 'Exterior condition', InputType: 'SingleSelectDropDown', Required: true, HasOther: true, ControlOptions: [{ Id: 1, OptionLabel: 'Excellent' }, { Id: 2, OptionLabel: 'Good' }] },
    { Id: 4, Label: 'Equipment present', InputType: 'MultiSelection', HasOther: true, ControlOptions: [{ Id: 1, OptionLabel: 'Both keys' }] },
    { Id: 5, Label: 'Customer e-mail', InputType: 'ShortAnswer', InputFormatType: 3, Required: true },
    { Id: 6, Label: 'Portal password', InputType: 'ShortAnswer', InputFormatType: 2 },
    { Id: 7, Label: 'Damage noted', InputType: 'LongAnswer', MinLength: 10 },
    { Id: 8, Label: 'Kept at', InputType: 'Address' },
    { Id: 9, Label: 'Fuel', InputType: 'SingleSelectRadio', ControlOptions: [{ Id: 1, OptionLabel: 'Full' }, { Id: 2, OptionLabel: 'Half' }] },
    { Id: 10, Label: 'Appraisal date', InputType: 'Date' },
    { Id: 11, Label: 'Appraisal time', InputType: 'Time' },
    { Id: 12, Label: 'Owner', InputType: 'FullName' },
  ],
};

function processView(over: Partial<ProcessView> = {}): ProcessView {
  return {
    ProcessId: 'P-1', GroupId: 'P-1', WorkflowTemplateId: 9002, TemplateName: 'Trade-in appraisal walk-around', Title: 'Trade-in appraisal walk-around',
    AccountPlatformId: STORE, ContactId: CONTACT, Status: 100, StatusText: 'InProgress', StartedAt: '2026-11-29T15:00:00Z', StartedBy: 'u-sales',
    Version: 1, ContactName: 'Ana Diaz', StoreName: 'Northwind Toyota', CurrentStepName: 'Walk-around', CurrentStepInstanceId: 'P-1-1', StepsDone: 0,
    Steps: [{ StepInstanceId: 'P-1-1', StepId: 1, Name: 'Walk-around', Status: 100, Form: walkAround, Answers: [], IsSubmitted: false }],
    ...over,
  };
}

/** processServer plays the processes calls: the start list, a start, the step's form, save and submit. */
function processServer(startOutcome = 0) {
  let processes: ProcessView[] = [];
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  server.use(
    http.post('*/api/workflows/', () => HttpResponse.json({ successful: true, data: processes })),
    http.get('*/pando/workflowtemplate/startlistcustomer', () =>
      HttpResponse.json({
        successful: true,
        data: {
          WorkflowTemplates: [
            { WorkflowTemplateId: 9001, Name: 'Delivery checklist', Description: '', CategoryId: 1, Status: 50, AccountPlatformIds: [], StepCount: 2 },
            { WorkflowTemplateId: 9002, Name: 'Trade-in appraisal walk-around', Description: '', CategoryId: 1, Status: 50, AccountPlatformIds: [], StepCount: 1 },
          ],
          Top5Recent: [{ WorkflowTemplateId: 9001, Name: 'Delivery checklist', Description: '', CategoryId: 1, Status: 50, AccountPlatformIds: [], StepCount: 2 }],
        },
      }),
    ),
    http.post('*/pando/workflowtemplate/starttemplate/:templateId/:storeId', async ({ request, params }) => {
      sent.push({ path: `start/${params.templateId}/${params.storeId}`, body: (await request.json()) as Record<string, unknown> });
      if (startOutcome !== 0) return HttpResponse.json({ successful: true, data: { Outcome: startOutcome, GroupId: '', Process: null } });
      processes = [processView()];
      return HttpResponse.json({ successful: true, data: { Outcome: 0, GroupId: 'P-1', Process: processes[0] } });
    }),
    http.get('*/pando/forms/step/:id', () =>
      HttpResponse.json({
        successful: true,
        data: {
          Mode: 'step', WorkflowTemplateId: 9002, TemplateName: 'Trade-in appraisal walk-around', FormTemplateId: 900201, StepId: 'P-1-1', StepName: 'Walk-around',
          StepNumber: 1, StepCount: 1, Form: walkAround, Answers: [], IsSubmitted: false, ReadOnly: false, ProcessId: 'P-1', Title: 'Trade-in appraisal walk-around',
          ContactId: CONTACT, AccountPlatformId: STORE, Version: 1, UserId: '',
        } satisfies FormLoad,
      }),
    ),
    http.post('*/pando/forms/:action', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ path: String(params.action), body });
      if (params.action === 'submit') {
        processes = [processView({ Status: 1000, StatusText: 'Success', CurrentStepName: '', CurrentStepInstanceId: '', StepsDone: 1 })];
        return HttpResponse.json({ successful: true, data: { Outcome: 100, GroupId: 'P-1', Process: processes[0] } });
      }
      return HttpResponse.json({ successful: true, data: { Outcome: 0, GroupId: 'P-1', Process: processView({ Version: 2 }) } });
    }),
  );
  return sent;
}

function renderList() {
  return renderWithProviders(<CustomerProcesses contactId={CONTACT} storeId={STORE} canEdit userId="u-sales" />);
}

describe('CustomerProcesses', () => {
  it('starts a process from the recent list, checks the form with the server messages, then submits it', async () => {
    const user = userEvent.setup();
    const sent = processServer();
    renderList();

    expect(await screen.findByText('No processes yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New process' }));
    const modal = await screen.findByRole('dialog', { name: 'New process' });
    expect(within(modal).getByRole('heading', { name: 'Recently started' })).toBeInTheDocument();
    await user.click(within(modal).getByRole('radio', { name: 'Trade-in appraisal walk-around' }));
    await user.click(within(modal).getByRole('button', { name: 'Start' }));

    const form = await screen.findByRole('form', { name: 'Trade-in walk-around' }, { timeout: 5000 });
    expect(sent[0]).toEqual({ path: `start/9002/${STORE}`, body: { ContactId: CONTACT, Title: 'Trade-in appraisal walk-around' } });
    // Every control type is shown.
    for (const label of ['Appraiser: first name', 'Odometer', 'Exterior condition', 'Both keys', 'Customer e-mail', 'Confirm customer e-mail', 'Portal password', 'Confirm portal password', 'Damage noted', 'Kept at: line 1', 'Full', 'Appraisal date', 'Appraisal time', 'Owner: middle name']) {
      expect(within(form).getAllByLabelText(label, { exact: false }).length).toBeGreaterThan(0);
    }

    // An invalid submit shows the messages and makes no call.
    await user.type(within(form).getByRole('textbox', { name: 'Customer e-mail' }), 'ana@example');
    await user.type(within(form).getByRole('textbox', { name: 'Damage noted' }), 'Dent');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await within(form).findByText('Appraiser is a required field.')).toBeInTheDocument();
    expect(within(form).getByText('Odometer is a required field.')).toBeInTheDocument();
    expect(within(form).getByText('Exterior condition is a required field.')).toBeInTheDocument();
    expect(within(form).getByText('Invalid email. Please enter a valid email address.')).toBeInTheDocument();
    expect(within(form).getByText('Minimum characters of Damage noted is 10')).toBeInTheDocument();
    expect(sent.filter((s) => s.path === 'submit')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'Appraiser: first name' }), 'Sam');
    await user.type(within(form).getByRole('textbox', { name: 'Appraiser: last name' }), 'Ortiz');
    await user.type(within(form).getByRole('textbox', { name: 'Odometer' }), '48210');
    await user.click(within(form).getByRole('combobox', { name: 'Exterior condition' }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.type(await within(form).findByRole('textbox', { name: 'Exterior condition: other' }), 'Scratched bumper');
    await user.type(within(form).getByRole('textbox', { name: 'Customer e-mail' }), '.com');
    await user.type(within(form).getByRole('textbox', { name: 'Confirm customer e-mail' }), 'ana@example.co');
    await user.type(within(form).getByRole('textbox', { name: 'Damage noted' }), ' on the rear door');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await within(form).findByText('Email addresses do not match. Please enter the same value for email and confirm email.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Confirm customer e-mail' }), 'm');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    const submit = sent.find((s) => s.path === 'submit');
    expect(submit?.body).toMatchObject({ FormTemplateId: 900201, WorkflowTemplateId: 9002, FuzeCastUserId: 'u-sales', StepId: 'P-1-1', Version: 1 });
    expect(submit?.body.Answers).toEqual([
      { ControlId: 1, Name: { First: 'Sam', Last: 'Ortiz' } },
      { ControlId: 2, Value: '48210' },
      { ControlId: 3, Value: '3', OtherValue: 'Scratched bumper' },
      { ControlId: 5, Value: 'ana@example.com', ConfirmValue: 'ana@example.com' },
      { ControlId: 7, Value: 'Dent on the rear door' },
    ]);
    const list = await screen.findByRole('list', { name: 'Customer processes' });
    expect(await within(list).findByText('Completed')).toBeInTheDocument();
  }, 60_000);

  it('says so when the start outcome is not 0', async () => {
    const user = userEvent.setup();
    processServer(200);
    renderList();
    await user.click(await screen.findByRole('button', { name: 'New process' }));
    const modal = await screen.findByRole('dialog', { name: 'New process' });
    await user.click(within(modal).getByRole('radio', { name: 'Delivery checklist (recent)' }));
    await user.click(within(modal).getByRole('button', { name: 'Start' }));
    expect(await within(modal).findByText('There was an error starting the selected process. Please try again later.')).toBeInTheDocument();
  });
});
