import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { LeadAssignments, LeadView } from '../../../lib/api/types';
import type { LeadTransition } from '../lead-status';
import { leadKeys } from './keys';

export type TransitionParams = { leadId: number; transition: LeadTransition; reason?: string };

/** transitionLead changes a lead's status through its call (PUT /api/CrmLead/{id}/{transition}). */
export function transitionLead({ leadId, transition, reason }: TransitionParams): Promise<LeadView> {
  return api.put<LeadView>(`/api/CrmLead/${leadId}/${transition}`, reason ? { reason } : {});
}

/** useTransitionLead changes a lead's status and refreshes the lead lists. */
export function useTransitionLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionLead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all() }),
    // The status modal shows the refusal itself.
    meta: { silent: true },
  });
}

/** claimLead takes an unclaimed lead for the signed-in user (POST /pando/claimable_lead/claim_lead). */
export function claimLead(leadId: number): Promise<LeadAssignments> {
  return api.post<LeadAssignments>('/pando/claimable_lead/claim_lead', { crmLeadId: leadId });
}

/** useClaimLead claims a lead and refreshes the lead lists. */
export function useClaimLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimLead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all() }),
    // The screens that claim raise their own notice of a refusal.
    meta: { silent: true },
  });
}

/** The lead lists every change refreshes: the Leads Log and the customers' lead lists. */
export function useRefreshLeads() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: leadKeys.all() });
}
