import { Alert, Avatar, Box, Button, Center, Drawer, Group, Loader, NavLink, Paper, ScrollArea, Stack, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';

import type { AppUser, ChatMessage, RecentChat } from '../../../lib/api/types';
import { errorMessage } from '../../../lib/notify';
import { roleLabel, useUsers } from '../../users';
import { useChatGroup } from '../api/check-group';
import { useChatHistory } from '../api/get-history';
import { useRecentChats } from '../api/list-recent';
import { newClientMessageId, usePendingChatMessages, useSendChatMessage } from '../api/send-message';
import { chatAllowed, chatColleagues, messageTime } from './chat-rule';

const MAX_MESSAGE = 2000;

type ChatDrawerProps = {
  me: AppUser;
  opened: boolean;
  onClose: () => void;
};

/**
 * ChatDrawer is staff chat: the colleagues the user may chat with, and the conversation with
 * the one chosen.
 */
/** Colleague is who a conversation is with. */
type Colleague = { UserId: string; Name: string };

export function ChatDrawer({ me, opened, onClose }: ChatDrawerProps) {
  const [colleague, setColleague] = useState<Colleague | null>(null);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={<Text fw={700}>Chat</Text>}>
      {colleague ? (
        <Conversation me={me} colleague={colleague} onBack={() => setColleague(null)} />
      ) : (
        <ColleaguePicker me={me} onPick={setColleague} />
      )}
    </Drawer>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

function ColleaguePicker({ me, onPick }: { me: AppUser; onPick: (u: Colleague) => void }) {
  const [query, setQuery] = useState('');
  const users = useUsers({ includeInactive: false }, { enabled: chatAllowed(me) });
  const all = useMemo(() => chatColleagues(me, users.data ?? []), [me, users.data]);
  const shown = useMemo(() => chatColleagues(me, users.data ?? [], query), [me, users.data, query]);

  if (!chatAllowed(me)) {
    return (
      <Alert color="yellow" title="Chat is not available here">
        You are viewing another dealer group. Chat is available while you view your own dealer group.
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <TextInput
        label="Chat with"
        placeholder="Search colleagues by name or e-mail"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        data-autofocus
      />
      {query.trim() ? null : <RecentChats me={me} onPick={onPick} />}
      {users.isPending ? (
        <Center py="lg" role="status" aria-label="Loading colleagues">
          <Loader size="sm" />
        </Center>
      ) : users.isError ? (
        <Alert color="red" title="Colleagues could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(users.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void users.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : all.length === 0 ? (
        <Text c="dimmed" size="sm">
          No colleague shares a store with you, so there is no one to chat with yet.
        </Text>
      ) : shown.length === 0 ? (
        <Text c="dimmed" size="sm">
          No colleague matches “{query.trim()}”.
        </Text>
      ) : (
        <Box component="ul" aria-label="Colleagues" m={0} p={0} style={{ listStyle: 'none' }}>
          <Text component="li" size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" aria-hidden>
            Colleagues
          </Text>
          {shown.map((u) => (
            <li key={u.UserId}>
              <NavLink
                component="button"
                onClick={() => onPick(u)}
                label={u.Name}
                description={u.PrimaryUserRole ? roleLabel(u.PrimaryUserRole) : u.Email}
                leftSection={
                  <Avatar size="sm" radius="xl" color="blue">
                    {initials(u.Name)}
                  </Avatar>
                }
              />
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** directColleague is the one colleague of a one-to-one chat the user may write to, or null. */
function directColleague(c: RecentChat): Colleague | null {
  const others = c.Colleagues ?? [];
  const only = others[0];
  return others.length === 1 && only?.CanChat ? { UserId: only.UserId, Name: only.Name } : null;
}

/** RecentChats lists the user's chats, the last written first, with their last message. */
function RecentChats({ me, onPick }: { me: AppUser; onPick: (u: Colleague) => void }) {
  const recent = useRecentChats();
  const chats = recent.data ?? [];
  if (recent.isError) {
    return (
      <Text size="sm" c="red">
        Your recent chats could not be loaded: {errorMessage(recent.error)}
      </Text>
    );
  }
  if (chats.length === 0) return null;
  return (
    <Box component="ul" aria-label="Recent chats" m={0} p={0} style={{ listStyle: 'none' }}>
      <Text component="li" size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" aria-hidden>
        Recent chats
      </Text>
      {chats.map((c) => {
        const colleague = directColleague(c);
        const names = (c.Colleagues ?? []).map((m) => m.Name).join(', ');
        const prefix = c.LastSenderUserId === me.UserId ? 'You: ' : '';
        return (
          <li key={c.GroupId}>
            <NavLink
              component="button"
              disabled={!colleague}
              onClick={() => colleague && onPick(colleague)}
              label={
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate fw={c.Unread ? 700 : undefined}>
                    {names}
                    {c.Unread ? <VisuallyHidden> (unread)</VisuallyHidden> : null}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {messageTime(c.LastMessageDT)}
                  </Text>
                </Group>
              }
              description={
                <Text size="xs" c={c.Unread ? undefined : 'dimmed'} fw={c.Unread ? 600 : undefined} truncate>
                  {prefix}
                  {c.LastMessage}
                </Text>
              }
              leftSection={
                <Avatar size="sm" radius="xl" color="teal">
                  {initials(names)}
                </Avatar>
              }
            />
          </li>
        );
      })}
    </Box>
  );
}

type Bubble = { key: string; mine: boolean; sender: string; text: string; time: string; sending?: boolean };

function Conversation({ me, colleague, onBack }: { me: AppUser; colleague: Colleague; onBack: () => void }) {
  const group = useChatGroup(colleague.UserId);
  const groupId = group.data?.GroupID;
  const history = useChatHistory(groupId);
  const pending = usePendingChatMessages(colleague.UserId);
  const send = useSendChatMessage();
  const [draft, setDraft] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);

  const bubbles: Bubble[] = useMemo(() => {
    const name = (m: ChatMessage) => (m.SenderUserID === me.UserId ? 'You' : m.SenderUserID === colleague.UserId ? colleague.Name : 'A colleague');
    const stored = (history.data ?? []).map((m) => ({
      key: m.MessageID,
      mine: m.SenderUserID === me.UserId,
      sender: name(m),
      text: m.Message,
      time: messageTime(m.SentAt),
    }));
    const sending = pending.map((p) => ({ key: p.clientMessageId, mine: true, sender: 'You', text: p.message, time: 'Sending…', sending: true }));
    return [...stored, ...sending];
  }, [history.data, pending, me.UserId, colleague]);

  useEffect(() => {
    const v = viewport.current;
    if (v) v.scrollTop = v.scrollHeight;
  }, [bubbles.length]);

  const submit = () => {
    const message = draft.trim();
    if (!message || message.length > MAX_MESSAGE) return;
    setSendError(null);
    setDraft('');
    send.mutate(
      { userId: colleague.UserId, message, clientMessageId: newClientMessageId() },
      {
        onError: (err) => {
          setSendError(errorMessage(err));
          // The text comes back so nothing typed is lost.
          setDraft((d) => (d ? d : message));
        },
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const loading = group.isPending || (Boolean(groupId) && history.isPending);
  const loadError = group.isError ? group.error : history.isError ? history.error : null;
  const tooLong = draft.length > MAX_MESSAGE;

  return (
    <Stack gap="sm" h="calc(100dvh - 90px)">
      <Group gap="xs" wrap="nowrap">
        <Button variant="subtle" size="compact-sm" onClick={onBack} aria-label="Back to colleagues">
          ← Colleagues
        </Button>
        <Avatar size="sm" radius="xl" color="blue">
          {initials(colleague.Name)}
        </Avatar>
        <Text fw={600} truncate aria-live="polite">
          {colleague.Name}
        </Text>
      </Group>
      <ScrollArea flex={1} viewportRef={viewport} type="auto" offsetScrollbars>
        {loading ? (
          <Center py="xl" role="status" aria-label="Loading messages">
            <Loader size="sm" />
          </Center>
        ) : loadError ? (
          <Alert color="red" title="Messages could not be loaded">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(loadError)}</Text>
              <Button size="xs" variant="light" onClick={() => void (group.isError ? group.refetch() : history.refetch())}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : bubbles.length === 0 ? (
          <Center py="xl">
            <Text c="dimmed" size="sm">
              No messages yet — say hello
            </Text>
          </Center>
        ) : (
          <Stack gap={6} component="ol" aria-label={`Messages with ${colleague.Name}`} m={0} p={0} style={{ listStyle: 'none' }}>
            {bubbles.map((b) => (
              <Box component="li" key={b.key} style={{ alignSelf: b.mine ? 'flex-end' : 'flex-start', maxWidth: '80%' }}>
                <Text size="xs" c="dimmed" ta={b.mine ? 'right' : 'left'}>
                  {b.sender} · {b.time}
                </Text>
                <Paper
                  px="sm"
                  py={6}
                  radius="lg"
                  bg={b.mine ? 'blue.6' : 'gray.1'}
                  c={b.mine ? 'white' : 'dark'}
                  opacity={b.sending ? 0.7 : 1}
                >
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {b.text}
                  </Text>
                </Paper>
              </Box>
            ))}
          </Stack>
        )}
      </ScrollArea>
      {sendError ? (
        <Alert color="red" title="Your message was not sent" withCloseButton onClose={() => setSendError(null)}>
          {sendError}
        </Alert>
      ) : null}
      <Stack gap={4}>
        <Textarea
          aria-label={`Message to ${colleague.Name}`}
          placeholder={`Message ${colleague.Name}`}
          rows={3}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          error={tooLong ? `A message may have at most ${MAX_MESSAGE} characters.` : undefined}
          data-autofocus
        />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            Enter sends, Shift+Enter adds a line
          </Text>
          <Button size="xs" onClick={submit} disabled={!draft.trim() || tooLong}>
            Send
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
