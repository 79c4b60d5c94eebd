import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { useAddToMergeFlow } from '../features/merge';
import { MERGE_CHECK_DELAY_MS } from '../lib/timing';
import { mergeSessionRequest } from './merge-session-request';

/**
 * MergeSessionCheck runs the contact-merge check the spec's 2 seconds after a page opens with a
 * merge request (a merge link, opened in a new tab): the customer joins the user's merge
 * session as "Add to merge" would add them, and the merge footer shows the session. Each
 * request is run once, however often the page renders.
 */
export function MergeSessionCheck() {
  const { search } = useLocation();
  const request = mergeSessionRequest(search);
  const platformId = request?.platformId;
  const contactId = request?.contactId;
  const flow = useAddToMergeFlow('The customer');
  const add = useRef(flow.add);
  add.current = flow.add;
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!platformId || !contactId) return;
    const key = `${platformId}/${contactId}`;
    if (done.current === key) return;
    const timer = setTimeout(() => {
      done.current = key;
      add.current({ accountPlatformId: Number(platformId), contactId: Number(contactId) });
    }, MERGE_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [platformId, contactId]);
  return <>{flow.dialog}</>;
}
