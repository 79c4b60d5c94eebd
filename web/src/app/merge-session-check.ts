import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { notify } from '../lib/notify';
import { MERGE_CHECK_DELAY_MS } from '../lib/timing';

/** MergeSessionRequest is a link's request to open a contact-merge session. */
export type MergeSessionRequest = { platformId: string; contactId: string };

/**
 * mergeSessionRequest reads openMergeSession=true with platformId and contactId from a query;
 * null when the query does not ask for a merge session.
 */
export function mergeSessionRequest(search: string): MergeSessionRequest | null {
  const params = new URLSearchParams(search);
  const platformId = params.get('platformId');
  const contactId = params.get('contactId');
  if (params.get('openMergeSession') !== 'true' || !platformId || !contactId) return null;
  return { platformId, contactId };
}

/**
 * useMergeSessionCheck runs the contact-merge check the spec's 2 seconds after a page opens with
 * a merge request. Contact merge is not available yet, so the check says so.
 */
export function useMergeSessionCheck(): void {
  const { search } = useLocation();
  const request = mergeSessionRequest(search);
  const platformId = request?.platformId;
  const contactId = request?.contactId;
  useEffect(() => {
    if (!platformId || !contactId) return;
    const timer = setTimeout(() => {
      notify(
        'info',
        `Contact merge is not available yet. The merge of contact ${contactId} at store ${platformId} will open here when it is.`,
        'Contact merge',
        { id: `merge-${platformId}-${contactId}` },
      );
    }, MERGE_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [platformId, contactId]);
}
