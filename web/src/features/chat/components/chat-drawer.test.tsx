import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { ChatGroup, ChatMessage, StaffUser } from '../../../lib/api/types';
import { managerUser, salesUser, staff } from '../../../testing/fixtures';
import { staffUsers } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { ChatDrawer } from './chat-drawer';
import { chatColleagues } from './chat-rule';

const group: ChatGroup = {
  GroupID: 'g1',
  GroupMessagingType: 'Direct',
  UserIDs: [managerUser.UserId, salesUser.UserId].sort(),
  AdminUserIDs: null,
  CreateDT: '2026-03-02T09:00:00Z',
  LastMessageDT: '2026-03-02T09:05:00Z',
};

function message(n: number, from: string, text: string): ChatMessage {
  return { MessageID: `m${n}`, GroupID: 'g1', SenderUserID: from, Message: text, SentAt: `2026-03-02T09:0${n}:00Z`, Timetoken: n };
}

/** chatServer serves the chat calls over one group's messages, recording the calls. */
function chatServer(initial: { group: ChatGroup | null; messages: ChatMessage[] }, options: { failSend?: boolean } = {}) {
  const state = { group: initial.group, messages: [...initial.messages], calls: [] as string[], read: false };
  server.use(
    staffUsers(staff),
    http.get('*/message/groups', () => {
      state.calls.push('recent');
      const last = state.messages.at(-1);
      const chats = state.group && last
        ? [
            {
              GroupId: state.group.GroupID,
              Colleagues: [{ UserId: managerUser.UserId, Name: managerUser.Name, CanChat: true }],
              LastMessage: last.Message,
              LastMessageDT: last.SentAt,
              LastSenderUserId: last.SenderUserID,
              Unread: last.SenderUserID !== salesUser.UserId && !state.read,
            },
          ]
        : [];
      return HttpResponse.json({ Success: true, Data: chats });
    }),
    http.get('*/group/CheckForGroup', ({ request }) => {
      state.calls.push(`check ${new URL(request.url).searchParams.get('staffids')}`);
      return HttpResponse.json({ Success: true, Data: state.group });
    }),
    http.post('*/message/history', async ({ request }) => {
      const body = (await request.json()) as { GroupId: string; Count: number };
      state.calls.push(`history ${body.GroupId} ${body.Count}`);
      state.read = true;
      return HttpResponse.json({ Success: true, Data: state.messages.slice(-body.Count) });
    }),
    http.post('*/message/send', async ({ request }) => {
      const body = (await request.json()) as { Message: string; UserIds: string[] };
      state.calls.push(`send ${body.UserIds.join(',')} ${body.Message}`);
      await delay(50);
      if (options.failSend) {
        return HttpResponse.json({ Success: false, Message: 'The user u-manager does not exist or cannot receive messages from you.' }, { status: 404 });
      }
      state.group ??= group;
      const m = message(state.messages.length + 1, salesUser.UserId, body.Message);
      state.messages.push(m);
      return HttpResponse.json({ Success: true, Data: { Group: state.group, Message: m } });
    }),
  );
  return state;
}

describe('chatColleagues', () => {
  const inactive: StaffUser = { ...staff[0]!, UserId: 'u-gone', Name: 'Gone User', Active: false };
  const elsewhere: StaffUser = { ...staff[0]!, UserId: 'u-far', Name: 'Far Away', AccountPlatformIDs: [999] };
  it.each([
    { name: 'active colleagues sharing a store, not me, by name', me: salesUser, query: '', want: ['Morgan Reyes', 'Taylor Brooks'] },
    { name: 'a search by name', me: salesUser, query: 'morg', want: ['Morgan Reyes'] },
    { name: 'nobody while another dealer group is viewed', me: { ...salesUser, ViewAccountID: 2 }, query: '', want: [] },
  ])('lists $name', ({ me, query, want }) => {
    const names = chatColleagues(me, [...staff, inactive, elsewhere], query).map((u) => u.Name);
    expect(names).toEqual(want);
  });
});

describe('ChatDrawer', () => {
  it('loads the 20 newest messages of the chosen colleague, mine right, theirs left', async () => {
    const user = userEvent.setup();
    const state = chatServer({ group, messages: [message(1, managerUser.UserId, 'Can you take my 3 o’clock?'), message(2, salesUser.UserId, 'Sure')] });
    renderWithProviders(<ChatDrawer me={salesUser} opened onClose={() => {}} />);

    const recent = await screen.findByRole('list', { name: 'Recent chats' });
    expect(within(recent).getByRole('button', { name: /Morgan Reyes.*You: Sure/ })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Chat with'), 'morgan');
    const colleagues = screen.getByRole('list', { name: 'Colleagues' });
    expect(within(colleagues).getAllByRole('button')).toHaveLength(1);
    await user.click(within(colleagues).getByRole('button', { name: /Morgan Reyes/ }));

    const list = await screen.findByRole('list', { name: 'Messages with Morgan Reyes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([expect.stringMatching(/^Morgan Reyes · .*Can you take my 3 o’clock\?$/), expect.stringMatching(/^You · .*Sure$/)]);
    expect(items[0]).toHaveStyle({ alignSelf: 'flex-start' });
    expect(items[1]).toHaveStyle({ alignSelf: 'flex-end' });
    expect(state.calls).toEqual(['recent', 'check u-manager', 'history g1 20']);
  });

  it('marks a chat with a colleague message unread until its messages are read', async () => {
    const user = userEvent.setup();
    chatServer({ group, messages: [message(1, managerUser.UserId, 'Customer in the lobby')] });
    renderWithProviders(<ChatDrawer me={salesUser} opened onClose={() => {}} />);

    const recent = await screen.findByRole('list', { name: 'Recent chats' });
    const unread = within(recent).getByRole('button', { name: /Morgan Reyes/ });
    expect(unread).toHaveTextContent('Morgan Reyes (unread)');
    await user.click(unread);
    await screen.findByRole('list', { name: 'Messages with Morgan Reyes' });
    await user.click(screen.getByRole('button', { name: 'Back to colleagues' }));
    const again = await screen.findByRole('list', { name: 'Recent chats' });
    await waitFor(() => expect(within(again).getByRole('button', { name: /Morgan Reyes/ })).not.toHaveTextContent('(unread)'));
  });

  it('starts a conversation: Enter sends, the message shows at once and stays after the refresh', async () => {
    const user = userEvent.setup();
    const state = chatServer({ group: null, messages: [] });
    renderWithProviders(<ChatDrawer me={salesUser} opened onClose={() => {}} />);

    await user.click(within(await screen.findByRole('list', { name: 'Colleagues' })).getByRole('button', { name: /Morgan Reyes/ }));
    expect(await screen.findByText('No messages yet — say hello')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Message to Morgan Reyes' });
    await user.type(box, 'Lunch?{Shift>}{Enter}{/Shift}At noon{Enter}');

    const list = await screen.findByRole('list', { name: 'Messages with Morgan Reyes' });
    expect(within(list).getByText('Sending…', { exact: false })).toBeInTheDocument();
    expect(box).toHaveValue('');
    await waitFor(() => expect(within(list).queryByText(/Sending…/)).not.toBeInTheDocument());
    expect(within(list).getAllByRole('listitem').map((i) => i.textContent)).toEqual([expect.stringMatching(/^You · .*Lunch\?\nAt noon$/)]);
    expect(state.calls.filter((c) => c !== 'recent')).toEqual(['check u-manager', 'send u-manager Lunch?\nAt noon', 'history g1 20']);
  });

  it('shows a failed send as a clear error and gives the text back', async () => {
    const user = userEvent.setup();
    chatServer({ group, messages: [] }, { failSend: true });
    renderWithProviders(<ChatDrawer me={salesUser} opened onClose={() => {}} />);

    await user.click(within(await screen.findByRole('list', { name: 'Colleagues' })).getByRole('button', { name: /Morgan Reyes/ }));
    const box = await screen.findByRole('textbox', { name: 'Message to Morgan Reyes' });
    await user.type(box, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Your message was not sent')).toBeInTheDocument();
    expect(screen.getByText('The user u-manager does not exist or cannot receive messages from you.')).toBeInTheDocument();
    expect(box).toHaveValue('Hello');
    expect(screen.getByText('No messages yet — say hello')).toBeInTheDocument();
  });
});
