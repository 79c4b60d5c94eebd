import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { AddProspectBody, ProspectResult } from '../../../lib/api/types';
import { contactKeys } from './keys';

/**
 * addProspect adds a customer (POST /crm/prospect/add; the Scope header is the store). Without
 * skipContactProposal nothing is created and the answer lists the likely duplicates.
 */
export function addProspect(body: AddProspectBody, storeId: number): Promise<ProspectResult> {
  return api.post<ProspectResult>('/crm/prospect/add', body, { scope: [storeId] });
}

export type AddProspectParams = { body: AddProspectBody; storeId: number };

/** useAddProspect adds a prospect; a created customer refreshes the searches. */
export function useAddProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, storeId }: AddProspectParams) => addProspect(body, storeId),
    onSuccess: (result) => {
      if (result.created) void queryClient.invalidateQueries({ queryKey: contactKeys.searches() });
    },
  });
}
