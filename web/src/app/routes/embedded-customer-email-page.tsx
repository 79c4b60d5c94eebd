import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { useContact } from '../../features/contacts';
import { contactName } from '../../features/contacts/contact-display';
import { EmailHistoryList, preferredEmail, SendEmailModal } from '../../features/email';
import { errorMessage } from '../../lib/notify';
import { useEmbeddedCustomer } from '../embedded/use-embedded-customer';

/** EmbeddedCustomerEmailPage (customeremail) e-mails the customer its address names, with the customer's e-mail history below. */
export function EmbeddedCustomerEmailPage() {
  const { id } = useEmbeddedCustomer();
  const contact = useContact(id ?? 0);
  const [open, setOpen] = useState(false);
  if (!id) {
    return (
      <Alert color="red" title="Customer Email" mt="md" role="alert">
        There is no such customer. Check the link that opened this window.
      </Alert>
    );
  }
  if (contact.isPending) {
    return (
      <Center py="md" role="status" aria-label="Loading the customer">
        <Loader size="sm" />
      </Center>
    );
  }
  if (contact.isError) {
    return (
      <Alert color="red" role="alert" title="The customer could not be opened">
        {errorMessage(contact.error)}
      </Alert>
    );
  }
  const to = preferredEmail(contact.data);
  const emailable = !contact.data.isDoNotEmail && !contact.data.optOutAll && Boolean(to);
  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={1} size="h3">
            Customer Email
          </Title>
          <Text c="dimmed" size="sm">
            {contactName(contact.data)}
            {to ? ` · ${to}` : ''}
          </Text>
        </Stack>
        <Button onClick={() => setOpen(true)} disabled={!emailable}>
          Send Email
        </Button>
      </Group>
      {!emailable ? <Alert color="yellow">The customer is marked do not e-mail, or has no address that is not opted out.</Alert> : null}
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb="sm">
          Email History
        </Title>
        <EmailHistoryList contactId={id} />
      </Paper>
      <SendEmailModal opened={open} onClose={() => setOpen(false)} contactId={id} storeId={contact.data.accountPlatformId ?? 0} to={to} />
    </Stack>
  );
}
