import { useLocation, useParams } from 'react-router';

import { customerIdOf, embeddedBase, embeddedContactId, embeddedProfilePath } from './embedded-params';

/** useEmbeddedCustomer reads the customer the embedded page's address names, and where profiles open. */
export function useEmbeddedCustomer() {
  const { pathname, search } = useLocation();
  const { '*': rest } = useParams();
  const base = embeddedBase(pathname);
  const raw = embeddedContactId(rest, search);
  return { raw, id: customerIdOf(raw), search, profilePath: (id: number) => embeddedProfilePath(base, id) };
}
