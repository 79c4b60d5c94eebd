import { Alert, Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useParams } from 'react-router';

import { useContact } from '../../features/contacts';
import { contactName, storeName } from '../../features/contacts/contact-display';
import { mayEditCustomers } from '../../features/contacts/contact-roles';
import { CustomerSearch } from '../../features/contacts/components/customer-search';
import { useMergeSession } from '../../features/merge/api/get-merge-session';
import { AddToMergeButton } from '../../features/merge/components/add-to-merge-button';
import { errorMessage } from '../../lib/notify';
import { customerIdOf, embeddedBase, embeddedContactId, embeddedProfilePath, embeddedStoreId } from '../embedded/embedded-params';
import { useSession } from '../session-context';
import { userStores } from '../user-stores';
import { CustomerProfilePage } from './customer-profile-page';
import { MergeFooterSlot } from './merge-footer-slot';

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

/** useEmbeddedCustomer reads the customer the embedded page's address names, and where profiles open. */
function useEmbeddedCustomer() {
  const { pathname, search } = useLocation();
  const { '*': rest } = useParams();
  const base = embeddedBase(pathname);
  const raw = embeddedContactId(rest, search);
  return { raw, id: customerIdOf(raw), search, profilePath: (id: number) => embeddedProfilePath(base, id) };
}

/** EmbeddedCustomerProfilePage is the customer's profile in a partner's frame (customerdashboard). */
export function EmbeddedCustomerProfilePage() {
  const { raw, profilePath } = useEmbeddedCustomer();
  return <CustomerProfilePage contactId={raw} profilePath={profilePath} />;
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

/**
 * EmbeddedCustomerMergePage (customermerge) merges the customer its address names with another
 * record: the customer is added to the user's merge session, the other one is found with the
 * search below, and the merge is made from the footer, as on Customer Search.
 */
export function EmbeddedCustomerMergePage() {
  const { user } = useSession();
  const { raw, id, search, profilePath } = useEmbeddedCustomer();
  const canEdit = mayEditCustomers(user.Roles);
  return (
    <Stack gap="md" py="sm">
      {raw !== '' && id === null ? <NoSuchCustomer title="Customer Merge" /> : null}
      {id !== null ? <MergeCandidate contactId={id} storeId={embeddedStoreId(search)} canEdit={canEdit} /> : null}
      {canEdit ? null : (
        <Alert color="yellow" role="alert">
          Your role may not merge customers.
        </Alert>
      )}
      <CustomerSearch
        stores={userStores(user)}
        profilePath={profilePath}
        rowAction={
          canEdit
            ? (m) => (
                <AddToMergeButton
                  contactId={m.contactId}
                  accountPlatformId={m.accountPlatformId}
                  name={[m.firstName, m.lastName].filter(Boolean).join(' ') || m.businessName}
                  label="Merge"
                />
              )
            : undefined
        }
      />
      <MergeFooterSlot profilePath={profilePath} />
    </Stack>
  );
}

/** MergeCandidate is the customer the partner opened the merge for, with adding it to the merge. */
function MergeCandidate({ contactId, storeId, canEdit }: { contactId: number; storeId: number | null; canEdit: boolean }) {
  const { user } = useSession();
  const contact = useContact(contactId);
  const session = useMergeSession();
  const inSession = (session.data?.contacts ?? []).some((c) => c.contactId === contactId);
  if (contact.isPending) return <Loading label="Loading the customer" />;
  if (contact.isError) {
    return (
      <Alert color="red" role="alert" title="The customer could not be opened">
        {errorMessage(contact.error)}
      </Alert>
    );
  }
  const name = contactName(contact.data);
  const store = contact.data.accountPlatformId ?? storeId ?? 0;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Customer to merge">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <Text fw={700}>{name}</Text>
          <Text size="sm" c="dimmed">
            {storeName(userStores(user), store)}
          </Text>
        </Stack>
        {inSession ? (
          <Badge variant="light" color="green" tt="none">
            In the merge
          </Badge>
        ) : canEdit && store ? (
          <AddToMergeButton contactId={contactId} accountPlatformId={store} name={name} />
        ) : null}
      </Group>
      <Text size="sm" mt="xs">
        {inSession ? 'Find the other record of this customer below and add it to the merge.' : 'Add the customer to the merge, then find their other record below.'}
      </Text>
    </Paper>
  );
}
