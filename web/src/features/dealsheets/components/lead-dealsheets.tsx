import { Alert, Center, Loader, Stack, Tabs, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';

import { errorMessage } from '../../../lib/notify';
import { useCustomerDealsheets, useLeadDealsheets } from '../api/dealsheet-lists';

/** DealsheetScreen loads with the first deal sheet shown. */
const DealsheetScreen = lazy(() => import('./dealsheet-screen').then((m) => ({ default: m.DealsheetScreen })));

/** LeadDealsheets shows the deal sheets of a lead's customer (or of a customer), one tab per current garage vehicle. */
export function LeadDealsheets({ leadId = 0, contactId = 0 }: { leadId?: number; contactId?: number }) {
  const byLead = useLeadDealsheets(leadId);
  const byCustomer = useCustomerDealsheets(leadId > 0 ? 0 : contactId);
  const q = leadId > 0 ? byLead : byCustomer;
  if (q.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading the deal sheets">
        <Loader />
      </Center>
    );
  }
  if (q.isError) {
    return (
      <Alert color="red" title="DealSheet" role="alert">
        {errorMessage(q.error)}
      </Alert>
    );
  }
  const items = q.data.items ?? [];
  if (items.length === 0) {
    return <Text c="dimmed">The customer has no vehicle in the garage: add the current vehicle to build a deal sheet.</Text>;
  }
  return (
    <Tabs defaultValue={String(items[0]?.sheet.entityId ?? '')} keepMounted={false}>
      <Tabs.List>
        {items.map((v) => (
          <Tabs.Tab key={v.sheet.entityId} value={String(v.sheet.entityId)}>
            {[v.vehicle.currentVehicle.year || '', v.vehicle.currentVehicle.make, v.vehicle.currentVehicle.model].filter(Boolean).join(' ')}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {items.map((v) => (
        <Tabs.Panel key={v.sheet.entityId} value={String(v.sheet.entityId)} pt="md">
          <Stack>
            <Suspense fallback={<Loader size="sm" />}>
              <DealsheetScreen entityId={v.sheet.entityId} />
            </Suspense>
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
