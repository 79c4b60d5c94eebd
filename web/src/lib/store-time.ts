// A store's clocks: instants shown and entered as the store's time zone reads them, whatever the
// browser's own zone.

/** zoneOf is a time zone the browser knows: the store's, or UTC when it has none. */
export function zoneOf(timeZone: string): string {
  return timeZone || 'UTC';
}

/**
 * wallClock is an instant as the store's clocks read it, in the form the date-time inputs and
 * the server take (YYYY-MM-DDTHH:MM).
 */
export function wallClock(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    timeZone: zoneOf(timeZone),
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** zoneLabel names a store's time zone for people: its city and its abbreviation now. */
export function zoneLabel(timeZone: string, now: Date = new Date()): string {
  const zone = zoneOf(timeZone);
  const abbr = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(now)
    .find((p) => p.type === 'timeZoneName')?.value;
  const city = zone.split('/').pop()?.replace(/_/g, ' ') ?? zone;
  return abbr ? `${city} time, ${abbr}` : `${city} time`;
}

/** LOCAL_TIME is the shape of a time entered as a store's clocks read it: a date and a time of day. */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** EntryMessages are what a form says of a time entered that is missing, malformed or already past. */
export type EntryMessages = { missing: string; malformed: string; past: string };

/**
 * entryError checks a time entered as the store's clocks read it, before it is sent: the message
 * for a missing or malformed time or one already past at the store, or null. (Whether the time
 * exists at the store, around clock changes, only the server says.)
 */
export function entryError(local: string, timeZone: string, messages: EntryMessages, now: Date = new Date()): string | null {
  if (!local) return messages.missing;
  if (!LOCAL_TIME.test(local)) return messages.malformed;
  if (local < wallClock(now, timeZone)) return messages.past;
  return null;
}
