import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { AppointmentView, CalendarSearchBody, CalendarSearchResult } from '../../../lib/api/types';
import { appointmentKeys } from './keys';

/** dayOf is the calendar day of date in the browser's time zone (YYYY-MM-DD). */
function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * contactAppointments lists a customer's appointments (POST /pando/calendarevent with ContactId):
 * the upcoming ones from the start of today for a year, the earliest first, or the past year's
 * before today, the latest first.
 */
export async function contactAppointments(contactId: number, when: 'upcoming' | 'past', now: Date = new Date()): Promise<AppointmentView[]> {
  const body: CalendarSearchBody = { ContactId: contactId };
  if (when === 'past') {
    const yearAgo = new Date(now);
    yearAgo.setFullYear(now.getFullYear() - 1);
    const yesterday = new Date(now);
    yesterday.setDate(now.getDate() - 1);
    body.Start = dayOf(yearAgo);
    body.End = dayOf(yesterday);
  }
  const result = await api.post<CalendarSearchResult>('/pando/calendarevent', body);
  const events = result.events ?? [];
  return when === 'past' ? [...events].reverse() : events;
}

export function contactAppointmentsQueryOptions(contactId: number, when: 'upcoming' | 'past') {
  return queryOptions({
    queryKey: appointmentKeys.list(contactId, when),
    queryFn: () => contactAppointments(contactId, when),
    meta: { silent: true },
  });
}

/** useContactAppointments reads a customer's upcoming or past appointments. */
export function useContactAppointments(contactId: number, when: 'upcoming' | 'past') {
  return useQuery(contactAppointmentsQueryOptions(contactId, when));
}
