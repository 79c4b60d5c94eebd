import type { CallLogRow } from '../../lib/api/types';

/** phoneText shows a North American E.164 number as (503) 555-0142, any other as it is. */
export function phoneText(e164: string): string {
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164 || 'Withheld';
}

/** durationText shows seconds as 3m 05s. */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/** outcome names what became of a call. */
export function outcome(call: Pick<CallLogRow, 'answered' | 'voicemail'>): 'Answered' | 'Voicemail' | 'Missed' {
  if (call.answered) return 'Answered';
  return call.voicemail ? 'Voicemail' : 'Missed';
}

/** dayText formats a date as YYYY-MM-DD in UTC. */
export function dayText(d: Date): string {
  return d.toISOString().slice(0, 10);
}
