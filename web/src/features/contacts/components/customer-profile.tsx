import { Alert, Badge, Center, Group, Loader, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import { EmptyState } from '../../../components/ui/empty-state';
import type { Contact, ContactPermission, Store } from '../../../lib/api/types';
import { errorMessage } from '../../../lib/notify';
import { ActivityActions, loadActivityPanel } from '../../activity';
import { CreditAction } from '../../credit';
import { useContact } from '../api/get-contact';
import { useContactPermission } from '../api/get-contact-permission';
import { useMarkContactHot } from '../api/mark-contact-hot';
import { contactName, storeName } from '../contact-display';
import { LicenceImages } from './licence-images';
import { SnapshotSummary } from './snapshot-summary';

// The tabs behind the snapshot (the edit form and change log, the service history, the activity) load when
// first opened, so opening a customer downloads only what its first tab shows.
const loadProfileTab = () => import('./profile-tab').then((m) => ({ default: m.ProfileTab }));
const loadServiceTab = () => import('./service-tab').then((m) => ({ default: m.ServiceTab }));
const ProfileTab = lazy(loadProfileTab);
const ServiceTab = lazy(loadServiceTab);
const ActivityPanel = lazy(() => loadActivityPanel().then((component) => ({ default: component })));

/** preloadProfileTabs loads the code of the tabs that load when first opened. */
export function preloadProfileTabs(): Promise<unknown> {
  return Promise.all([loadProfileTab(), loadServiceTab()]);
}

function TabLoading() {
  return (
    <Center py="xl" role="status" aria-label="Loading tab">
      <Loader size="sm" />
    </Center>
  );
}

/** The spec's messages when a profile may not be opened. */
export const NO_ACCESS_MESSAGE = 'You do not have access to view this customer';
export const ACCESS_CHECK_FAILED_MESSAGE =
  'There was an error verifying your access to this customer. Please try again later.';

/** The profile's tabs, in the spec's order, with what each holds. */
export const PROFILE_TABS = [
  { value: 'snapshot', label: 'Snapshot', capability: '' },
  { value: 'profile', label: 'Profile', capability: '' },
  { value: 'garage', label: 'Garage', capability: "The customer's vehicles with their service history, equity and recalls." },
  { value: 'leads', label: 'Leads', capability: "The customer's sales and service leads with their status and assignment." },
  { value: 'service', label: 'Service', capability: '' },
  { value: 'messages', label: 'Messages', capability: 'Text messages and emails with the customer.' },
  { value: 'activity', label: 'Activity', capability: 'Calls, notes, tasks and every change made to the customer.' },
  { value: 'resolution', label: 'Resolution', capability: 'Customer concerns and how they were resolved.' },
] as const;

type ProfileTabValue = (typeof PROFILE_TABS)[number]['value'];

function isTab(value: string | null): value is ProfileTabValue {
  return PROFILE_TABS.some((t) => t.value === value);
}

type CustomerProfileProps = {
  contactId: number;
  /** The signed-in user's id, whose access is checked. */
  userId: string;
  stores: readonly Store[];
  /** Actions of other features shown in the profile's header (adding to a merge). */
  actions?: (contact: Contact, canEdit: boolean) => ReactNode;
  /** The Leads tab's content, from the leads feature; without it the tab says what it will hold. */
  leads?: (contact: Contact) => ReactNode;
  /** The household and relationships section of the snapshot, from the relations feature. */
  household?: (contact: Contact, canEdit: boolean) => ReactNode;
  /** The customer's tasks, shown under the snapshot's summary, from the tasks feature. */
  tasks?: (contact: Contact, canEdit: boolean) => ReactNode;
  /** The Garage tab's content, from the garage feature; without it the tab says what it will hold. */
  garage?: (contact: Contact, canEdit: boolean) => ReactNode;
  /** The Messages tab's content, from the messages feature; without it the tab says what it will hold. */
  messages?: (contact: Contact, canEdit: boolean) => ReactNode;
};

/**
 * CustomerProfile checks the user's access to the customer first, then shows the customer's
 * profile with its tabs; the open tab lives in the address (`tab`).
 */
export function CustomerProfile({ contactId, userId, stores, actions, leads, household, tasks, garage, messages }: CustomerProfileProps) {
  const permission = useContactPermission(contactId, userId);

  if (permission.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Checking your access to this customer">
        <Loader size="sm" />
      </Center>
    );
  }
  if (permission.isError) {
    return (
      <Alert color="red" title="Customer Profile" mt="md" role="alert">
        {ACCESS_CHECK_FAILED_MESSAGE}
      </Alert>
    );
  }
  if (!permission.data.canView) {
    return (
      <Alert color="yellow" title="Customer Profile" mt="md" role="alert">
        {NO_ACCESS_MESSAGE}
      </Alert>
    );
  }
  return (
    <ProfileScreen
      contactId={contactId}
      permission={permission.data}
      stores={stores}
      actions={actions}
      leads={leads}
      household={household}
      tasks={tasks}
      garage={garage}
      messages={messages}
    />
  );
}

type ProfileScreenProps = {
  contactId: number;
  permission: ContactPermission;
  stores: readonly Store[];
  actions?: CustomerProfileProps['actions'];
  leads?: CustomerProfileProps['leads'];
  household?: CustomerProfileProps['household'];
  tasks?: CustomerProfileProps['tasks'];
  garage?: CustomerProfileProps['garage'];
  messages?: CustomerProfileProps['messages'];
};

function ProfileScreen({ contactId, permission, stores, actions, leads, household, tasks, garage, messages }: ProfileScreenProps) {
  const contact = useContact(contactId);
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: ProfileTabValue = isTab(tabParam) ? tabParam : 'snapshot';

  if (contact.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading customer">
        <Loader size="sm" />
      </Center>
    );
  }
  if (contact.isError) {
    return (
      <Alert color="red" title="The customer could not be loaded" mt="md" role="alert">
        {errorMessage(contact.error)}
      </Alert>
    );
  }

  const setTab = (value: string | null) => {
    if (!isTab(value)) return;
    const next = new URLSearchParams(params);
    if (value === 'snapshot') next.delete('tab');
    else next.set('tab', value);
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="md" py="md">
      <ProfileHeader contact={contact.data} canEdit={permission.canEdit} stores={stores} actions={actions?.(contact.data, permission.canEdit)} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label="Customer profile">
          {PROFILE_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {PROFILE_TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            {t.value === 'snapshot' ? (
              <Stack gap="md">
                <SnapshotSummary contactId={contactId} />
                {tasks?.(contact.data, permission.canEdit)}
                {household?.(contact.data, permission.canEdit)}
              </Stack>
            ) : t.value === 'profile' ? (
              <Stack gap="md">
                <LicenceImages contactId={contactId} canEdit={permission.canEdit} canReveal={permission.canRevealSensitive ?? false} />
                <Suspense fallback={<TabLoading />}>
                  <ProfileTab contact={contact.data} canEdit={permission.canEdit} canReveal={permission.canRevealSensitive} />
                </Suspense>
              </Stack>
            ) : t.value === 'service' ? (
              <Suspense fallback={<TabLoading />}>
                <ServiceTab contactId={contactId} />
              </Suspense>
            ) : t.value === 'activity' ? (
              <Suspense fallback={<TabLoading />}>
                <ActivityPanel contactId={contactId} />
              </Suspense>
            ) : t.value === 'garage' && garage ? (
              garage(contact.data, permission.canEdit)
            ) : t.value === 'messages' && messages ? (
              messages(contact.data, permission.canEdit)
            ) : t.value === 'leads' && leads ? (
              leads(contact.data)
            ) : (
              <EmptyState title={`${t.label} is not available yet`}>{t.capability}</EmptyState>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function ProfileHeader({ contact, canEdit, stores, actions }: { contact: Contact; canEdit: boolean; stores: readonly Store[]; actions?: ReactNode }) {
  const markHot = useMarkContactHot();
  const hot = markHot.isPending ? Boolean(markHot.variables?.hot) : Boolean(contact.isMarkedHot);
  const store = storeName(stores, contact.accountPlatformId);
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            {contactName(contact)}
          </Title>
          {hot ? (
            <Badge color="red" variant="filled">
              Hot
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {[contact.contactTypeId === 2 ? 'Business customer' : null, store, contact.id ? `Customer #${contact.id}` : null]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
      <Group gap="md" align="center" wrap="wrap">
        {actions}
        <ActivityActions contact={contact} canEdit={canEdit} />
        <CreditAction contactId={contact.id ?? 0} canEdit={canEdit} />
      <Switch
        label="Hot customer"
        checked={hot}
        disabled={!canEdit || markHot.isPending || !contact.id}
        onChange={(e) => {
          if (!contact.id) return;
          markHot.mutate({ contactId: contact.id, hot: e.currentTarget.checked });
        }}
        color="red"
      />
      </Group>
    </Group>
  );
}
