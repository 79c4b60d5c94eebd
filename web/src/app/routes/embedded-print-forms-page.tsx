import { useContact } from '../../features/contacts';
import { loadEmbeddedPrintForms } from '../../features/desking';
import { useEmbeddedCustomer } from '../embedded/use-embedded-customer';
import { lazyPage } from '../lazy-page';

const EmbeddedPrintForms = lazyPage(loadEmbeddedPrintForms);

/**
 * EmbeddedPrintFormsPage prints the store's forms for the customer its address names
 * (#/embedded/printforms?contactId={id}, and &deskId={desk} for a desk's deal).
 */
export function EmbeddedPrintFormsPage() {
  const { id, search } = useEmbeddedCustomer();
  const contact = useContact(id ?? 0, { enabled: id !== null });
  const desk = Number(new URLSearchParams(search).get('deskId'));
  return <EmbeddedPrintForms contactId={id} storeId={contact.data?.accountPlatformId} deskId={Number.isSafeInteger(desk) && desk > 0 ? desk : undefined} />;
}
