import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { LeadAssignmentBody, LeadAssignments } from '../../../lib/api/types';
import { useRefreshLeads } from './lead-actions';

export type ReassignParams = { leadId: number } & LeadAssignmentBody;

/** reassignLead sets who holds a lead (PUT /api/crmlead/{id}/assignments); empty ids for none. */
export function reassignLead({ leadId, salesPersonId, bdcAgentId }: ReassignParams): Promise<LeadAssignments> {
  return api.put<LeadAssignments>(`/api/crmlead/${leadId}/assignments`, { salesPersonId: salesPersonId ?? '', bdcAgentId: bdcAgentId ?? '' });
}

/** useReassignLead reassigns a lead and refreshes the lead lists. */
export function useReassignLead() {
  const refresh = useRefreshLeads();
  return useMutation({ mutationFn: reassignLead, onSuccess: refresh, meta: { silent: true } });
}

export type AssignParams = { leadId: number; userId: string };

/** assignLead gives an unclaimed claimable lead to a user (POST /pando/claimable_lead/assign_lead). */
export function assignLead({ leadId, userId }: AssignParams): Promise<LeadAssignments> {
  return api.post<LeadAssignments>('/pando/claimable_lead/assign_lead', { crmLeadId: leadId, userId });
}

/** useAssignLead assigns an unclaimed lead and refreshes the lead lists. */
export function useAssignLead() {
  const refresh = useRefreshLeads();
  return useMutation({ mutationFn: assignLead, onSuccess: refresh, meta: { silent: true } });
}
