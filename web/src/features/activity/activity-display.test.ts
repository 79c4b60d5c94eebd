import { describe, expect, it } from 'vitest';

import { entrySummary, formatDuration, kindLabel } from './activity-display';

describe('activity display', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [125, '2m 05s'],
  ])('formats %i seconds as %s', (seconds, want) => {
    expect(formatDuration(seconds)).toBe(want);
  });

  it('summarises a logged call', () => {
    expect(
      entrySummary({
        id: 1, contactId: 2, accountPlatformId: 3, kind: 'phone_call', category: 'phone', direction: 'outbound',
        details: { outcome: 'left_message', durationSeconds: '45', phone: '(503) 555-0134' },
        text: '', userId: 'u', userName: 'U', at: '2026-03-01T10:00:00Z',
      }),
    ).toBe('Outbound · Left message · 45s · (503) 555-0134');
  });

  it('names unknown kinds by their value', () => {
    expect(kindLabel('customer_note')).toBe('Customer note');
    expect(kindLabel('fax')).toBe('fax');
  });
});
