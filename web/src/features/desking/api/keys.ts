/**
 * deskingKeys are the query keys of desks: `contact(id)` covers a customer's desks, so a new
 * desk refreshes them; `vehicles(contactId)` the garage vehicles a desk may be made from;
 * `settings(storeId)` a store's desking settings.
 */
export const deskingKeys = {
  all: () => ['desking'] as const,
  contact: (contactId: number) => ['desking', 'contact', contactId] as const,
  vehicles: (contactId: number) => ['desking', 'vehicles', contactId] as const,
  settings: (storeId: number) => ['desking', 'settings', storeId] as const,
};

/** printKeys are the query keys of a store's print forms and packets. */
export const printKeys = {
  forms: (storeId: number) => ['printing', 'forms', storeId] as const,
  packets: (storeId: number) => ['printing', 'packets', storeId] as const,
};
