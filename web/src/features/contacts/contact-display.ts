import type { Contact, ContactMatch, SearchTerm, Store } from '../../lib/api/types';

/** What each kind of search term is called on screen. */
export const TERM_KIND_LABELS: Record<SearchTerm['kind'], string> = {
  email: 'email',
  phone: 'phone',
  vin: 'VIN',
  stockNumber: 'stock number',
  lastName: 'last name',
  businessName: 'business name',
  fullName: 'first and last name',
};

/** termValue is the value the server searched for, as it read the term. */
export function termValue(term: SearchTerm): string {
  switch (term.kind) {
    case 'email':
      return term.email ?? '';
    case 'phone':
      return term.phone ?? '';
    case 'vin':
      return term.vin ?? '';
    case 'stockNumber':
      return term.stockNumber ?? '';
    case 'lastName':
      return term.lastName ?? '';
    case 'businessName':
      return term.businessName ?? '';
    case 'fullName':
      return [term.firstName, term.lastName].filter(Boolean).join(' ');
  }
}

/** describeTerm says how the term was read: "Searched by phone: 5035550142". */
export function describeTerm(term: SearchTerm): string {
  const value = termValue(term);
  // A VIN shorter than a whole one is the end of a VIN the server found the customers by.
  const label = term.kind === 'vin' && value.length < 17 ? 'the end of a VIN' : TERM_KIND_LABELS[term.kind];
  return value ? `Searched by ${label}: ${value}` : `Searched by ${label}`;
}

/** matchName is a search result's name: a business's name, else the person's. */
export function matchName(
  match: Pick<ContactMatch, 'contactId' | 'contactTypeId' | 'fullName' | 'firstName' | 'lastName' | 'businessName'>,
): string {
  const person = match.fullName || [match.firstName, match.lastName].filter(Boolean).join(' ');
  if (match.contactTypeId === 2 && match.businessName) return match.businessName;
  return person || match.businessName || `Customer ${match.contactId}`;
}

/** contactName is a customer's name for headings. */
export function contactName(contact: Contact): string {
  const person = [contact.firstName, contact.middleName, contact.lastName].filter(Boolean).join(' ');
  if (contact.contactTypeId === 2 && contact.businessName) return contact.businessName;
  return person || contact.businessName || `Customer ${contact.id ?? ''}`.trim();
}

/** storeName names a store by its id from the stores the user knows, or by its id. */
export function storeName(stores: readonly Store[], id: number | undefined): string {
  if (!id) return '';
  return stores.find((s) => s.AccountPlatformID === id)?.Name || `Store ${id}`;
}

/** Names of a customer's fields as the profile shows them. */
const FIELD_LABELS: Record<string, string> = {
  accountPlatformId: 'Store',
  contactTypeId: 'Customer type',
  prefixTypeId: 'Prefix',
  nickName: 'Nickname',
  ssn: 'SSN',
  phone: 'number',
  ext: 'extension',
  cc: 'country',
  optOutSms: 'no texts',
  optOut: 'opted out',
  phoneTypeId: 'type',
  isMobile: 'mobile',
  smsOptInStatusId: 'Text message opt-in',
  lastSmsOptInDate: 'Text message opt-in date',
  isDoNotCall: 'Do not call',
  isDoNotEmail: 'Do not email',
  isDoNotText: 'Do not text',
  isDoNotMail: 'Do not mail',
  isMarkedHot: 'Hot customer',
  optOutAll: 'Opted out of everything',
  driverLicense: 'Driver licence',
  previousAddress: 'Previous address',
  additionalIncomes: 'Additional income',
};

/** The singular of each list's name, for "Phone 2 · number". */
const LIST_ITEMS: Record<string, string> = {
  phones: 'Phone',
  emails: 'Email',
  addresses: 'Address',
  previousAddress: 'Previous address',
  notes: 'Note',
  tags: 'Tag',
  employments: 'Employment',
  additionalIncomes: 'Additional income',
  banks: 'Bank',
  insurance: 'Insurance',
  vehicles: 'Vehicle',
};

/** The fields of a lead the change log records, as `leads[{crmLeadId}].status`. */
const LEAD_FIELDS: Record<string, string> = {
  status: 'status',
  type: 'type',
  source: 'source',
  reason: 'reason',
  salesPerson: 'sales person',
  bdcAgent: 'BDC agent',
};

/** words turns a camelCase name into lower-case words: "birthMonth" is "birth month". */
function words(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * fieldLabel names a field by the path the server gives it: `phones[1].phone` is
 * "Phone 2 · number", `firstName` "First name", `driverLicense.number` "Driver licence · number".
 */
export function fieldLabel(path: string): string {
  const lead = /^leads\[(\d+)\]\.(\w+)$/.exec(path);
  if (lead) {
    const [, id = '', field = ''] = lead;
    return `Lead #${id} · ${LEAD_FIELDS[field] ?? words(field)}`;
  }
  return path
    .split('.')
    .map((part, i) => {
      const item = /^(\w+)\[(\d+)\]$/.exec(part);
      if (item) {
        const [, list = '', index = '0'] = item;
        return `${LIST_ITEMS[list] ?? capitalize(words(list))} ${Number(index) + 1}`;
      }
      const label = FIELD_LABELS[part] ?? words(part);
      return i === 0 ? capitalize(label) : label;
    })
    .join(' · ');
}
