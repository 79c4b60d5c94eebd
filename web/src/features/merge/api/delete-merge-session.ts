import { useMutation, useQueryClient } from '@tanstack/react-query';

import { isApiError } from '../../../lib/api/api-error';
import { api } from '../../../lib/api/client';
import type { MergeDeleted } from '../../../lib/api/types';
import { notify } from '../../../lib/notify';
import { mergeKeys } from './keys';

export const MERGE_DELETED_MESSAGE = 'Contact merge session has been deleted successfully';

/** deleteMergeSession deletes the user's merge session; a 404 (none) counts as deleted. */
export async function deleteMergeSession(accountPlatformId?: number): Promise<MergeDeleted> {
  try {
    return await api.post<MergeDeleted>('/api/contact/merge/delete_session', accountPlatformId ? { accountPlatformId } : {});
  } catch (err) {
    if (isApiError(err, 404)) return { deleted: true, message: MERGE_DELETED_MESSAGE };
    throw err;
  }
}

export type DeleteMergeSessionParams = { accountPlatformId?: number; silent?: boolean };

/** useDeleteMergeSession deletes the session and says so unless silent. */
export function useDeleteMergeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountPlatformId }: DeleteMergeSessionParams) => deleteMergeSession(accountPlatformId),
    onSuccess: (done, { silent }) => {
      queryClient.setQueryData(mergeKeys.session(), null);
      if (!silent) notify('success', done.message || MERGE_DELETED_MESSAGE);
    },
  });
}
