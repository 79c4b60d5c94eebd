/**
 * appointmentKeys are the query keys of appointments: `contact(id)` covers every list of a
 * customer's appointments, so a change to one of them refreshes them all; `assignees(storeId)`
 * the users a store's appointments may be with.
 */
export const appointmentKeys = {
  all: () => ['appointments'] as const,
  contact: (contactId: number) => ['appointments', 'contact', contactId] as const,
  list: (contactId: number, when: 'upcoming' | 'past') => [...appointmentKeys.contact(contactId), when] as const,
  assignees: (storeId: number) => ['appointments', 'assignees', storeId] as const,
};
