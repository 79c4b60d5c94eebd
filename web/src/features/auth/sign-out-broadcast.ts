/**
 * Sign-out in one tab ends the same user's session in the others. Tokens live in each tab's
 * session storage, so the tab that signs out leaves a note in local storage, which the other
 * tabs hear as a storage event, and which a tab handed a session later reads, so that it does
 * not take up a session that has ended meanwhile.
 */

/** The local-storage key of the sign-out note. */
export const SIGNED_OUT_KEY = 'cxm.signedOut';

/** SignOutNote names the session that ended: its subject and sign-in time (auth_time, seconds). */
export type SignOutNote = { subject: string; authTime?: number; at: number };

/** broadcastSignOut tells the other tabs that subject signed out of the session begun at authTime. */
export function broadcastSignOut(subject: string, authTime?: number): void {
  const note: SignOutNote = { subject, at: Date.now(), ...(authTime === undefined ? {} : { authTime }) };
  window.localStorage.setItem(SIGNED_OUT_KEY, JSON.stringify(note));
}

function readNote(value: string | null): SignOutNote | null {
  if (!value) return null;
  try {
    const note = JSON.parse(value) as Partial<SignOutNote>;
    if (typeof note.subject !== 'string') return null;
    return { subject: note.subject, at: Number(note.at), ...(typeof note.authTime === 'number' ? { authTime: note.authTime } : {}) };
  } catch {
    return null;
  }
}

/** SessionIdentity is what names a session: the token's subject, auth_time and iat (seconds). */
export type SessionIdentity = { subject?: string; authTime?: number; issuedAt?: number };

/**
 * hasSignedOut reports whether the last sign-out note ends the session: the same subject and
 * sign-in time, or, when the token carries no sign-in time, a sign-out after it was issued.
 */
export function hasSignedOut(session: SessionIdentity): boolean {
  const note = readNote(window.localStorage.getItem(SIGNED_OUT_KEY));
  if (!note || note.subject !== session.subject) return false;
  if (note.authTime !== undefined && session.authTime !== undefined) return note.authTime === session.authTime;
  return session.issuedAt !== undefined && note.at >= session.issuedAt * 1000;
}

/**
 * listenForSignOutElsewhere calls onSignedOut when another tab signs out the user this tab is
 * signed in as (currentSubject); it returns the function that stops listening.
 */
export function listenForSignOutElsewhere(
  currentSubject: () => Promise<string | undefined>,
  onSignedOut: () => void,
): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SIGNED_OUT_KEY) return;
    const note = readNote(event.newValue);
    if (!note) return;
    void currentSubject()
      .catch(() => undefined)
      .then((subject) => {
        if (subject !== undefined && subject === note.subject) onSignedOut();
      });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
