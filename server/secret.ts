/**
 * The presenter's secret, checked where it is given: a hello, the presenter's address, the export's key; and the
 * presenter's cookie, which a browser gets for it once (server/http.ts) so that no address of its pages carries it.
 *
 * The cookie's value is an HMAC of the room's code keyed by the room's secret: every process that serves the room
 * (one, or several sharing it through Redis) derives the same value and accepts it, with nothing kept in memory, and
 * a new room (a new secret) invalidates it. It never carries the secret itself. Its name carries the room's code:
 * cookies do not tell ports apart, so two rooms on one machine keep theirs.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Compares two secrets in constant time (hashed first, so their lengths do not show either). */
export function sameSecret(given: string, secret: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b) && given.length === secret.length;
}

/** The presenter's cookie's name for the room `code`. */
function presenterCookieName(code: string): string {
  return `hsw-presenter-${code}`;
}

/** The presenter's cookie's value: derived from the room's secret, never the secret. */
function presenterToken(secret: string, code: string): string {
  return createHmac('sha256', secret).update(`how-servers-wait presenter cookie v1\0${code}`).digest('base64url');
}

/**
 * The Set-Cookie header that makes a browser the room's presenter: HttpOnly (no script of the page reads it),
 * SameSite=Strict (no other site's page sends it, nor opens the WebSocket with it), for the whole server (the
 * presenter's pages, the WebSocket, the export), until the browser is closed. Not `Secure`: the workshop is served
 * over plain http on the local network, where a Secure cookie would never be sent back.
 */
export function presenterSetCookie(secret: string, code: string): string {
  return `${presenterCookieName(code)}=${presenterToken(secret, code)}; Path=/; HttpOnly; SameSite=Strict`;
}

/** Does a request's Cookie header carry the room's presenter cookie (compared in constant time)? */
export function hasPresenterCookie(header: string | undefined, secret: string, code: string): boolean {
  if (header === undefined || header.length > 8192) return false;
  const name = presenterCookieName(code);
  const expected = presenterToken(secret, code);
  let found = false;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    // Every cookie of that name is compared (no early exit): a stale one from an older room may come first.
    if (sameSecret(part.slice(eq + 1).trim(), expected)) found = true;
  }
  return found;
}
