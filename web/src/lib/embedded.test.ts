import { describe, expect, it } from 'vitest';

import {
  EMBEDDED_TOKEN_KEY,
  getEmbeddedToken,
  isBridged,
  isEmbeddedHash,
  isMobileHash,
  keepSsoToken,
  withoutSsoToken,
} from './embedded';

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

describe('isMobileHash', () => {
  it.each([
    ['#/mobile/dealsheet/1', true],
    ['#/embedded/dealsheet/1', false],
  ])('%s → %s', (hash, want) => {
    expect(isMobileHash(hash)).toBe(want);
  });
});

describe('isBridged', () => {
  it.each([
    ['/mobile/dealsheet/1', '', true],
    ['/embedded/customersms', '?bridge=1', true],
    ['/embedded/customersms', '?bridge=0', false],
    ['/embedded/customersms', '?ssoToken=x', false],
  ])('%s%s → %s', (path, search, want) => {
    expect(isBridged(path, search)).toBe(want);
  });
});

describe('keepSsoToken', () => {
  it('keeps the token in session storage, or local storage inside a bridge, in one place only', () => {
    expect(keepSsoToken('/embedded/customersms', '?ssoToken=one')).toBe('one');
    expect(window.sessionStorage.getItem(EMBEDDED_TOKEN_KEY)).toBe('one');

    expect(keepSsoToken('/embedded/customersms', '?ssoToken=two&bridge=1')).toBe('two');
    expect(window.localStorage.getItem(EMBEDDED_TOKEN_KEY)).toBe('two');
    expect(window.sessionStorage.getItem(EMBEDDED_TOKEN_KEY)).toBeNull();
    expect(getEmbeddedToken()).toBe('two');
  });

  it('returns the kept token when the query brings none', () => {
    window.sessionStorage.setItem(EMBEDDED_TOKEN_KEY, 'kept');
    expect(keepSsoToken('/embedded/customersms', '')).toBe('kept');
  });

  it('returns nothing when no token was ever given', () => {
    expect(keepSsoToken('/embedded/customersms', '?x=1')).toBeUndefined();
  });
});

describe('withoutSsoToken', () => {
  it.each([
    ['?ssoToken=abc', ''],
    ['?ssoToken=abc&tab=2', '?tab=2'],
    ['?a=1&ssoToken=abc&bridge=1', '?a=1&bridge=1'],
    ['', ''],
  ])('%s → %s', (search, want) => {
    expect(withoutSsoToken(search)).toBe(want);
  });
});
