import { Alert, Group, SimpleGrid, Stack } from '@mantine/core';
import { useParams } from 'react-router';

import { CustomerProfile } from '../../features/contacts/components/customer-profile';
import { contactName } from '../../features/contacts/contact-display';
import { leadPowers } from '../../features/leads/lead-roles';
import { AddToMergeButton } from '../../features/merge/components/add-to-merge-button';
import { loadCustomerAppointments } from '../../features/appointments';
import { loadLeadDealsheets } from '../../features/dealsheets';
import { loadCustomerDesks } from '../../features/desking';
import { EmailActions } from '../../features/email';
import { loadCustomerAssistant } from '../../features/assistant';
import { loadGarageTab } from '../../features/garage';
import { loadMessagesTab } from '../../features/messages';
import { HouseholdRelationships } from '../../features/relations';
import { loadCustomerProcesses } from '../../features/processes';
import { loadCustomerTasks } from '../../features/tasks';
import { StartVisitAction } from '../../features/visits';
import { useEmbeddedCustomer } from '../embedded/use-embedded-customer';
import { lazyPage } from '../lazy-page';
import { customerProfilePath } from '../pages';
import { useSession } from '../session-context';
import { userStores } from '../user-stores';
import { MergeFooterSlot } from './merge-footer-slot';

/** GarageTab, the profile's Garage tab, loads when the tab is first opened. */
const GarageTab = lazyPage(() => loadGarageTab());
const MessagesTab = lazyPage(() => loadMessagesTab());

/** CustomerLeads, the profile's Leads tab, loads when the tab is first opened. */
const CustomerLeads = lazyPage(() => import('../../features/leads/components/customer-leads').then((m) => m.CustomerLeads));

/** LeadDealsheets, a lead's deal sheet opened from the Leads tab, loads when first opened. */
const LeadDealsheets = lazyPage(loadLeadDealsheets);

/** CustomerTasks, the snapshot's task list, loads with the profile's first tab. */
const CustomerTasks = lazyPage(loadCustomerTasks);

/** CustomerAppointments, the snapshot's appointments, loads with the profile's first tab. */
const CustomerAppointments = lazyPage(loadCustomerAppointments);

/** CustomerDesks, the snapshot's desks with Desk it, loads with the profile's first tab. */
const CustomerDesks = lazyPage(loadCustomerDesks);
/** CustomerAssistant, the snapshot's Auto assistant section, loads with it. */
const CustomerAssistant = lazyPage(loadCustomerAssistant);

/** CustomerProcesses, the snapshot's process list with New process and the form taker, loads with it. */
const CustomerProcesses = lazyPage(loadCustomerProcesses);

type CustomerProfilePageProps = {
  /** The customer's id as the address gives it; the route's contactId unless given. */
  contactId?: string | null;
  /** The address of a customer's profile where the page is shown (the shell's, or an embedded page's). */
  profilePath?: (contactId: number) => string;
};

/** CustomerProfilePage is the profile of the customer its address names, for the signed-in user. */
export function CustomerProfilePage({ contactId: given, profilePath = customerProfilePath }: CustomerProfilePageProps = {}) {
  const { user } = useSession();
  const params = useParams();
  const id = Number(given === undefined ? params.contactId : given);
  if (!Number.isSafeInteger(id) || id < 1) {
    return (
      <Alert color="red" title="Customer Profile" mt="md" role="alert">
        There is no such customer. Check the link that opened this page.
      </Alert>
    );
  }
  // A new customer starts afresh: nothing of the previous one's state is kept.
  return (
    <>
      <CustomerProfile
        key={id}
        contactId={id}
        userId={user.UserId}
        stores={userStores(user)}
        actions={(contact, canEdit) =>
          canEdit && contact.id && contact.accountPlatformId ? (
            <Group gap="xs">
              <EmailActions contact={contact} />
              <StartVisitAction contactId={contact.id} contactName={contactName(contact)} storeId={contact.accountPlatformId} stores={userStores(user)} />
              <AddToMergeButton contactId={contact.id} accountPlatformId={contact.accountPlatformId} name={[contact.firstName, contact.lastName].filter(Boolean).join(' ')} />
            </Group>
          ) : null
        }
        tasks={(contact, canEdit) => (
          // On a wide screen the day's work (tasks, appointments, processes) sits beside the
          // deal and the conversation (desks, the auto assistant), so the snapshot stays short.
          <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md" verticalSpacing="md">
            <Stack gap="md">
              <CustomerTasks contactId={contact.id ?? id} storeId={contact.accountPlatformId ?? 0} canEdit={canEdit} userId={user.UserId} />
              <CustomerAppointments contactId={contact.id ?? id} storeId={contact.accountPlatformId ?? 0} canEdit={canEdit} userId={user.UserId} />
              <CustomerProcesses contactId={contact.id ?? id} storeId={contact.accountPlatformId ?? 0} canEdit={canEdit} userId={user.UserId} />
            </Stack>
            <Stack gap="md">
              <CustomerDesks contactId={contact.id ?? id} storeId={contact.accountPlatformId ?? 0} canEdit={canEdit} />
              <CustomerAssistant contactId={contact.id ?? id} storeId={contact.accountPlatformId ?? 0} canEdit={canEdit} />
            </Stack>
          </SimpleGrid>
        )}
        garage={(contact, canEdit) => <GarageTab contactId={contact.id ?? id} canEdit={canEdit} />}
        messages={(contact, canEdit) => <MessagesTab contactId={contact.id ?? id} customerName={contactName(contact)} canEdit={canEdit} />}
        household={(contact, canEdit) => <HouseholdRelationships contact={contact} canEdit={canEdit} profilePath={profilePath} />}
        leads={(contact) => (
          <CustomerLeads
            contactId={contact.id ?? id}
            contactName={contactName(contact)}
            stores={userStores(user)}
            defaultStoreId={contact.accountPlatformId}
            powers={leadPowers(user.Roles)}
            dealsheet={(leadId) => <LeadDealsheets leadId={leadId} />}
          />
        )}
      />
      <MergeFooterSlot profilePath={profilePath} />
    </>
  );
}

/** EmbeddedCustomerProfilePage is the customer's profile in a partner's frame (customerdashboard). */
export function EmbeddedCustomerProfilePage() {
  const { raw, profilePath } = useEmbeddedCustomer();
  return <CustomerProfilePage contactId={raw} profilePath={profilePath} />;
}
