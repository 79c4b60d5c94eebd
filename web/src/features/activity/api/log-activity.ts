import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { ActivityEntry, LogCallBody, LogNoteBody, OutboundCall, OutboundCallBody, SendToDeskingBody } from '../../../lib/api/types';
import { deskingKeys } from '../../desking';
import { leadKeys } from '../../leads';
import { activityKeys } from './keys';

export type NoteKind = 'note' | 'customer_note';

/** logPhoneCall logs a call (POST /crm/contacts/{id}/actions/log_phone_call). */
export function logPhoneCall(contactId: number, body: LogCallBody): Promise<ActivityEntry> {
  return api.post<ActivityEntry>(`/crm/contacts/${contactId}/actions/log_phone_call`, body);
}

/**
 * logNote logs a note (POST /crm/contacts/{id}/actions/log_note) or a customer note
 * (POST /crm/contacts/{id}/log_customer_note).
 */
export function logNote(contactId: number, kind: NoteKind, body: LogNoteBody): Promise<ActivityEntry> {
  const path = kind === 'customer_note' ? `/crm/contacts/${contactId}/log_customer_note` : `/crm/contacts/${contactId}/actions/log_note`;
  return api.post<ActivityEntry>(path, body);
}

/** sendToDesking sends the customer to the desk (POST /crm/contacts/{id}/actions/send_to_desking). */
export function sendToDesking(contactId: number, body: SendToDeskingBody): Promise<ActivityEntry> {
  return api.post<ActivityEntry>(`/crm/contacts/${contactId}/actions/send_to_desking`, body);
}

/** startOutboundCall starts a click-to-call (POST /crm/contacts/{contactId}/actions/start_outbound_call). */
export function startOutboundCall(contactId: number, body: OutboundCallBody): Promise<OutboundCall> {
  return api.post<OutboundCall>(`/crm/contacts/${contactId}/actions/start_outbound_call`, body);
}

/**
 * useActivityMutation runs an activity write; on success the customer's feed and counts reload,
 * and so do the customer's leads: an outbound call is their first response, a change of the lead
 * an open form must not overwrite.
 */
export function useActivityMutation<TVars, TResult>(contactId: number, fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The dialogs show the failure on their fields.
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activityKeys.all(contactId) }),
        queryClient.invalidateQueries({ queryKey: leadKeys.customer(contactId) }),
        queryClient.invalidateQueries({ queryKey: deskingKeys.contact(contactId) }),
      ]),
  });
}
