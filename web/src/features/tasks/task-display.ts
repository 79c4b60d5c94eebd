import type { TaskView } from '../../lib/api/types';
import { entryError, wallClock, zoneLabel, zoneOf, type EntryMessages } from '../../lib/store-time';

/** TASK_TYPES are the kinds of task a user may add, as the server accepts them. */
export const TASK_TYPES = ['Call', 'Email', 'Text', 'Appointment', 'Follow-up', 'Other'] as const;

/** OPEN_STATUSES are the statuses of a task that still needs doing. */
export const OPEN_STATUSES = ['Pending', 'InProgress', 'Overdue', 'OnHold'] as const;

const STATUS_LABELS: Record<string, string> = {
  Pending: 'Pending',
  InProgress: 'In progress',
  Overdue: 'Overdue',
  OnHold: 'On hold',
  Completed: 'Completed',
  BulkCompleted: 'Completed',
  Cancelled: 'Cancelled',
  Suppressed: 'Suppressed',
  Future: 'Future',
  NotGenerated: 'Not generated',
};

const STATUS_COLORS: Record<string, string> = {
  Pending: 'blue',
  InProgress: 'cyan',
  Overdue: 'red',
  OnHold: 'gray',
  Completed: 'green',
  BulkCompleted: 'green',
  Cancelled: 'gray',
};

/** statusLabel is how a task status reads. */
export function taskStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/** statusColor is the colour of a task status's badge. */
export function taskStatusColor(status: string): string {
  return STATUS_COLORS[status] ?? 'gray';
}

/** isOpen reports whether a task still needs doing. */
export function isOpen(task: Pick<TaskView, 'taskStatus'>): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(task.taskStatus);
}

/** formatDue shows an instant as the store's clocks read it, with the zone's abbreviation. */
export function formatDue(iso: string, timeZone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit',
    timeZone: zoneOf(timeZone), timeZoneName: 'short',
  }).format(d);
}

export { wallClock, zoneLabel };

/**
 * dueError checks a due time entered as the store's clocks read it, before it is sent: the
 * server's messages for a missing or malformed time or a time already past at the store, or null.
 */
export function dueError(localDueDt: string, timeZone: string, now: Date = new Date()): string | null {
  return entryError(localDueDt, timeZone, DUE_MESSAGES, now);
}

const DUE_MESSAGES: EntryMessages = {
  missing: 'Enter the due date and time.',
  malformed: 'Enter the due date and time (YYYY-MM-DDTHH:MM).',
  past: 'Choose a due time from now on.',
};
