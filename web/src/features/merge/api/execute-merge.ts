import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { MergeResult } from '../../../lib/api/types';
import { contactKeys } from '../../contacts';
import { mergeKeys } from './keys';

/** executeMerge merges the session's customers into survivorContactId and ends the session. */
export function executeMerge(survivorContactId: number): Promise<MergeResult> {
  return api.post<MergeResult>('/api/contact/merge/execute', { survivorContactId });
}

/** useExecuteMerge merges; the session and selection are cleared and both customers reloaded. */
export function useExecuteMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: executeMerge,
    onSuccess: (result) => {
      queryClient.setQueryData(mergeKeys.session(), null);
      for (const id of [result.survivor.contactId, result.merged.contactId]) {
        void queryClient.invalidateQueries({ queryKey: contactKeys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: contactKeys.changeLogs(id) });
      }
      void queryClient.invalidateQueries({ queryKey: contactKeys.searches() });
    },
  });
}
