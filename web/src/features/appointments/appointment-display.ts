import type { AppointmentView } from '../../lib/api/types';
import { entryError, wallClock, zoneLabel, zoneOf, type EntryMessages } from '../../lib/store-time';

/** APPOINTMENT_TYPES are the kinds of appointment, as the server accepts them. */
export const APPOINTMENT_TYPES = ['Sales', 'Delivery', 'Service', 'Test Drive', 'Appraisal', 'Finance', 'Other'] as const;

/** DURATIONS are the lengths offered for an appointment, in minutes. */
export const DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240] as const;

const STATUS_LABELS: Record<string, string> = {
  Scheduled: 'Scheduled',
  Rescheduled: 'Rescheduled',
  Confirmed: 'Confirmed',
  ConfirmationSent: 'Confirmation sent',
  NoShow: 'No-show',
  Completed: 'Shown',
  Cancelled: 'Cancelled',
};

const STATUS_COLORS: Record<string, string> = {
  Scheduled: 'blue',
  Rescheduled: 'indigo',
  Confirmed: 'teal',
  ConfirmationSent: 'cyan',
  NoShow: 'orange',
  Completed: 'green',
  Cancelled: 'gray',
};

/** appointmentStatusLabel is how an appointment status reads. */
export function appointmentStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/** appointmentStatusColor is the colour of an appointment status's badge. */
export function appointmentStatusColor(status: string): string {
  return STATUS_COLORS[status] ?? 'gray';
}

/** canMove reports whether the caller may move the appointment to status now. */
export function canMove(a: Pick<AppointmentView, 'canChange' | 'moves'>, status: string): boolean {
  return a.canChange && (a.moves ?? []).includes(status);
}

/**
 * formatWhen shows an appointment's time as its store's clocks read it, with the zone's
 * abbreviation: "Tue, Dec 1, 2026, 10:00 – 10:45 AM PST".
 */
export function formatWhen(a: Pick<AppointmentView, 'startUtc' | 'endUtc' | 'timeZone'>): string {
  const start = new Date(a.startUtc);
  const end = new Date(a.endUtc);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return a.startUtc;
  const zone = zoneOf(a.timeZone);
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: zone }).format(start);
  const time = (d: Date, zoneName: boolean) =>
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone, ...(zoneName ? { timeZoneName: 'short' } : {}) }).format(d);
  return `${day}, ${time(start, false)} – ${time(end, true)}`;
}

/** minutesOf is an appointment's length in minutes. */
export function minutesOf(a: Pick<AppointmentView, 'startUtc' | 'endUtc'>): number {
  return Math.round((new Date(a.endUtc).getTime() - new Date(a.startUtc).getTime()) / 60_000);
}

export { wallClock, zoneLabel };

/**
 * startError checks a start entered as the store's clocks read it, before it is sent: missing,
 * malformed or already past at the store, or null.
 */
export function startError(localStart: string, timeZone: string, now: Date = new Date()): string | null {
  return entryError(localStart, timeZone, START_MESSAGES, now);
}

const START_MESSAGES: EntryMessages = {
  missing: 'Enter the date and time of the appointment.',
  malformed: 'Enter the date and time (YYYY-MM-DDTHH:MM).',
  past: 'Choose a time from now on.',
};
