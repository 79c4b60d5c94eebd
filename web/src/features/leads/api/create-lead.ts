import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { AdhocLeadBody, LeadView } from '../../../lib/api/types';
import { useRefreshLeads } from './lead-actions';

/** The CASL consent a lead of a Canadian store records. */
export type CaslConsent = 'express' | 'implied';

export type CreateLeadParams = AdhocLeadBody & { caslConsent?: CaslConsent };

/** createLead adds a lead to a customer at a store (POST /api/Lead/adhoc/create). */
export function createLead({ caslConsent: _consent, ...body }: CreateLeadParams): Promise<LeadView> {
  return api.post<LeadView>('/api/Lead/adhoc/create', body);
}

/** useCreateLead adds a lead and refreshes the lead lists. */
export function useCreateLead() {
  const refresh = useRefreshLeads();
  return useMutation({ mutationFn: createLead, onSuccess: refresh });
}
