/** JwtClaims are the claims of a token the app reads; the signature is the server's business. */
export type JwtClaims = { sub?: string; exp?: number; iat?: number; auth_time?: number };

function decodeSegment(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** readJwtClaims returns a JWT's claims, or null when token is not a readable JWT. */
export function readJwtClaims(token: string): JwtClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(decodeSegment(parts[1]));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as JwtClaims) : null;
  } catch {
    return null;
  }
}

/**
 * isJwtExpired reports whether the token's exp is in the past at now (milliseconds). A token
 * that cannot be read, or carries no exp, counts as expired.
 */
export function isJwtExpired(token: string, now: number = Date.now()): boolean {
  const exp = readJwtClaims(token)?.exp;
  return typeof exp !== 'number' || exp * 1000 <= now;
}
