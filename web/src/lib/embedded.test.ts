import { describe, expect, it } from 'vitest';

import { isEmbeddedHash } from './embedded';

describe('isEmbeddedHash', () => {
  it.each([
    ['#/embedded/dealsheet/1', true],
    ['#/mobile/view', true],
    ['#/app/default', false],
    ['', false],
  ])('%s → %s', (hash, want) => {
    expect(isEmbeddedHash(hash)).toBe(want);
  });
});
