/**
 * processKeys are the query keys of processes: `contact(id)` covers a customer's process list,
 * `dashboard()` every count and page of the process dashboard, `form(stepId)` a step's form.
 */
export const processKeys = {
  all: () => ['processes'] as const,
  contact: (contactId: number) => ['processes', 'contact', contactId] as const,
  startList: (storeId: number) => ['processes', 'start-list', storeId] as const,
  dashboard: () => ['processes', 'dashboard'] as const,
  counts: (stores: readonly number[]) => [...processKeys.dashboard(), 'counts', stores] as const,
  page: (stores: readonly number[], status: number, page: number) => [...processKeys.dashboard(), 'page', stores, { status, page }] as const,
  form: (stepId: string) => ['processes', 'form', stepId] as const,
  startForm: (templateId: number) => ['processes', 'start-form', templateId] as const,
};
