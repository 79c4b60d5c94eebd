import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { AppointmentChangeBody, AppointmentView, CalendarSearchResult, NewAppointment } from '../../../lib/api/types';
import { activityKeys } from '../../activity';
import { appointmentKeys } from './keys';

/** AppointmentRef names an appointment at the version it was read. */
export type AppointmentRef = { appointmentId: string; version: number };

/** AppointmentChange is one change a user makes to an appointment, with what it brings. */
export type AppointmentChange =
  | { action: 'confirm' | 'confirmation_sent'; ref: AppointmentRef }
  | { action: 'shown' | 'noshow'; ref: AppointmentRef }
  | { action: 'cancel'; ref: AppointmentRef }
  | { action: 'reschedule'; ref: AppointmentRef; localStart: string; durationMinutes: number; assignedUserId?: string };

/** Status ids of the show status call: the customer came (Completed), or did not (NoShow). */
const SHOWN = 5;
const NO_SHOW = 4;

/**
 * changeAppointment reschedules, confirms, records a sent confirmation, records whether the
 * customer came (PUT /pando/calendarevent/{id}/update_show_status/{5|4}) or cancels, the user
 * having confirmed it (DELETE /pando/calendarevent/{id}?confirm=true), and returns the
 * appointment as changed.
 */
export function changeAppointment(change: AppointmentChange): Promise<AppointmentView> {
  const { appointmentId, version } = change.ref;
  const base = `/pando/calendarevent/${encodeURIComponent(appointmentId)}`;
  switch (change.action) {
    case 'shown':
    case 'noshow':
      return api.put<AppointmentView>(`${base}/update_show_status/${change.action === 'shown' ? SHOWN : NO_SHOW}`, { version });
    case 'cancel':
      return api.delete<AppointmentView>(`${base}?${new URLSearchParams({ version: String(version), confirm: 'true' })}`);
    case 'reschedule': {
      const body: AppointmentChangeBody = { version, localStart: change.localStart, durationMinutes: change.durationMinutes };
      if (change.assignedUserId) body.assignedUserId = change.assignedUserId;
      return api.put<AppointmentView>(`${base}/reschedule`, body);
    }
    default:
      return api.put<AppointmentView>(`${base}/${change.action}`, { version });
  }
}

/** setAppointment sets an appointment with a customer (POST /pando/calendarevent with event). */
export async function setAppointment(event: NewAppointment): Promise<AppointmentView> {
  const result = await api.post<CalendarSearchResult>('/pando/calendarevent', { event });
  const saved = result.events?.[0];
  if (!saved) throw new Error('The appointment was not set.');
  return saved;
}

/** useRefreshCustomer returns what an appointment change makes stale: the lists and the activity. */
function useRefreshCustomer() {
  const client = useQueryClient();
  return (contactId: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: appointmentKeys.contact(contactId) }),
      client.invalidateQueries({ queryKey: activityKeys.all(contactId) }),
    ]);
}

/** useChangeAppointment changes an appointment of the customer contactId and refreshes what shows it. */
export function useChangeAppointment(contactId: number) {
  const refresh = useRefreshCustomer();
  return useMutation({ mutationFn: changeAppointment, onSettled: () => refresh(contactId), meta: { silent: true } });
}

/** useSetAppointment sets an appointment with the customer contactId and refreshes what shows it. */
export function useSetAppointment(contactId: number) {
  const refresh = useRefreshCustomer();
  return useMutation({ mutationFn: setAppointment, onSuccess: () => refresh(contactId), meta: { silent: true } });
}
