import type { WorkDay as Day } from '../../lib/api/types';

const SHORT: Record<string, string> = {
  Sunday: 'Sun',
  Monday: 'Mon',
  Tuesday: 'Tue',
  Wednesday: 'Wed',
  Thursday: 'Thu',
  Friday: 'Fri',
  Saturday: 'Sat',
};

const ORDER: Day['Day'][] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * describeHours says a store's working hours in one line, Monday first, joining the days in a
 * row that keep the same hours: "Mon–Sat 09:00–19:00, Sun closed".
 */
export function describeHours(hours: readonly Day[]): string {
  const byDay = new Map(hours.map((d) => [d.Day, d]));
  const spans: { from: Day['Day']; to: Day['Day']; text: string }[] = [];
  for (const name of ORDER) {
    const d = byDay.get(name);
    if (!d) continue;
    const text = d.Closed ? 'closed' : `${d.Open ?? ''}–${d.Close ?? ''}`;
    const last = spans[spans.length - 1];
    if (last && last.text === text && ORDER.indexOf(last.to) === ORDER.indexOf(name) - 1) last.to = name;
    else spans.push({ from: name, to: name, text });
  }
  return spans.map((s) => `${s.from === s.to ? SHORT[s.from] : `${SHORT[s.from]}–${SHORT[s.to]}`} ${s.text}`).join(', ');
}
