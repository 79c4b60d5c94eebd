/**
 * The parameters of the embedded (#/embedded) and mobile (#/mobile) customer pages. A partner
 * names the customer in the path or the query, as its links allow:
 *
 *   #/embedded/customerdashboard/{contactId}       the customer's profile (or ?contactId=)
 *   #/embedded/customerlogcall?contactId={id}      log a call with the customer
 *   #/embedded/customerlognote?contactId={id}      log a note about the customer
 *   #/embedded/customerappointment?contactId={id}  set and manage the customer's appointments
 *   #/embedded/customeremail?contactId={id}        e-mail the customer, with the e-mail history
 *   #/embedded/customermerge?contactId={id}&platformId={store}
 *                                                  merge the customer with another record
 *
 * and the same under #/mobile. The ssoToken query parameter, when present, is the session.
 */

/** EmbeddedBase is where the embedded pages are served: inside a partner's page or the mobile app. */
export type EmbeddedBase = '/embedded' | '/mobile';

/** embeddedBase is the base of the embedded page at pathname. */
export function embeddedBase(pathname: string): EmbeddedBase {
  return pathname.startsWith('/mobile') ? '/mobile' : '/embedded';
}

/** embeddedProfilePath is the address of a customer's embedded profile under base. */
export function embeddedProfilePath(base: EmbeddedBase, contactId: number): string {
  return `${base}/customerdashboard/${contactId}`;
}

/**
 * embeddedContactId reads the customer's id: the first segment after the page's path (rest), or
 * the query's contactId. It is returned as given; the page says when it names no customer.
 */
export function embeddedContactId(rest: string | undefined, search: string): string {
  const segment = (rest ?? '').split('/').find((s) => s !== '');
  return segment ?? new URLSearchParams(search).get('contactId') ?? '';
}

/** customerIdOf is the id as a number, or null when it is not a customer's id. */
export function customerIdOf(raw: string): number | null {
  if (!/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** embeddedStoreId reads the store (platformId, or accountPlatformId) of a merge link. */
export function embeddedStoreId(search: string): number | null {
  const params = new URLSearchParams(search);
  return customerIdOf(params.get('platformId') ?? params.get('accountPlatformId') ?? '');
}
