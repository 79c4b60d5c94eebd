/**
 * isEmbeddedHash reports whether the app runs embedded in a partner's page or the mobile
 * bridge, which the spec recognises by the hash starting with #/embedded or #/mobile.
 */
export function isEmbeddedHash(hash: string): boolean {
  return hash.startsWith('#/embedded') || hash.startsWith('#/mobile');
}

/** isEmbedded reports whether the current page is embedded. */
export function isEmbedded(): boolean {
  return isEmbeddedHash(window.location.hash);
}
