import { describe, expect, it } from 'vitest';

import type { WorkDay } from '../../lib/api/types';
import { describeHours } from './business-hours';

const day = (Day: WorkDay['Day'], Open = '09:00', Close = '19:00', Closed = false): WorkDay => ({ Day, Open, Close, Closed });
const week: WorkDay['Day'][] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

describe('describeHours', () => {
  it.each([
    ['the default week', week.map((d) => day(d, '09:00', '19:00', d === 'Sunday')), 'Mon–Sat 09:00–19:00, Sun closed'],
    [
      'a short Saturday',
      week.map((d) => (d === 'Saturday' ? day(d, '09:00', '17:00') : day(d, '08:30', '20:00', d === 'Sunday'))),
      'Mon–Fri 08:30–20:00, Sat 09:00–17:00, Sun closed',
    ],
    ['open every day', week.map((d) => day(d, '10:00', '18:00')), 'Mon–Sun 10:00–18:00'],
    [
      'closed mid-week',
      week.map((d) => day(d, '09:00', '19:00', d === 'Wednesday')),
      'Mon–Tue 09:00–19:00, Wed closed, Thu–Sun 09:00–19:00',
    ],
  ])('%s', (_name, hours, want) => {
    expect(describeHours(hours)).toBe(want);
  });
});
