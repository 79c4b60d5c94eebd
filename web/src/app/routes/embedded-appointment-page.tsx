import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';

import { loadCustomerAppointments } from '../../features/appointments';
import { useContact } from '../../features/contacts';
import { useContactPermission } from '../../features/contacts/api/get-contact-permission';
import { contactName, storeName } from '../../features/contacts/contact-display';
import { errorMessage } from '../../lib/notify';
import { useEmbeddedCustomer } from '../embedded/use-embedded-customer';
import { lazyPage } from '../lazy-page';
import { useSession } from '../session-context';
import { userStores } from '../user-stores';

const CustomerAppointments = lazyPage(loadCustomerAppointments);

function Loading({ label }: { label: string }) {
  return (
    <Center py="md" role="status" aria-label={label}>
      <Loader size="sm" />
    </Center>
  );
}

/**
 * EmbeddedAppointmentPage (customerappointment?contactId=) sets and manages the appointments of
 * the customer its address names: the profile's Appointments section, with the customer named
 * above it.
 */
export function EmbeddedAppointmentPage() {
  const { id } = useEmbeddedCustomer();
  if (id === null) {
    return (
      <Alert color="red" title="Appointments" mt="md" role="alert">
        There is no such customer. Check the link that opened this window.
      </Alert>
    );
  }
  return <CustomerAppointmentPage id={id} />;
}

function CustomerAppointmentPage({ id }: { id: number }) {
  const { user } = useSession();
  const contact = useContact(id);
  const permission = useContactPermission(id, user.UserId);
  return (
    <Stack gap="md" py="sm" maw={860}>
      <Stack gap={2}>
        <Title order={1} size="h3">
          Appointments
        </Title>
        {contact.isPending || permission.isPending ? (
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
      {contact.isSuccess && (
        <CustomerAppointments
          contactId={contact.data.id ?? id}
          storeId={contact.data.accountPlatformId ?? 0}
          canEdit={permission.data?.canEdit ?? false}
          userId={user.UserId}
        />
      )}
    </Stack>
  );
}
