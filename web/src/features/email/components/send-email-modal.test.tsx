import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { EmailHistoryModal } from './email-history';
import { SendEmailModal } from './send-email-modal';

const template = {
  TemplateId: 10101, AccountPlatformId: 101, TemplateName: 'Thank you for visiting', CategoryId: 1, ChannelId: 1, TemplateTypeId: 1,
  Status: true, Subject: 'Thank you for visiting {StoreName}', Body: 'Hi {CustomerFirstName},', Attachments: [], CreatedAt: '2026-01-05T09:00:00Z',
};

/** emailServer plays the e-mail calls: templates, token replacement, uploads (refusing an .exe) and sends (refusing another mailbox). */
function emailServer() {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post('*/templatemanager/getDealerTemplates', () => HttpResponse.json({ Success: true, Data: [template] })),
    http.post('*/pando/pandox/tokenreplaceemailtemplate', () =>
      HttpResponse.json({ Success: true, Data: { Subject: 'Thank you for visiting Northwind Toyota', Body: 'Hi Maria,', Attachments: [] } }),
    ),
    // The test environment's FormData does not carry the file's name, so the upload answers the
    // name the server stores the test's file under (spaces become underscores).
    http.post('*/pando/pandox/create_email_attachment', async ({ request }) => {
      const file = (await request.formData()).get('file') as File;
      return HttpResponse.json({
        Success: true,
        Data: [{ FileName: 'price_sheet.pdf', FileUrl: 'attachments/0123456789abcdef01234567/price_sheet.pdf', ContentType: 'application/pdf', Size: file.size }],
      });
    }),
    http.post('*/pando/pandox/sendemail', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      if (String(body.Body).includes('@gmail.com')) {
        return HttpResponse.json({
          Success: false, IsRestrictedEmail: true, RestrictedEmails: ['me@gmail.com'],
          Message: 'The message mentions a restricted e-mail address (me@gmail.com): write to the customer only through CXM. Remove the address and send again.',
        });
      }
      sent.push(body);
      return HttpResponse.json({ Success: true, IsRestrictedEmail: false, RestrictedEmails: [], Message: 'The e-mail was sent.' });
    }),
  );
  return sent;
}

describe('SendEmailModal', () => {
  it('fills a template in, attaches a file with underscores, refuses an .exe and sends', async () => {
    const sent = emailServer();
    const user = userEvent.setup();
    let closed = false;
    renderWithProviders(<SendEmailModal opened onClose={() => (closed = true)} contactId={5001} storeId={101} to="maria@example.com" />);
    const dialog = await screen.findByRole('dialog', { name: 'Send Email' });
    expect(within(dialog).getByText('maria@example.com')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Thank you for visiting' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue('Thank you for visiting Northwind Toyota'));
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue('Hi Maria,');

    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Files of type .exe cannot be attached');
    await user.upload(input, new File(['%PDF'], 'price sheet.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(dialog.textContent).toContain('price_sheet.pdf'));
    expect(within(dialog).getByRole('button', { name: 'price_sheet.pdf' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ ContactId: 5001, Subject: 'Thank you for visiting Northwind Toyota', TemplateId: 10101 });
    expect(sent[0]!.Attachments).toEqual([{ FileName: 'price_sheet.pdf', FileUrl: 'attachments/0123456789abcdef01234567/price_sheet.pdf' }]);
  });

  it('sends a file too large for one request straight to the bucket and attaches it once confirmed', async () => {
    const sent = emailServer();
    const puts: { size: number; type: string | null }[] = [];
    const asked: Record<string, unknown>[] = [];
    server.use(
      http.post('*/pando/pandox/create_email_attachment', () => HttpResponse.json({ errorMessages: ['Request too large'] }, { status: 413 })),
      http.post('*/pando/pandox/create_email_attachment/upload_url', async ({ request }) => {
        asked.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({
          Success: true,
          Data: {
            FileName: 'walkaround_video.mp4', FileUrl: 'attachments/0123456789abcdef01234567/walkaround_video.mp4',
            UploadUrl: 'https://files.example.test/cxm/walkaround_video.mp4?X-Amz-Signature=abc', Method: 'PUT',
            Headers: { 'Content-Type': 'video/mp4', 'Content-Length': String(5 * 1024 * 1024) }, ExpiresAt: '2026-01-05T09:15:00Z',
          },
        });
      }),
      http.put('https://files.example.test/cxm/walkaround_video.mp4', async ({ request }) => {
        puts.push({ size: (await request.arrayBuffer()).byteLength, type: request.headers.get('content-type') });
        return new HttpResponse(null, { status: 200 });
      }),
      http.post('*/pando/pandox/create_email_attachment/confirm', async ({ request }) => {
        const { FileUrl } = (await request.json()) as { FileUrl: string };
        return HttpResponse.json({ Success: true, Data: [{ FileName: 'walkaround_video.mp4', FileUrl, ContentType: 'video/mp4', Size: 5 * 1024 * 1024 }] });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SendEmailModal opened onClose={() => {}} contactId={5001} storeId={101} to="maria@example.com" />);
    const dialog = await screen.findByRole('dialog', { name: 'Send Email' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024)], 'walkaround video.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'walkaround_video.mp4' })).toBeInTheDocument());
    expect(asked).toEqual([{ FileName: 'walkaround video.mp4', Size: 5 * 1024 * 1024, ContentType: 'video/mp4' }]);
    expect(puts).toEqual([{ size: 5 * 1024 * 1024, type: 'video/mp4' }]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Your walkaround');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Here it is.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.Attachments).toEqual([{ FileName: 'walkaround_video.mp4', FileUrl: 'attachments/0123456789abcdef01234567/walkaround_video.mp4' }]);
  });

  it('shows the refusal of a message naming another mailbox and keeps the form', async () => {
    emailServer();
    const user = userEvent.setup();
    renderWithProviders(<SendEmailModal opened onClose={() => {}} contactId={5001} storeId={101} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send Email' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Enter a subject.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Your quote');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Write to me@gmail.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('restricted e-mail address (me@gmail.com)');
    expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue('Your quote');
  });
});

describe('EmailHistoryModal', () => {
  it('lists the e-mail sent and received, newest first', async () => {
    server.use(
      http.get('*/crm/contacts/:id/emails', () =>
        HttpResponse.json({
          successful: true,
          data: [
            { id: 2, contactId: 5001, accountPlatformId: 101, direction: 'inbound', from: 'maria@example.com', to: 'reply@x.example', subject: 'Re: Your quote', text: 'Saturday works.', attachments: [], at: '2026-03-02T10:00:00Z' },
            { id: 1, contactId: 5001, accountPlatformId: 101, direction: 'outbound', from: 'no-reply@x.example', to: 'maria@example.com', subject: 'Your quote', text: 'Here it is.', attachments: [{ fileName: 'quote.pdf', fileUrl: 'attachments/0123456789abcdef01234567/quote.pdf', size: 10 }], userName: 'Sam Ortega', at: '2026-03-01T10:00:00Z' },
          ],
        }),
      ),
    );
    renderWithProviders(<EmailHistoryModal opened onClose={() => {}} contactId={5001} />);
    const dialog = await screen.findByRole('dialog', { name: 'Email History' });
    await within(dialog).findByText('Re: Your quote');
    const cards = within(dialog).getAllByText(/^(Sent|Received)$/).map((b) => b.textContent);
    expect(cards).toEqual(['Received', 'Sent']);
    expect(within(dialog).getByText('From maria@example.com')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'quote.pdf' })).toBeInTheDocument();
  });
});
