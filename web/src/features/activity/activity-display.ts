import type { ActivityEntry } from '../../lib/api/types';

/** The activity categories, in the order the server counts them. */
export const ACTIVITY_CATEGORIES = [
  { value: 'phone', label: 'Calls' },
  { value: 'note', label: 'Notes' },
  { value: 'text', label: 'Texts' },
  { value: 'email', label: 'Emails' },
  { value: 'task', label: 'Tasks' },
  { value: 'lead', label: 'Leads' },
  { value: 'visit', label: 'Visits' },
  { value: 'desking', label: 'Desking' },
  { value: 'view', label: 'Views' },
  { value: 'system', label: 'System' },
] as const;

export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number]['value'];

export function isActivityCategory(value: string | null): value is ActivityCategory {
  return ACTIVITY_CATEGORIES.some((c) => c.value === value);
}

/** The outcomes a logged call may have, as the server names them. */
export const CALL_OUTCOMES = [
  { value: 'contacted', label: 'Contacted' },
  { value: 'left_message', label: 'Left message' },
  { value: 'no_answer', label: 'No answer' },
  { value: 'busy', label: 'Busy' },
  { value: 'wrong_number', label: 'Wrong number' },
  { value: 'bad_number', label: 'Bad number' },
] as const;

const KIND_LABELS: Record<string, string> = {
  phone_call: 'Call logged',
  outbound_call: 'Call started',
  call: 'Tracked call',
  note: 'Note',
  customer_note: 'Customer note',
  sent_to_desking: 'Sent to desking',
  profile_viewed: 'Profile viewed',
  dealsheet_viewed: 'Deal sheet viewed',
  dealsheet: 'Deal sheet',
  text: 'Text',
  email: 'Email',
  task: 'Task',
  lead: 'Lead',
  visit: 'Visit',
  merge: 'Merge',
};

/** kindLabel names an entry's kind for people. */
export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

/** outcomeLabel names a call outcome for people. */
export function outcomeLabel(outcome: string): string {
  return CALL_OUTCOMES.find((o) => o.value === outcome)?.label ?? outcome;
}

/** formatDuration shows a number of seconds as minutes and seconds (2m 05s). */
export function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m}m ${String(s).padStart(2, '0')}s` : `${s}s`;
}

/** entrySummary is the line under an entry's title: direction, outcome, duration, phone, call id. */
export function entrySummary(e: ActivityEntry): string {
  const d = e.details ?? {};
  const parts: string[] = [];
  if (e.direction) parts.push(e.direction === 'inbound' ? 'Inbound' : 'Outbound');
  if (d.outcome) parts.push(outcomeLabel(d.outcome));
  if (d.durationSeconds) parts.push(formatDuration(Number(d.durationSeconds)));
  if (d.phone) parts.push(d.phone);
  if (d.section) parts.push(`${d.section} section`);
  if (d.entityId) parts.push(`Deal #${d.entityId}`);
  if (d.callId) parts.push(`Call ${d.callId}`);
  return parts.join(' · ');
}
