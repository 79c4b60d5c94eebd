import { useMutation } from '@tanstack/react-query';

import { isApiError } from '../../../lib/api/api-error';
import { api } from '../../../lib/api/client';
import type { LeadsLogRow, SaveLeadBody } from '../../../lib/api/types';
import { useRefreshLeads } from './lead-actions';

/** The CASL consent a lead of a Canadian store records. */
export type CaslConsent = 'express' | 'implied';

export type CreateLeadParams = Omit<SaveLeadBody, 'crmLeadId' | 'version' | 'caslConsent'> & { caslConsent?: CaslConsent };

/** createLead adds a lead to a customer at a store (POST /api/CrmLead/save without crmLeadId). */
export function createLead(body: CreateLeadParams): Promise<LeadsLogRow> {
  return api.post<LeadsLogRow>('/api/CrmLead/save', body);
}

/** useCreateLead adds a lead and refreshes the lead lists. */
export function useCreateLead() {
  const refresh = useRefreshLeads();
  return useMutation({ mutationFn: createLead, onSuccess: refresh, meta: { silent: true } });
}

export type EditLeadParams = { crmLeadId: number; version: number; leadTypeId: number; leadSourceId: number; comments: string };

/**
 * editLead sets a lead's type, source and comments at the version the user edited (POST
 * /api/CrmLead/save with crmLeadId); a lead changed since is refused with 409.
 */
export function editLead(body: EditLeadParams): Promise<LeadsLogRow> {
  return api.post<LeadsLogRow>('/api/CrmLead/save', body);
}

/**
 * useEditLead edits a lead and refreshes the lead lists; a refusal for a stale version refreshes
 * them too, so the next edit starts from the lead as it is now.
 */
export function useEditLead() {
  const refresh = useRefreshLeads();
  return useMutation({
    mutationFn: editLead,
    onSuccess: refresh,
    onError: (err) => {
      if (isApiError(err, 409)) void refresh();
    },
    meta: { silent: true },
  });
}
