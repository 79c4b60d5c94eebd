import { useMutation, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { PrintForm } from '../../../lib/api/types';
import { printKeys } from './keys';

/** usePrintForms reads the forms a store prints (POST /api/form/search). */
export function usePrintForms(storeId: number) {
  return useQuery({
    queryKey: printKeys.forms(storeId),
    queryFn: () => api.post<PrintForm[]>('/api/form/search', { dealerId: storeId }),
    enabled: storeId > 0,
    staleTime: 5 * 60_000,
  });
}

/** RenderVars name the form and the deal that fills it: a desk, or the customer alone. */
export type RenderVars = { formId: number; deskId?: number; contactId?: number };

/** renderForm prints a form with a deal's data and returns the PDF (POST /api/form/render). */
export async function renderForm(vars: RenderVars): Promise<Blob> {
  const response = await api.stream('/api/form/render', { method: 'POST', body: vars });
  return response.blob();
}

/** useRenderForm prints a form; the form shows a failure itself. */
export function useRenderForm() {
  return useMutation({ mutationFn: renderForm, meta: { silent: true } });
}
