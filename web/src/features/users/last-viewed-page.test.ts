import { describe, expect, it } from 'vitest';

import { encodeLastViewedPage, isRememberedPath, lastViewedPageTarget } from './last-viewed-page';

describe('isRememberedPath', () => {
  it.each([
    ['/app/contactsearch', true],
    ['/app/leadsdashboard?status=1', true],
    ['/app/private/activitygroupsmanagement', true],
    ['/app/default', false],
    ['/app/defaultsomething', false],
    ['/app', false],
    ['/signin', false],
    ['/embedded/dealsheet/1', false],
  ])('%s → %s', (path, want) => {
    expect(isRememberedPath(path)).toBe(want);
  });
});

describe('lastViewedPageTarget', () => {
  const saved = encodeLastViewedPage('/app/contactsearch?q=ortega');

  it('encodes the path as a URI component', () => {
    expect(saved).toBe('%2Fapp%2Fcontactsearch%3Fq%3Dortega');
  });

  it.each(['/app/default', '/app', '/app/', '/', ''])('replaces the start path %j', (current) => {
    expect(lastViewedPageTarget(current, saved)).toBe('/app/contactsearch?q=ortega');
  });

  it('keeps a page the user asked for', () => {
    expect(lastViewedPageTarget('/app/leadsdashboard', saved)).toBeNull();
  });

  it('does nothing without a saved page', () => {
    expect(lastViewedPageTarget('/app/default', null)).toBeNull();
    expect(lastViewedPageTarget('/app/default', '')).toBeNull();
  });

  it('ignores a saved value that is not a page under /app', () => {
    expect(lastViewedPageTarget('/app/default', encodeLastViewedPage('/signin'))).toBeNull();
    expect(lastViewedPageTarget('/app/default', encodeLastViewedPage('/app/default'))).toBeNull();
    expect(lastViewedPageTarget('/app/default', '%E0%A4%A')).toBeNull();
  });

  it('accepts a saved value written with the leading hash', () => {
    expect(lastViewedPageTarget('/app/default', encodeLastViewedPage('#/app/wishlist'))).toBe('/app/wishlist');
  });
});
