/** The presenter's secret, checked where it is given: a hello, the presenter's address, the export's key. */
import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares two secrets in constant time (hashed first, so their lengths do not show either). */
export function sameSecret(given: string, secret: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b) && given.length === secret.length;
}
