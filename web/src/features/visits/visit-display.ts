import { isApiError } from '../../lib/api/api-error';
import type { VisitView } from '../../lib/api/types';

/** The visit statuses (section 4). */
export const VISIT_STATUSES = [
  { id: 0, label: 'New' },
  { id: 1, label: 'Started' },
  { id: 2, label: 'Restarted' },
  { id: 3, label: 'Completed' },
  { id: 4, label: 'Canceled' },
] as const;

/** statusName names a visit or step status. */
export function statusName(status: number): string {
  return VISIT_STATUSES.find((s) => s.id === status)?.label ?? String(status);
}

/** statusColor is the badge colour of a visit or step status. */
export function statusColor(status: number): string {
  return ['gray', 'blue', 'violet', 'green', 'red'][status] ?? 'gray';
}

/** isOpen reports whether a visit is in progress: started or restarted. */
export function isOpen(v: Pick<VisitView, 'status'>): boolean {
  return v.status === 1 || v.status === 2;
}

/** elapsed is how long a visit has lasted at now (ms), as "1 h 05 min" or "12 min". */
export function elapsed(v: Pick<VisitView, 'startedAt' | 'endedAt' | 'status' | 'durationSeconds'>, now: number): string {
  let seconds = v.durationSeconds;
  if (isOpen(v) && v.startedAt) seconds = Math.max(0, Math.floor((now - Date.parse(v.startedAt)) / 1000));
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** timeOf shows a time in the store's time zone. */
export function timeOf(iso: string | undefined, timeZone: string, withDate = false): string {
  if (!iso) return '';
  const opts: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone: timeZone || undefined };
  if (withDate) Object.assign(opts, { month: 'short', day: 'numeric' });
  try {
    return new Intl.DateTimeFormat('en-US', opts).format(new Date(iso));
  } catch {
    return new Date(iso).toLocaleString();
  }
}

/** visitErrorMessage is what a refused visit change says. */
export function visitErrorMessage(err: unknown): string {
  if (isApiError(err)) return err.messages.join(' ') || err.message;
  return 'The visit could not be changed. Try again.';
}
