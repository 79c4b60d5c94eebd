import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { LeadView } from '../../../lib/api/types';
import { useRefreshLeads } from './lead-actions';

export type TypeSourceParams = { leadId: number; leadTypeId: number; leadSourceId: number };

/** changeTypeSource sets a lead's type and source (PUT /api/CrmLead/{id}/update_type_and_source). */
export function changeTypeSource({ leadId, leadTypeId, leadSourceId }: TypeSourceParams): Promise<LeadView> {
  return api.put<LeadView>(`/api/CrmLead/${leadId}/update_type_and_source`, { leadTypeId, leadSourceId });
}

/** useChangeTypeSource changes a lead's type and source and refreshes the lead lists. */
export function useChangeTypeSource() {
  const refresh = useRefreshLeads();
  return useMutation({ mutationFn: changeTypeSource, onSuccess: refresh });
}
