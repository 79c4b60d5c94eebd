/** MergeSessionRequest is a link's request to open a contact-merge session. */
export type MergeSessionRequest = { platformId: string; contactId: string };

/**
 * mergeSessionRequest reads openMergeSession=true with platformId and contactId (positive whole
 * numbers) from a query; null when the query does not ask for a merge session.
 */
export function mergeSessionRequest(search: string): MergeSessionRequest | null {
  const params = new URLSearchParams(search);
  const platformId = params.get('platformId');
  const contactId = params.get('contactId');
  if (params.get('openMergeSession') !== 'true' || !platformId || !contactId) return null;
  if (!/^[1-9]\d*$/.test(platformId) || !/^[1-9]\d*$/.test(contactId)) return null;
  return { platformId, contactId };
}
