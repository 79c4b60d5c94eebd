import { lazy, Suspense, useState, type ReactNode } from 'react';

import { PopupLoading } from '../../../components/ui/popup-loading';
import { isApiError } from '../../../lib/api/api-error';
import { errorMessage, notify } from '../../../lib/notify';
import { MERGE_OTHER_STORE_MESSAGE, MERGE_TWO_SELECTED_MESSAGE, useAddToMerge, type AddToMergeParams } from '../api/add-to-merge';
import { useDeleteMergeSession } from '../api/delete-merge-session';

const ReplaceSessionModal = lazy(() => import('./replace-session-modal').then((m) => ({ default: m.ReplaceSessionModal })));

export type AddToMergeFlow = {
  /** add adds the customer to the user's merge session. */
  add: (params: AddToMergeParams) => void;
  pending: boolean;
  /** The question to replace a session of another store: render it beside the trigger. */
  dialog: ReactNode;
};

/**
 * useAddToMergeFlow adds a customer to the user's merge session as every way into the merge
 * does: a session of another store is replaced only after the user confirms deleting it; a
 * third customer is refused with the spec's warning. name names the customer in the success
 * toast.
 */
export function useAddToMergeFlow(name: string): AddToMergeFlow {
  const add = useAddToMerge();
  const del = useDeleteMergeSession();
  const [replacing, setReplacingState] = useState<AddToMergeParams | null>(null);
  // The question's dialog loads the first time it is needed, then stays to close smoothly.
  const [replaceAsked, setReplaceAsked] = useState(false);
  const setReplacing = (params: AddToMergeParams | null) => {
    if (params) setReplaceAsked(true);
    setReplacingState(params);
  };

  const run = (params: AddToMergeParams) =>
    add.mutate(params, {
      onSuccess: () => notify('success', `${name || 'The customer'} was added to the merge session.`),
      onError: (err) => {
        if (isApiError(err, 409) && err.messages.includes(MERGE_OTHER_STORE_MESSAGE)) {
          setReplacing(params);
        } else if (isApiError(err, 409) && err.messages.includes(MERGE_TWO_SELECTED_MESSAGE)) {
          notify('warning', MERGE_TWO_SELECTED_MESSAGE);
        } else {
          notify('error', errorMessage(err));
        }
      },
    });

  const dialog = replaceAsked ? (
    <Suspense fallback={<PopupLoading label="Loading the question" />}>
      <ReplaceSessionModal
        opened={replacing !== null}
        onClose={() => setReplacing(null)}
        confirming={del.isPending}
        onConfirm={() => {
          const params = replacing;
          if (!params) return;
          del.mutate(
            { silent: true },
            {
              onSuccess: () => {
                setReplacing(null);
                run(params);
              },
            },
          );
        }}
      />
    </Suspense>
  ) : null;

  return { add: run, pending: add.isPending, dialog };
}
