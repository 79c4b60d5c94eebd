import type { LeadsLogRow } from '../../lib/api/types';

/** The first-response target of a store whose settings name none (as the server's default). */
export const DEFAULT_RESPONSE_MINUTES = 15;

/**
 * formatSpan shows a number of seconds as people read a wait: 45 s, 12 min, 3 h 05 min,
 * 2 d 4 h.
 */
export function formatSpan(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/**
 * Tone is how a lead's wait reads against its store's target: ok (within), due (past half of
 * it), late (past it); answered leads read ok or late by their first response; a closed lead's
 * age is only information (none).
 */
export type Tone = 'ok' | 'due' | 'late' | 'none';

export const TONE_COLOR: Record<Tone, string | undefined> = { ok: 'teal', due: 'orange', late: 'red', none: undefined };

/** A lead waits for a response while it is active or sold pending (the statuses still worked). */
function open(row: Pick<LeadsLogRow, 'leadStatusId'>): boolean {
  return row.leadStatusId === 1 || row.leadStatusId === 6;
}

export type LeadTiming = {
  /** Seconds since the lead arrived. */
  ageSeconds: number;
  /** The store's target in minutes. */
  targetMinutes: number;
  /** The tone of the age: the wait of an open lead nobody answered. */
  ageTone: Tone;
  /** Seconds to the first response, when answered. */
  responseSeconds?: number;
  responseTone: Tone;
};

/**
 * leadTiming measures a row's wait at now (milliseconds since the epoch) against its store's
 * target. The target counts the store's working hours: the server gives the time it runs out
 * (responseDueAt), and the wait is due once less than half of the target is left before it;
 * without that time the target counts from the arrival.
 */
export function leadTiming(
  row: Pick<LeadsLogRow, 'createdAt' | 'leadStatusId' | 'firstResponseSeconds' | 'responseTargetMinutes'> &
    Partial<Pick<LeadsLogRow, 'responseDueAt'>>,
  now: number,
): LeadTiming {
  const targetMinutes = row.responseTargetMinutes > 0 ? row.responseTargetMinutes : DEFAULT_RESPONSE_MINUTES;
  const target = targetMinutes * 60;
  const arrived = Date.parse(row.createdAt);
  const ageSeconds = Math.max(0, (now - arrived) / 1000);
  const answered = row.firstResponseSeconds !== undefined && row.firstResponseSeconds !== null;
  const parsedDue = row.responseDueAt ? Date.parse(row.responseDueAt) : NaN;
  const due = Number.isNaN(parsedDue) ? arrived + target * 1000 : parsedDue;
  let ageTone: Tone = 'none';
  if (!answered && open(row)) ageTone = now > due ? 'late' : now > due - (target * 1000) / 2 ? 'due' : 'ok';
  return {
    ageSeconds,
    targetMinutes,
    ageTone,
    responseSeconds: answered ? row.firstResponseSeconds : undefined,
    responseTone: answered ? ((row.firstResponseSeconds ?? 0) > target ? 'late' : 'ok') : 'none',
  };
}

/** telHref is a tel: address of a displayed phone number, its digits and a leading +. */
export function telHref(display: string): string {
  const plain = display.replace(/\s*x\d+$/, '');
  return `tel:${plain.trim().startsWith('+') ? '+' : ''}${plain.replace(/\D/g, '')}`;
}
