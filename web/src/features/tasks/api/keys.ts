/**
 * taskKeys are the query keys of tasks: `contact(id)` covers every list of a customer's tasks, so
 * a change to one of them refreshes them all; `assignees(storeId)` the users who may hold a
 * store's tasks.
 */
export const taskKeys = {
  all: () => ['tasks'] as const,
  contact: (contactId: number) => ['tasks', 'contact', contactId] as const,
  list: (contactId: number, openOnly: boolean) => [...taskKeys.contact(contactId), { openOnly }] as const,
  assignees: (storeId: number) => ['tasks', 'assignees', storeId] as const,
};
