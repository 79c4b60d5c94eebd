import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { ActivityEntry, CanText } from '../../../lib/api/types';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { MessagesTab } from './messages-tab';
import { segments } from './send-text-form';

const OPTED_OUT_REASON = 'The customer texted "STOP" on Nov 20, 2026 at 9:00 AM and is opted out. Only the customer can opt back in, by texting START.';

function textable(): CanText {
  return {
    contactId: 7, canText: true, isTextable: true, optedOut: false, reasonCode: '', reason: '',
    phones: [{ id: 1, phoneDisplay: '+1 (503) 555-0134', label: 'Cell', isPreferred: true, canText: true }],
  };
}

function optedOut(): CanText {
  return {
    contactId: 7, canText: false, isTextable: true, optedOut: true, reasonCode: 'OptedOut', reason: OPTED_OUT_REASON,
    phones: [{ id: 1, phoneDisplay: '+1 (503) 555-0134', label: 'Cell', isPreferred: true, canText: false, reasonCode: 'OptedOut', reason: OPTED_OUT_REASON }],
  };
}

function entry(id: number, category: 'text' | 'email', direction: 'inbound' | 'outbound', text: string, minute: number, extra: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id, contactId: 7, accountPlatformId: 2001, kind: category, category, direction, text, userId: direction === 'inbound' ? 'customer' : 'u-sales',
    userName: direction === 'inbound' ? 'Customer' : 'Sam Ortega', at: new Date(Date.UTC(2026, 10, 20, 17, minute)).toISOString(), ...extra,
  };
}

/** messagesServer plays the texting calls: can_text, the feed per category, and the send, which the consent ledger may refuse. */
function messagesServer(initial: { canText: CanText; entries: ActivityEntry[] }) {
  let consent = initial.canText;
  const entries = [...initial.entries];
  const sends: unknown[] = [];
  server.use(
    http.get('*/crm/contacts/:id/actions/sms/can_text', () => HttpResponse.json({ successful: true, data: consent })),
    http.post('*/crm/contacts/:id/activity/feed/paged', async ({ request }) => {
      const body = (await request.json()) as { category?: string };
      return HttpResponse.json({ successful: true, data: { entries: entries.filter((e) => e.category === body.category).reverse(), nextCursor: '' } });
    }),
    http.post('*/crm/contacts/:id/actions/sms/send', async ({ request }) => {
      const body = (await request.json()) as { text: string };
      sends.push(body);
      if (!consent.canText) return HttpResponse.json({ successful: false, errorMessages: [consent.reason] }, { status: 409 });
      const e = entry(100 + entries.length, 'text', 'outbound', body.text, 30 + entries.length);
      entries.push(e);
      return HttpResponse.json({ successful: true, data: { contactId: 7, messageId: 'sandbox-1', to: '+15035550134', entry: e } });
    }),
  );
  return {
    sends,
    optOut: () => {
      consent = optedOut();
    },
  };
}

describe('MessagesTab', () => {
  it('shows texts and e-mails as one conversation, oldest first, and sends a text', async () => {
    const s = messagesServer({
      canText: textable(),
      entries: [
        entry(1, 'email', 'outbound', 'Your quote for the RAV4 is attached.', 1),
        entry(2, 'text', 'inbound', 'Thanks! Can I come Saturday?', 5),
        entry(3, 'text', 'outbound', 'Saturday at 10 works.', 9),
      ],
    });
    const user = userEvent.setup();
    renderWithProviders(<MessagesTab contactId={7} customerName="Tess Texter" canEdit />);
    const log = await screen.findByRole('log', { name: 'Conversation' });
    const bubbles = within(log).getAllByRole('article');
    expect(bubbles.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Your quote for the RAV4'),
      expect.stringContaining('Can I come Saturday?'),
      expect.stringContaining('Saturday at 10 works.'),
    ]);
    expect(bubbles[0]).toHaveAccessibleName(/^E-mail to the customer/);
    expect(bubbles[1]).toHaveAccessibleName(/^Text from the customer/);
    expect(screen.getByText('Textable')).toBeInTheDocument();

    const box = screen.getByRole('region', { name: 'Send box' });
    await user.click(within(box).getByRole('button', { name: 'Send text' }));
    expect(await within(box).findByText('Enter the text to send.')).toBeInTheDocument();
    expect(s.sends).toHaveLength(0);
    await user.type(within(box).getByRole('textbox', { name: 'Text message' }), 'See you then!');
    await user.click(within(box).getByRole('button', { name: 'Send text' }));
    await waitFor(() => expect(within(log).getAllByRole('article')).toHaveLength(4));
    expect(s.sends).toEqual([{ text: 'See you then!', phoneId: 1 }]);
    expect(within(box).getByRole('textbox', { name: 'Text message' })).toHaveValue('');
  });

  it('says why a customer who opted out may not be texted, and sends nothing', async () => {
    messagesServer({ canText: optedOut(), entries: [entry(1, 'text', 'inbound', 'STOP', 1, { details: { keyword: 'Stop' } })] });
    renderWithProviders(<MessagesTab contactId={7} customerName="Tess Texter" canEdit />);
    const box = await screen.findByRole('region', { name: 'Send box' });
    const alert = await within(box).findByRole('alert');
    expect(alert).toHaveTextContent('Opted out of texts');
    expect(alert).toHaveTextContent(OPTED_OUT_REASON);
    expect(within(box).getByRole('button', { name: 'Send text' })).toBeDisabled();
    expect(within(box).getByRole('textbox', { name: 'Text message' })).toBeDisabled();
    expect(screen.getAllByText('Opted out of texts').length).toBeGreaterThan(0);
  });

  it('shows the server’s refusal when consent changed since the box was opened', async () => {
    const s = messagesServer({ canText: textable(), entries: [] });
    const user = userEvent.setup();
    renderWithProviders(<MessagesTab contactId={7} customerName="Tess Texter" canEdit />);
    const box = await screen.findByRole('region', { name: 'Send box' });
    await user.type(await within(box).findByRole('textbox', { name: 'Text message' }), 'Hello');
    s.optOut();
    await user.click(within(box).getByRole('button', { name: 'Send text' }));
    expect(await within(box).findAllByText(OPTED_OUT_REASON)).not.toHaveLength(0);
  });
});

describe('segments', () => {
  it.each([
    ['', 1],
    ['a'.repeat(160), 1],
    ['a'.repeat(161), 2],
    ['a'.repeat(1600), 10],
  ])('%#: counts the 160-character segments', (text, want) => {
    expect(segments(text)).toBe(want);
  });
});
