import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';

import { errorMessage } from '../../../lib/notify';
import { useConversationStatuses, useCustomerConversations } from '../api/conversations';
import type { Conversation } from '../api/types';
import { EndConversationModal, RenameConversationModal, SendToAssistantModal } from './assistant-modals';
import { type Draft, ReplyDraft } from './reply-draft';
import { VideoLibraryModal } from './video-library-modal';

type CustomerAssistantProps = {
  contactId: number;
  storeId: number;
  /** Whether the user may edit the customer, and so start and change conversations. */
  canEdit: boolean;
};

type Dialog = { kind: 'start' | 'videos' } | { kind: 'rename' | 'end'; conversation: Conversation } | null;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * CustomerAssistant is the profile's Auto assistant section: the customer's conversations with the
 * automated assistant, each with its status and every message, to rename or end; Send to auto
 * assistant starts one. Below, a message draft with Suggest a reply and the video library, whose
 * picked video's link goes into the draft.
 */
export function CustomerAssistant({ contactId, storeId, canEdit }: CustomerAssistantProps) {
  const titleId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>({ subject: '', body: '' });
  const conversations = useCustomerConversations(contactId);
  const statuses = useConversationStatuses();
  const definition = (status: string) => statuses.data?.find((s) => s.status === status)?.definition;
  const close = () => setDialog(null);

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id={titleId}>
            Auto assistant
          </Title>
          {canEdit && (
            <Button size="xs" onClick={() => setDialog({ kind: 'start' })}>
              Send to auto assistant
            </Button>
          )}
        </Group>
        {conversations.isPending ? (
          <Center py="md" role="status" aria-label="Loading the conversations">
            <Loader size="sm" />
          </Center>
        ) : conversations.isError ? (
          <Alert color="red" title="The conversations could not be loaded" role="alert">
            {errorMessage(conversations.error)}
          </Alert>
        ) : conversations.data.length === 0 ? (
          <Text c="dimmed">The assistant has no conversations with this customer.</Text>
        ) : (
          <Stack gap="xs" component="ul" aria-label="Assistant conversations" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {conversations.data.map((c) => (
              <Paper component="li" key={c.conversationId} withBorder p="sm" radius="md" aria-label={c.name}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Group gap="xs">
                      <Text fw={600}>{c.name}</Text>
                      <Badge color={c.active ? 'teal' : 'gray'} variant="light" title={definition(c.status)}>
                        {c.stage}: {c.status}
                      </Badge>
                      <Badge variant="outline" color="gray">
                        {c.channel === 'text' ? 'Text' : 'E-mail'} · {c.conversationType}
                      </Badge>
                    </Group>
                    <Group gap="xs">
                      <Button size="xs" variant="subtle" onClick={() => setOpen(open === c.conversationId ? null : c.conversationId)} aria-expanded={open === c.conversationId}>
                        {open === c.conversationId ? 'Hide conversation' : `View conversation (${c.messages?.length ?? 0})`}
                      </Button>
                      {canEdit && (
                        <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'rename', conversation: c })}>
                          Rename
                        </Button>
                      )}
                      {canEdit && c.active && (
                        <Button size="xs" color="red" variant="light" onClick={() => setDialog({ kind: 'end', conversation: c })}>
                          End
                        </Button>
                      )}
                    </Group>
                  </Group>
                  <Text size="xs" c="dimmed">
                    Started {when(c.startedAt)} by {c.startedByName}
                    {c.to ? ` · to ${c.to}` : ''}
                    {c.endedAt ? ` · ended ${when(c.endedAt)}` : ''}
                  </Text>
                  {open === c.conversationId &&
                    ((c.messages ?? []).length === 0 ? (
                      <Text size="sm" c="dimmed">
                        No messages yet: {definition(c.status) ?? c.status}
                      </Text>
                    ) : (
                      <Stack gap={6}>
                        {(c.messages ?? []).map((m) => (
                          <Paper key={`${m.at}-${m.activityId}`} p="xs" radius="sm" bg={m.direction === 'outbound' ? 'blue.0' : 'gray.0'} ml={m.direction === 'outbound' ? 'lg' : 0} mr={m.direction === 'outbound' ? 0 : 'lg'}>
                            <Text size="xs" c="dimmed">
                              {m.direction === 'outbound' ? 'Assistant' : 'Customer'} · {when(m.at)}
                            </Text>
                            {m.subject && (
                              <Text size="sm" fw={600}>
                                {m.subject}
                              </Text>
                            )}
                            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                              {m.body}
                            </Text>
                          </Paper>
                        ))}
                      </Stack>
                    ))}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
        {canEdit && (
          <Paper withBorder p="sm" radius="md" aria-label="Message draft">
            <ReplyDraft
              channel="text"
              contactId={contactId}
              storeId={storeId}
              value={draft}
              onChange={setDraft}
              actions={
                <Button variant="default" onClick={() => setDialog({ kind: 'videos' })}>
                  Video library
                </Button>
              }
            />
          </Paper>
        )}
      </Stack>
      {dialog?.kind === 'start' && <SendToAssistantModal opened onClose={close} contactId={contactId} storeId={storeId} />}
      {dialog?.kind === 'rename' && <RenameConversationModal conversation={dialog.conversation} onClose={close} />}
      {dialog?.kind === 'end' && <EndConversationModal conversation={dialog.conversation} onClose={close} />}
      <VideoLibraryModal
        opened={dialog?.kind === 'videos'}
        onClose={close}
        storeId={storeId}
        contactId={contactId}
        onPick={(video, link) => {
          const url = new URL(link.url, window.location.origin).toString();
          setDraft((d) => ({ ...d, body: `${d.body}${d.body && !d.body.endsWith('\n') ? '\n' : ''}${video.title}: ${url}` }));
        }}
      />
    </Paper>
  );
}
