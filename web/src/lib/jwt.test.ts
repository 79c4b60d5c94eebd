import { describe, expect, it } from 'vitest';

import { unsignedJwt } from '../testing/fixtures';
import { isJwtExpired, readJwtClaims } from './jwt';

describe('readJwtClaims', () => {
  it('reads the claims of a JWT, base64url and all', () => {
    expect(readJwtClaims(unsignedJwt({ sub: 'ü?>', exp: 10 }))).toEqual({ sub: 'ü?>', exp: 10 });
  });

  it.each(['', 'abc', 'a.b', 'a.!!!.c', `x.${btoa('[1]')}.y`])('is null for %j', (token) => {
    expect(readJwtClaims(token)).toBeNull();
  });
});

describe('isJwtExpired', () => {
  const now = 1_800_000_000_000;
  it.each([
    [{ exp: now / 1000 + 1 }, false],
    [{ exp: now / 1000 }, true],
    [{ exp: now / 1000 - 1 }, true],
    [{}, true],
  ])('%j → %s', (claims, want) => {
    expect(isJwtExpired(unsignedJwt(claims), now)).toBe(want);
  });

  it('counts an unreadable token as expired', () => {
    expect(isJwtExpired('not-a-token', now)).toBe(true);
  });
});
