import { describe, expect, it } from 'vitest';

import { clearImpersonation, getImpersonation, IMPERSONATION_KEY, saveImpersonation, type Impersonation } from './impersonation';

const running: Impersonation = {
  accessToken: 'imp',
  expiresAt: '2030-01-01T00:10:00Z',
  subject: { UserId: 's', Name: 'Subject' },
  actor: { UserId: 'a', Name: 'Actor' },
};

describe('impersonation storage', () => {
  it('keeps the impersonation in session storage until cleared', () => {
    saveImpersonation(running);
    expect(getImpersonation(Date.parse('2030-01-01T00:00:00Z'))).toEqual(running);
    clearImpersonation();
    expect(getImpersonation(Date.parse('2030-01-01T00:00:00Z'))).toBeUndefined();
  });

  it('forgets an impersonation that has lapsed', () => {
    saveImpersonation(running);
    expect(getImpersonation(Date.parse('2030-01-01T00:10:00Z'))).toBeUndefined();
    expect(window.sessionStorage.getItem(IMPERSONATION_KEY)).toBeNull();
  });

  it('forgets what it cannot read', () => {
    window.sessionStorage.setItem(IMPERSONATION_KEY, '{oops');
    expect(getImpersonation()).toBeUndefined();
    expect(window.sessionStorage.getItem(IMPERSONATION_KEY)).toBeNull();
  });
});
