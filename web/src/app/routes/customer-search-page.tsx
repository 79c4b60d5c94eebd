import { Alert, Badge, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';

import { useContact } from '../../features/contacts';
import { contactName, storeName } from '../../features/contacts/contact-display';
import { mayEditCustomers } from '../../features/contacts/contact-roles';
import { CustomerSearch } from '../../features/contacts/components/customer-search';
import { useMergeSession } from '../../features/merge/api/get-merge-session';
import { AddToMergeButton } from '../../features/merge/components/add-to-merge-button';
import { errorMessage } from '../../lib/notify';
import { embeddedStoreId } from '../embedded/embedded-params';
import { useEmbeddedCustomer } from '../embedded/use-embedded-customer';
import { customerProfilePath } from '../pages';
import { useSession } from '../session-context';
import { userStores } from '../user-stores';
import { MergeFooterSlot } from './merge-footer-slot';

/** CustomerSearchPage is Customer Search for the signed-in user, who may add results to a merge. */
export function CustomerSearchPage() {
  const { user } = useSession();
  return (
    <>
      <CustomerSearch
        stores={userStores(user)}
        profilePath={customerProfilePath}
        rowAction={
          mayEditCustomers(user.Roles)
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
      <MergeFooterSlot profilePath={customerProfilePath} />
    </>
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
      {raw !== '' && id === null ? <Alert color="red" title="Customer Merge" role="alert">
          There is no such customer. Check the link that opened this window.
        </Alert> : null}
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
