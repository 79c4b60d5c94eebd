import { Alert, Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';

import { EmptyState } from '../../../components/ui/empty-state';
import { PopupLoading } from '../../../components/ui/popup-loading';
import type { LeadsLogRow, LeadTradeIn, Store } from '../../../lib/api/types';
import { errorMessage } from '../../../lib/notify';
import { useCustomerLeads } from '../api/customer-leads';
import { chosenVehicle, vehicleLabel } from '../lead-display';
import type { LeadPowers } from '../lead-roles';
import { statusLabel } from '../lead-status';
import { LeadActions } from './lead-actions';

// The Add lead form loads when first opened.
const AddLeadModal = lazy(() => import('./add-lead-modal').then((m) => ({ default: m.AddLeadModal })));

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const whole = new Intl.NumberFormat('en-US');

type CustomerLeadsProps = {
  contactId: number;
  contactName: string;
  /** The user's stores: those a lead may be added in. */
  stores: readonly Store[];
  /** The customer's own store, chosen first when adding a lead. */
  defaultStoreId?: number;
  powers: LeadPowers;
  /** The deal sheet of a lead (its customer's garage vehicles), from the deal sheets feature; without it the lead offers none. */
  dealsheet?: (leadId: number) => ReactNode;
};

/** leadName is how a lead's card and actions name it: its type, store and creation. */
function leadName(l: LeadsLogRow): string {
  return `${l.leadTypeName || 'Lead'} lead at ${l.storeName || `store ${l.accountPlatformId}`}, ${dateTime.format(new Date(l.createdAt))}`;
}

/**
 * CustomerLeads is the profile's Leads tab: the customer's leads, newest first, each with its
 * status, type, source, store, holders, vehicles of interest (the chosen one marked) and
 * trade-ins, and its actions; and Add lead.
 */
export function CustomerLeads({ contactId, contactName, stores, defaultStoreId, powers, dealsheet }: CustomerLeadsProps) {
  const leads = useCustomerLeads(contactId);
  const [adding, setAddingState] = useState(false);
  // Once loaded, the form stays mounted so that it closes with its transition.
  const [addWanted, setAddWanted] = useState(false);
  const setAdding = (on: boolean) => {
    if (on) setAddWanted(true);
    setAddingState(on);
  };

  return (
    <Stack gap="md" component="section" aria-label="Leads">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Leads
        </Title>
        {powers.work && stores.length > 0 && <Button onClick={() => setAdding(true)}>Add lead</Button>}
      </Group>
      {leads.isPending && <Loader size="sm" aria-label="Loading leads" />}
      {leads.isError && (
        <Alert color="red" role="alert" title="The leads could not be loaded">
          {errorMessage(leads.error)}
        </Alert>
      )}
      {leads.isSuccess && leads.data.length === 0 && <EmptyState title="No leads">This customer has no lead in your stores yet.</EmptyState>}
      {leads.data?.map((l) => (
        <LeadCard key={l.crmLeadId} lead={l} contactName={contactName} powers={powers} dealsheet={dealsheet} />
      ))}
      {addWanted ? (
        <Suspense fallback={<PopupLoading label="Loading the form" />}>
          <AddLeadModal opened={adding} onClose={() => setAdding(false)} contactId={contactId} contactName={contactName} stores={stores} defaultStoreId={defaultStoreId} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

type LeadCardProps = { lead: LeadsLogRow; contactName: string; powers: LeadPowers; dealsheet?: CustomerLeadsProps['dealsheet'] };

function LeadCard({ lead, contactName, powers, dealsheet }: LeadCardProps) {
  const name = leadName(lead);
  const chosen = chosenVehicle(lead.vehiclesOfInterest);
  const [sheetOpen, setSheetOpen] = useState(false);
  return (
    <Card withBorder padding="md" component="article" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Group gap="sm">
            <Badge variant="light" color={lead.displayStatusId < 0 ? 'orange' : lead.displayStatusId === 1 ? 'blue' : lead.displayStatusId === 5 || lead.displayStatusId === 6 ? 'green' : 'gray'}>
              {statusLabel(lead.displayStatusId)}
            </Badge>
            <Text fw={600}>{lead.leadTypeName || 'Lead'}</Text>
            <Text c="dimmed" size="sm">
              {lead.storeName}
            </Text>
          </Group>
          <Group gap="xs">
            {dealsheet && (
              <Button variant="light" size="xs" onClick={() => setSheetOpen(true)} aria-label={`Open deal sheet of the ${name}`}>
                Open deal sheet
              </Button>
            )}
            <LeadActions lead={{ ...lead, contactName }} name={`the ${name}`} powers={powers} />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
          <Field label="Source" value={lead.leadSourceName || 'None'} />
          <Field label="Created" value={dateTime.format(new Date(lead.createdAt))} />
          <Field label="Sales person" value={lead.salesPersonName || 'Nobody'} />
          <Field label="BDC agent" value={lead.bdcAgentName || 'Nobody'} />
        </SimpleGrid>
        {lead.comments && <Text size="sm">{lead.comments}</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={4} aria-label="Vehicles of interest" role="list">
            <Text size="xs" c="dimmed" fw={600}>
              Vehicles of interest
            </Text>
            {lead.vehiclesOfInterest.length === 0 && <Text size="sm">None</Text>}
            {lead.vehiclesOfInterest.map((v) => (
              <Group key={v.crmLeadVoiId} gap="xs" role="listitem">
                <Text size="sm">{vehicleLabel(v)}</Text>
                {v.vin && (
                  <Text size="xs" c="dimmed">
                    {v.vin}
                  </Text>
                )}
                {chosen?.crmLeadVoiId === v.crmLeadVoiId && lead.vehiclesOfInterest.length > 1 && (
                  <Badge size="xs" variant="outline">
                    Chosen
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
          <Stack gap={4} aria-label="Trade-ins" role="list">
            <Text size="xs" c="dimmed" fw={600}>
              Trade-ins
            </Text>
            {lead.tradeIns.length === 0 && <Text size="sm">None</Text>}
            {lead.tradeIns.map((t) => (
              <Text key={t.crmLeadTradeId} size="sm" role="listitem">
                {tradeLabel(t)}
              </Text>
            ))}
          </Stack>
        </SimpleGrid>
      </Stack>
      {dealsheet && (
        <Modal opened={sheetOpen} onClose={() => setSheetOpen(false)} title={`DealSheet: ${name}`} size="90%" centered>
          {sheetOpen && dealsheet(lead.crmLeadId)}
        </Modal>
      )}
    </Card>
  );
}

/** tradeLabel names a trade-in with its odometer, payoff and appraised value when known. */
export function tradeLabel(t: LeadTradeIn): string {
  const parts = [vehicleLabel(t)];
  if (t.odometer) parts.push(`${whole.format(t.odometer)} on the odometer`);
  if (t.payoff) parts.push(`payoff ${money.format(t.payoff)}`);
  if (t.appraisedValue) parts.push(`appraised ${money.format(t.appraisedValue)}`);
  return parts.join(', ');
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}
