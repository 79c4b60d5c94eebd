/**
 * Embedded and mobile mode. The spec recognises an embedded page (inside a partner's page or
 * the mobile app) by the hash starting with #/embedded or #/mobile, and mobile mode by #/mobile.
 *
 * An embedded page may bring its own access token as the `ssoToken` query parameter. The token
 * is kept in session storage, or in local storage when the page runs inside a bridge: the
 * mobile app (every #/mobile page) or a partner page that says so with `bridge=1` in the query.
 */

/** isEmbeddedHash reports whether the hash is an embedded or mobile page's. */
export function isEmbeddedHash(hash: string): boolean {
  return hash.startsWith('#/embedded') || hash.startsWith('#/mobile');
}

/** isMobileHash reports whether the hash is a mobile page's. */
export function isMobileHash(hash: string): boolean {
  return hash.startsWith('#/mobile');
}

/** isEmbedded reports whether the current page is embedded. */
export function isEmbedded(): boolean {
  return isEmbeddedHash(window.location.hash);
}

/** The storage key of the embedded page's access token. */
export const EMBEDDED_TOKEN_KEY = 'cxm.embeddedToken';

/** isBridged reports whether the page at pathname with query search runs inside a bridge. */
export function isBridged(pathname: string, search: string): boolean {
  return isMobileHash(`#${pathname}`) || new URLSearchParams(search).get('bridge') === '1';
}

/**
 * keepSsoToken stores the query's ssoToken, if any, where the spec keeps embedded tokens, and
 * returns the token the page now holds (the stored one when the query brings none).
 */
export function keepSsoToken(pathname: string, search: string): string | undefined {
  const token = new URLSearchParams(search).get('ssoToken');
  if (token) {
    const bridged = isBridged(pathname, search);
    (bridged ? window.localStorage : window.sessionStorage).setItem(EMBEDDED_TOKEN_KEY, token);
    // One place only, so an older token elsewhere cannot come back.
    (bridged ? window.sessionStorage : window.localStorage).removeItem(EMBEDDED_TOKEN_KEY);
    return token;
  }
  return getEmbeddedToken();
}

/** getEmbeddedToken returns the embedded page's stored access token. */
export function getEmbeddedToken(): string | undefined {
  return (
    window.sessionStorage.getItem(EMBEDDED_TOKEN_KEY) ?? window.localStorage.getItem(EMBEDDED_TOKEN_KEY) ?? undefined
  );
}

/** withoutSsoToken returns the query without its ssoToken, so the token does not stay in the address. */
export function withoutSsoToken(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('ssoToken');
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}
