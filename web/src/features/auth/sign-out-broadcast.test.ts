import { describe, expect, it, vi } from 'vitest';

import { broadcastSignOut, hasSignedOut, listenForSignOutElsewhere, SIGNED_OUT_KEY } from './sign-out-broadcast';

function storageEvent(key: string, newValue: string | null) {
  return new StorageEvent('storage', { key, newValue });
}

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('sign-out broadcast', () => {
  it('writes a note other tabs hear', () => {
    broadcastSignOut('subject-1');
    expect(JSON.parse(window.localStorage.getItem(SIGNED_OUT_KEY) ?? '{}')).toMatchObject({ subject: 'subject-1' });
  });

  it('calls back only for a sign-out of the same subject', async () => {
    const onSignedOut = vi.fn();
    const stop = listenForSignOutElsewhere(async () => 'subject-1', onSignedOut);

    window.dispatchEvent(storageEvent(SIGNED_OUT_KEY, JSON.stringify({ subject: 'subject-2', at: 1 })));
    window.dispatchEvent(storageEvent('other-key', JSON.stringify({ subject: 'subject-1', at: 1 })));
    window.dispatchEvent(storageEvent(SIGNED_OUT_KEY, 'not json'));
    window.dispatchEvent(storageEvent(SIGNED_OUT_KEY, null));
    await settle();
    expect(onSignedOut).not.toHaveBeenCalled();

    window.dispatchEvent(storageEvent(SIGNED_OUT_KEY, JSON.stringify({ subject: 'subject-1', at: 2 })));
    await settle();
    expect(onSignedOut).toHaveBeenCalledOnce();

    stop();
    window.dispatchEvent(storageEvent(SIGNED_OUT_KEY, JSON.stringify({ subject: 'subject-1', at: 3 })));
    await settle();
    expect(onSignedOut).toHaveBeenCalledOnce();
  });

  it('ignores a note when this tab is not signed in', async () => {
    const onSignedOut = vi.fn();
    const stop = listenForSignOutElsewhere(async () => undefined, onSignedOut);
    window.dispatchEvent(storageEvent(SIGNED_OUT_KEY, JSON.stringify({ subject: 'subject-1', at: 1 })));
    await settle();
    expect(onSignedOut).not.toHaveBeenCalled();
    stop();
  });
});

describe('hasSignedOut', () => {
  it('matches the subject and sign-in time of the session that ended', () => {
    broadcastSignOut('subject-1', 1000);
    expect(hasSignedOut({ subject: 'subject-1', authTime: 1000 })).toBe(true);
    expect(hasSignedOut({ subject: 'subject-1', authTime: 2000 })).toBe(false);
    expect(hasSignedOut({ subject: 'subject-2', authTime: 1000 })).toBe(false);
  });

  it('without a sign-in time, ends the tokens issued before the sign-out', () => {
    window.localStorage.setItem(SIGNED_OUT_KEY, JSON.stringify({ subject: 'subject-1', at: 5_000_000 }));
    expect(hasSignedOut({ subject: 'subject-1', issuedAt: 4_000 })).toBe(true);
    expect(hasSignedOut({ subject: 'subject-1', issuedAt: 6_000 })).toBe(false);
  });
});
