import { Alert } from '@mantine/core';
import { useSearchParams } from 'react-router';

import { loadDealsheetScreen, loadLeadDealsheets } from '../../features/dealsheets';
import { lazyPage } from '../lazy-page';

const DealsheetScreen = lazyPage(loadDealsheetScreen);
const LeadDealsheets = lazyPage(loadLeadDealsheets);

function idParam(v: string | null): number {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/**
 * EmbeddedDealsheetPage (dealsheet?entityId=, ?leadId= or ?contactId=) is the DealSheet in a
 * partner's frame: a garage vehicle's deal sheet, or the deal sheets of a lead's customer or of
 * a customer, one per current vehicle.
 */
export function EmbeddedDealsheetPage() {
  const [params] = useSearchParams();
  const entityId = idParam(params.get('entityId'));
  const leadId = idParam(params.get('leadId'));
  const contactId = idParam(params.get('contactId'));
  if (entityId > 0) return <DealsheetScreen entityId={entityId} />;
  if (leadId > 0 || contactId > 0) return <LeadDealsheets leadId={leadId} contactId={contactId} />;
  return (
    <Alert color="red" title="DealSheet" mt="md" role="alert">
      There is no such deal sheet. Check the link that opened this window.
    </Alert>
  );
}
