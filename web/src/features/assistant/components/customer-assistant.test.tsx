import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { Conversation, Video } from '../api/types';
import { CustomerAssistant } from './customer-assistant';

const CONTACT = 5001;
const STORE = 101;

function conversation(over: Partial<Conversation>): Conversation {
  return {
    conversationId: 'AA-1', contactId: CONTACT, accountPlatformId: STORE, name: 'Sales follow-up', conversationType: 'Sales', channel: 'text',
    to: '+15035550134', stage: 'Messaging', status: 'Sent Message', active: true, startedAt: '2026-11-20T17:00:00Z', startedBy: 'u-sales',
    startedByName: 'Sam Ortega', version: 1, endedAt: null,
    messages: [{ direction: 'outbound', body: 'Hi Maria, this is Ava with Northwind Toyota.', at: '2026-11-20T17:00:00Z', activityId: 11 }],
    ...over,
  } as Conversation;
}

const video: Video = {
  videoId: 'VD-1', accountPlatformId: STORE, subcategoryId: 2, subcategoryName: 'Vehicle walkaround', title: 'RAV4 walkaround', description: 'A look around',
  contentType: 'video/webm', sizeBytes: 10, createdAt: '2026-11-01T00:00:00Z', createdBy: 'system', createdByName: 'CXM',
};

type Sent = { path: string; body: Record<string, unknown> };

/**
 * assistantServer plays the assistant's calls as the server keeps them: conversations started
 * (refused for a customer who may not be texted), ended once (409 after), the statuses, the
 * library and its links, and suggested replies.
 */
function assistantServer(initial: Conversation[], { mayText = true } = {}) {
  let convs = [...initial];
  const sent: Sent[] = [];
  const json = async (request: Request) => (await request.json()) as Record<string, unknown>;
  server.use(
    http.post('*/api/auto_assistant/full_conversation', () => HttpResponse.json({ successful: true, data: convs })),
    http.post('*/api/auto_assistant/conversica_conversation_statuses', () =>
      HttpResponse.json({ successful: true, data: [{ stage: 'Messaging', status: 'Sent Message', definition: 'Awaiting the customer.', active: true }] }),
    ),
    http.post('*/api/auto_assistant/new_request', async ({ request }) => {
      const body = await json(request);
      sent.push({ path: 'new_request', body });
      if (body.channel === 'text' && !mayText) {
        return HttpResponse.json({ successful: false, errorMessages: ['The assistant may not text the customer: The customer is marked Do Not Text.'] }, { status: 409 });
      }
      const c = conversation({ conversationId: 'AA-2', name: String(body.name ?? 'Sales follow-up, Nov 29, 2026'), channel: body.channel as Conversation['channel'] });
      convs = [c, ...convs];
      return HttpResponse.json({ successful: true, data: c });
    }),
    http.post('*/api/auto_assistant/end_conversation', async ({ request }) => {
      const body = await json(request);
      sent.push({ path: 'end', body });
      const c = convs.find((v) => v.conversationId === body.conversationId);
      if (!c) return HttpResponse.json({ successful: false, errorMessages: ['The conversation does not exist.'] }, { status: 404 });
      if (!c.active) return HttpResponse.json({ successful: false, errorMessages: ['The conversation has ended already.'] }, { status: 409 });
      const ended: Conversation = { ...c, active: false, stage: 'Client Stopped', status: 'Rep Stopped', version: c.version + 1, endedAt: '2026-11-29T10:00:00Z' };
      convs = convs.map((v) => (v === c ? ended : v));
      return HttpResponse.json({ successful: true, data: ended });
    }),
    http.get('*/cxp/video/subcategory', () =>
      HttpResponse.json({ successful: true, data: [{ id: 2, name: 'Vehicle walkaround', category: 'Sales', videoCount: 1 }] }),
    ),
    http.post('*/cxp/video/search', () => HttpResponse.json({ successful: true, data: [video] })),
    http.post('*/cxp/video/internalauthlink', async ({ request }) => {
      const body = await json(request);
      sent.push({ path: 'link', body });
      return HttpResponse.json({ successful: true, data: { videoId: 'VD-1', title: video.title, url: '/media/accounts/1/videos/101/VD-1.webm?expires=1&signature=ab', expiresAt: '2026-12-06T10:00:00Z' } });
    }),
    http.post('*/generate/sms/response', async ({ request }) => {
      const body = await json(request);
      sent.push({ path: 'generate', body });
      return HttpResponse.json({ successful: true, data: { channel: 'text', subject: '', body: 'Hi Maria, that works. Offer Saturday morning.', draft: true, basedOn: 1 } });
    }),
  );
  return sent;
}

describe('CustomerAssistant', () => {
  it('shows a conversation in full and ends it', async () => {
    const sent = assistantServer([conversation({})]);
    const user = userEvent.setup();
    renderWithProviders(<CustomerAssistant contactId={CONTACT} storeId={STORE} canEdit />);
    const item = await screen.findByRole('listitem', { name: 'Sales follow-up' });
    expect(within(item).getByText('Messaging: Sent Message')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'View conversation (1)' }));
    expect(within(item).getByText(/this is Ava with Northwind Toyota/)).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'End' }));
    await user.click(await screen.findByRole('button', { name: 'End conversation' }));
    await waitFor(() => expect(within(item).getByText('Client Stopped: Rep Stopped')).toBeInTheDocument());
    expect(within(item).queryByRole('button', { name: 'End' })).not.toBeInTheDocument();
    expect(sent).toContainEqual({ path: 'end', body: { contactId: CONTACT, conversationId: 'AA-1', version: 1 } });
  });

  it('shows why the assistant may not text the customer and starts nothing', async () => {
    const sent = assistantServer([], { mayText: false });
    const user = userEvent.setup();
    renderWithProviders(<CustomerAssistant contactId={CONTACT} storeId={STORE} canEdit />);
    await screen.findByText('The assistant has no conversations with this customer.');
    await user.click(screen.getByRole('button', { name: 'Send to auto assistant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to auto assistant' });
    await user.click(within(dialog).getByRole('button', { name: 'Start conversation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Do Not Text');
    expect(sent.filter((s) => s.path === 'new_request')).toHaveLength(1);
    await user.click(within(dialog).getByRole('radio', { name: 'E-mail' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start conversation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: /Sales follow-up/ })).toBeInTheDocument();
  });

  it('puts a suggested reply and a picked video into the draft, sending nothing', async () => {
    const sent = assistantServer([]);
    const user = userEvent.setup();
    renderWithProviders(<CustomerAssistant contactId={CONTACT} storeId={STORE} canEdit />);
    await user.type(await screen.findByRole('textbox', { name: /What should the reply say/ }), 'offer Saturday morning');
    await user.click(screen.getByRole('button', { name: 'Suggest a reply' }));
    const draft = screen.getByRole('textbox', { name: 'Text draft' });
    await waitFor(() => expect(draft).toHaveValue('Hi Maria, that works. Offer Saturday morning.'));
    expect(sent).toContainEqual({ path: 'generate', body: { contactId: CONTACT, accountPlatformId: STORE, instructions: 'offer Saturday morning' } });
    await user.click(screen.getByRole('button', { name: 'Video library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Video library' });
    await user.click(await within(dialog).findByRole('button', { name: 'Send RAV4 walkaround' }));
    await waitFor(() => expect((draft as HTMLTextAreaElement).value).toContain('Offer Saturday morning.\nRAV4 walkaround: http'));
    expect(sent).toContainEqual({ path: 'link', body: { accountPlatformId: STORE, videoId: 'VD-1', contactId: CONTACT } });
  });
});
