import type { ProcessView } from '../../lib/api/types';

/** PROCESS_STATUS names the process statuses (section 4). */
export const PROCESS_STATUS: Record<number, string> = {
  0: 'Not set',
  10: 'New',
  50: 'Ready',
  100: 'In progress',
  150: 'Overdue',
  500: 'Paused',
  900: 'Cancelled',
  1000: 'Completed',
};

/** processStatusColor is the badge color of a process status. */
export function processStatusColor(status: number): string {
  switch (status) {
    case 150:
      return 'red';
    case 1000:
      return 'green';
    case 900:
      return 'gray';
    default:
      return 'blue';
  }
}

/** lastSubmittedStep returns the id of the process's last submitted step, to view; '' for none. */
export function lastSubmittedStep(p: ProcessView): string {
  const done = (p.Steps ?? []).filter((s) => s.IsSubmitted);
  return done.at(-1)?.StepInstanceId ?? '';
}

/** formatWhen shows a timestamp in the user's locale. */
export function formatWhen(iso: string | undefined): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
