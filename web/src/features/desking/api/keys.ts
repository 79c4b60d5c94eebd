/**
 * deskingKeys are the query keys of desks: `contact(id)` covers a customer's desks, so a new
 * desk refreshes them; `vehicles(contactId)` the garage vehicles a desk may be made from.
 */
export const deskingKeys = {
  all: () => ['desking'] as const,
  contact: (contactId: number) => ['desking', 'contact', contactId] as const,
  vehicles: (contactId: number) => ['desking', 'vehicles', contactId] as const,
};
