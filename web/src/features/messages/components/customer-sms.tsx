import { Paper, Stack, Title } from '@mantine/core';

import { Conversation } from './messages-tab';
import { SendTextForm } from './send-text-form';

/** CustomerSms is the embedded customersms screen's body: the send box above the conversation. */
export function CustomerSms({ contactId, customerName }: { contactId: number; customerName: string }) {
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-label="Send text">
        <SendTextForm contactId={contactId} />
      </Paper>
      <Stack gap="xs" component="section" aria-labelledby="customer-sms-conversation">
        <Title order={2} size="h5" id="customer-sms-conversation">
          Conversation
        </Title>
        <Conversation contactId={contactId} customerName={customerName} />
      </Stack>
    </Stack>
  );
}
