import { Alert, Badge, Box, Center, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';

import { EmptyState } from '../../../components/ui/empty-state';
import type { ActivityEntry } from '../../../lib/api/types';
import { errorMessage } from '../../../lib/notify';
import { useCanText } from '../api/get-can-text';
import { useConversation } from '../api/get-conversation';
import { SendTextForm } from './send-text-form';
import { SendTextModal } from './send-text-modal';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** who names the sender of an entry for its bubble. */
function who(e: ActivityEntry, customerName: string): string {
  if (e.direction === 'inbound') return customerName;
  if (e.details?.automated === 'true') return e.details?.path === 'consent' ? 'Automatic reply' : `${e.userName || 'Workflow'} (automated)`;
  return e.userName || e.userId;
}

function Bubble({ entry, customerName }: { entry: ActivityEntry; customerName: string }) {
  const inbound = entry.direction === 'inbound';
  const email = entry.category === 'email';
  return (
    <Group justify={inbound ? 'flex-start' : 'flex-end'} wrap="nowrap">
      <Paper
        component="article"
        aria-label={`${email ? 'E-mail' : 'Text'} ${inbound ? 'from' : 'to'} the customer, ${dateTime.format(new Date(entry.at))}`}
        p="sm"
        radius="md"
        maw="75%"
        withBorder={inbound}
        bg={inbound ? 'white' : email ? 'grape.0' : 'blue.0'}
      >
        <Group gap="xs" mb={4}>
          <Badge size="xs" variant="light" color={email ? 'grape' : 'blue'}>
            {email ? 'E-mail' : 'Text'}
          </Badge>
          <Text size="xs" fw={600}>
            {who(entry, customerName)}
          </Text>
          <Text size="xs" c="dimmed">
            {dateTime.format(new Date(entry.at))}
          </Text>
          {entry.details?.keyword && entry.details.keyword !== 'None' ? (
            <Badge size="xs" color={entry.details.keyword === 'Stop' ? 'red' : 'gray'}>
              {entry.details.keyword.toUpperCase()}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {entry.text}
        </Text>
      </Paper>
    </Group>
  );
}

/** Conversation lists a customer's texts and e-mails, oldest first. */
export function Conversation({ contactId, customerName }: { contactId: number; customerName: string }) {
  const conversation = useConversation(contactId);
  if (conversation.isPending) {
    return (
      <Center py="md" role="status" aria-label="Loading the messages">
        <Loader size="sm" />
      </Center>
    );
  }
  if (conversation.isError) {
    return (
      <Alert color="red" role="alert" title="The messages could not be loaded">
        {errorMessage(conversation.error)}
      </Alert>
    );
  }
  if (conversation.data.length === 0) {
    return <EmptyState title="No messages yet">Texts and e-mails with the customer show here.</EmptyState>;
  }
  return (
    <ScrollArea.Autosize mah={480} type="auto">
      <Stack gap="xs" role="log" aria-label="Conversation">
        {conversation.data.map((e) => (
          <Bubble key={e.id} entry={e} customerName={customerName} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/**
 * MessagesTab is the profile's Messages tab: the customer's texting consent, their texts and
 * e-mails as one conversation, and the send box.
 */
export function MessagesTab({ contactId, customerName, canEdit }: { contactId: number; customerName: string; canEdit: boolean }) {
  const canText = useCanText(contactId);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2} size="h4">
            Messages
          </Title>
          {canText.data ? (
            canText.data.optedOut ? (
              <Badge color="red">Opted out of texts</Badge>
            ) : canText.data.canText ? (
              <Badge color="green">Textable</Badge>
            ) : (
              <Badge color="orange">Not textable now</Badge>
            )
          ) : null}
        </Group>
        {canEdit ? <SendTextModal contactId={contactId} customerName={customerName} /> : null}
      </Group>
      <Conversation contactId={contactId} customerName={customerName} />
      {canEdit ? (
        <Box component="section" aria-label="Send box">
          <SendTextForm contactId={contactId} />
        </Box>
      ) : null}
    </Stack>
  );
}
