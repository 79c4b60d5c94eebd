/** A user named in an impersonation: the actor who impersonates or the subject impersonated. */
export type ImpersonationParty = { UserId: string; Name: string };

/** Impersonation is the running impersonation this tab holds. */
export type Impersonation = {
  accessToken: string;
  /** When the token expires (ISO 8601). */
  expiresAt: string;
  subject: ImpersonationParty;
  actor: ImpersonationParty;
};

/** The session-storage key of the running impersonation: it lasts for this tab only. */
export const IMPERSONATION_KEY = 'cxm.impersonation';

/** saveImpersonation keeps the impersonation for this tab; its token is used for API calls. */
export function saveImpersonation(impersonation: Impersonation): void {
  window.sessionStorage.setItem(IMPERSONATION_KEY, JSON.stringify(impersonation));
}

/** clearImpersonation forgets the impersonation; API calls use the user's own session again. */
export function clearImpersonation(): void {
  window.sessionStorage.removeItem(IMPERSONATION_KEY);
}

/** impersonationExpiresAt is when the impersonation lapses, in milliseconds since the epoch. */
export function impersonationExpiresAt(impersonation: Impersonation): number {
  const at = Date.parse(impersonation.expiresAt);
  return Number.isNaN(at) ? 0 : at;
}

/**
 * getImpersonation returns the impersonation this tab holds, or undefined. One that has lapsed
 * is forgotten here, so calls go out with the user's own session.
 */
export function getImpersonation(now: number = Date.now()): Impersonation | undefined {
  const raw = window.sessionStorage.getItem(IMPERSONATION_KEY);
  if (!raw) return undefined;
  let value: Impersonation;
  try {
    value = JSON.parse(raw) as Impersonation;
  } catch {
    clearImpersonation();
    return undefined;
  }
  if (typeof value?.accessToken !== 'string' || impersonationExpiresAt(value) <= now) {
    clearImpersonation();
    return undefined;
  }
  return value;
}
