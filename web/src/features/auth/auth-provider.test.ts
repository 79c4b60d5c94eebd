import { describe, expect, it } from 'vitest';

import { renewalDelay } from './auth-provider';

describe('renewalDelay', () => {
  const now = 1_000_000;
  it.each([
    ['an hour-long token: a minute before it expires', now + 3_600_000, 3_540_000],
    ['a token with 90 s left: half-way', now + 90_000, 45_000],
    ['a token about to expire: after the minimum interval', now + 10_000, 30_000],
    ['a token already expired by this clock: after the minimum interval', now - 5_000, 30_000],
  ])('%s', (_name, expiresAt, want) => {
    expect(renewalDelay(expiresAt, now)).toBe(want);
  });
});
