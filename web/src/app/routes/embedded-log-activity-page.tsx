import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

import { useContact } from '../../features/contacts';
import { contactName, storeName } from '../../features/contacts/contact-display';
import { errorMessage } from '../../lib/notify';
import { useEmbeddedCustomer } from '../embedded/use-embedded-customer';
import { useSession } from '../session-context';
import { userStores } from '../user-stores';

const LogCallForm = lazy(() => import('../../features/activity/components/log-call-form').then((m) => ({ default: m.LogCallForm })));
const LogNoteForm = lazy(() => import('../../features/activity/components/activity-dialogs').then((m) => ({ default: m.LogNoteForm })));
const ActivityPanel = lazy(() => import('../../features/activity/components/activity-panel').then((m) => ({ default: m.ActivityPanel })));

function Loading({ label }: { label: string }) {
  return (
    <Center py="md" role="status" aria-label={label}>
      <Loader size="sm" />
    </Center>
  );
}

function NoSuchCustomer({ title }: { title: string }) {
  return (
    <Alert color="red" title={title} mt="md" role="alert">
      There is no such customer. Check the link that opened this window.
    </Alert>
  );
}

/** CustomerHeading names the customer a page acts on, under the page's title. */
function CustomerHeading({ title, contactId }: { title: string; contactId: number }) {
  const { user } = useSession();
  const contact = useContact(contactId);
  return (
    <Stack gap={2}>
      <Title order={1} size="h3">
        {title}
      </Title>
      {contact.isPending ? (
        <Loading label="Loading the customer" />
      ) : contact.isError ? (
        <Alert color="red" role="alert" title="The customer could not be opened">
          {errorMessage(contact.error)}
        </Alert>
      ) : (
        <Text c="dimmed" size="sm">
          <Text span fw={600} c="dark">
            {contactName(contact.data)}
          </Text>
          {contact.data.accountPlatformId ? ` · ${storeName(userStores(user), contact.data.accountPlatformId)}` : ''}
        </Text>
      )}
    </Stack>
  );
}

/**
 * EmbeddedLogActivityPage logs a call (customerlogcall) or a note (customerlognote) on the
 * customer its address names, with the customer's activity below, where the new entry shows.
 * After each entry the form starts afresh for the next one.
 */
export function EmbeddedLogActivityPage({ kind }: { kind: 'call' | 'note' }) {
  const { id } = useEmbeddedCustomer();
  const [round, setRound] = useState(0);
  const title = kind === 'call' ? 'Log call' : 'Log note';
  if (id === null) return <NoSuchCustomer title={title} />;
  const Form = kind === 'call' ? LogCallForm : LogNoteForm;
  return (
    <Stack gap="md" py="sm" maw={720}>
      <CustomerHeading title={title} contactId={id} />
      <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
        <Suspense fallback={<Loading label="Loading the form" />}>
          <Form key={round} contactId={id} onDone={() => setRound((r) => r + 1)} />
        </Suspense>
      </Paper>
      <Stack gap="xs" component="section" aria-labelledby="embedded-activity-title">
        <Title order={2} size="h5" id="embedded-activity-title">
          Activity
        </Title>
        <Suspense fallback={<Loading label="Loading the activity" />}>
          <ActivityPanel contactId={id} />
        </Suspense>
      </Stack>
    </Stack>
  );
}

