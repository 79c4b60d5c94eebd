/**
 * Sign-out in one tab ends the same user's session in the others. Tokens live in each tab's
 * session storage, so the tab that signs out leaves a note in local storage, which the other
 * tabs hear as a storage event.
 */

/** The local-storage key of the sign-out note. */
export const SIGNED_OUT_KEY = 'cxm.signedOut';

type SignOutNote = { subject: string; at: number };

/** broadcastSignOut tells the other tabs that subject signed out. */
export function broadcastSignOut(subject: string): void {
  const note: SignOutNote = { subject, at: Date.now() };
  window.localStorage.setItem(SIGNED_OUT_KEY, JSON.stringify(note));
}

function readNote(value: string | null): SignOutNote | null {
  if (!value) return null;
  try {
    const note = JSON.parse(value) as Partial<SignOutNote>;
    return typeof note.subject === 'string' ? { subject: note.subject, at: Number(note.at) } : null;
  } catch {
    return null;
  }
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
