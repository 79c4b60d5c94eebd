import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';

import { useContact } from '../../features/contacts';
import { contactName } from '../../features/contacts/contact-display';
import { loadCustomerSms } from '../../features/messages';
import { errorMessage } from '../../lib/notify';
import { useEmbeddedCustomer } from '../embedded/use-embedded-customer';

const CustomerSms = lazy(() => loadCustomerSms().then((component) => ({ default: component })));

function Loading({ label }: { label: string }) {
  return (
    <Center py="md" role="status" aria-label={label}>
      <Loader size="sm" />
    </Center>
  );
}

/**
 * EmbeddedCustomerSmsPage is the embedded customersms page: the send box for the customer its
 * address names, saying why when the customer may not be texted, above their conversation.
 */
export function EmbeddedCustomerSmsPage() {
  const { id } = useEmbeddedCustomer();
  if (id === null) {
    return (
      <Alert color="red" title="Customer SMS" mt="md" role="alert">
        There is no such customer. Check the link that opened this window.
      </Alert>
    );
  }
  return <CustomerSmsScreen contactId={id} />;
}

function CustomerSmsScreen({ contactId }: { contactId: number }) {
  const contact = useContact(contactId);
  return (
    <Stack gap="md" py="sm" maw={720}>
      <Stack gap={2}>
        <Title order={1} size="h3">
          Customer SMS
        </Title>
        {contact.isPending ? (
          <Loading label="Loading the customer" />
        ) : contact.isError ? (
          <Alert color="red" role="alert" title="The customer could not be opened">
            {errorMessage(contact.error)}
          </Alert>
        ) : (
          <Text fw={600}>{contactName(contact.data)}</Text>
        )}
      </Stack>
      {contact.data ? (
        <Suspense fallback={<Loading label="Loading the send box" />}>
          <CustomerSms contactId={contactId} customerName={contactName(contact.data)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
