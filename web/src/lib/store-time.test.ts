import { describe, expect, it } from 'vitest';

import { entryError } from './store-time';

const messages = { missing: 'Enter it.', malformed: 'Enter it as YYYY-MM-DDTHH:MM.', past: 'Choose a time from now on.' };
// 18:30 UTC is 10:30 in Los Angeles (PST) on 1 December 2026.
const now = new Date('2026-12-01T18:30:00Z');

describe('entryError', () => {
  it.each([
    { name: 'missing', local: '', want: messages.missing },
    { name: 'malformed', local: '2026-12-01 11:00', want: messages.malformed },
    { name: 'past at the store', local: '2026-12-01T10:29', want: messages.past },
    { name: 'now at the store', local: '2026-12-01T10:30', want: null },
    { name: 'later at the store', local: '2026-12-01T11:00', want: null },
  ])('$name', ({ local, want }) => {
    expect(entryError(local, 'America/Los_Angeles', messages, now)).toBe(want);
  });
});
