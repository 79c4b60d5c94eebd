import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { LinkVerificationBody, VerifiedLink } from '../../../lib/api/types';
import { notify } from '../../../lib/notify';

/** The spec's messages of a personal or internal link (8.1). */
export const LINK_MESSAGES = {
  verifying: 'Verifying access',
  failed: 'There was an error accessing the selected url. Please try again later.',
  empty: 'Selected link is no longer accessible',
} as const;

/** verifyInternalLink asks for a link the user may open, with its short-lived access token (POST /internalLinkVerification). */
export function verifyInternalLink(body: LinkVerificationBody): Promise<VerifiedLink> {
  return api.post<VerifiedLink>('/internalLinkVerification', body);
}

/**
 * useOpenInternalLink opens a personal or internal link of CXM for a store in a new tab: it says
 * 'Verifying access', has the server verify the link and sign it, and opens the signed link; an
 * empty link, or one the server refuses, shows the spec's message and opens nothing. The tab is
 * opened at once, while the click still allows it, and closed again on a refusal.
 */
export function useOpenInternalLink() {
  const verify = useMutation({ mutationFn: verifyInternalLink, meta: { silent: true } });
  const open = (url: string | null | undefined, storeId: number) => {
    if (!url?.trim()) {
      notify('error', LINK_MESSAGES.empty);
      return;
    }
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    notify('info', LINK_MESSAGES.verifying);
    verify.mutateAsync({ url, dealerId: storeId }).then(
      (link) => {
        if (tab) tab.location.href = link.url;
        else window.location.assign(link.url);
      },
      () => {
        tab?.close();
        notify('error', LINK_MESSAGES.failed);
      },
    );
  };
  return { open, isPending: verify.isPending };
}
