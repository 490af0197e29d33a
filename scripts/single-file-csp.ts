/**
 * The single file's security policy: after vite-plugin-singlefile has inlined every script and style into the HTML,
 * hashes each inline `<script>` and writes a `<meta http-equiv="Content-Security-Policy">` that allows exactly those
 * (never `'unsafe-inline'` for scripts). Any policy the page already carried (the deck's own, written for a served
 * deck with `script-src 'self'`) is replaced: two policies are both enforced, and the served one forbids the inlined
 * code. The speaker view is the same file (src/single.ts), under the same policy. Pure functions, tested in
 * tests/unit/single-file.test.ts; the Vite plugin is in vite.single.config.ts.
 */
import { createHash } from 'node:crypto';

/** The text of every inline `<script>` (one without `src`), as the browser hashes it (exactly between the tags). */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '')) continue;
    out.push(m[2] ?? '');
  }
  return out;
}

export function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The policy for a page whose scripts are these inline texts. */
export function singleFilePolicy(scripts: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts.map(sha256).join(' ')}`,
    // Styles: the inlined stylesheet, and the `style` attributes reveal.js and Lit templates set.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'none'",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

const CSP_META = /<meta\b[^>]*http-equiv\s*=\s*["']?content-security-policy["']?[^>]*>\s*/gi;

/** The HTML with its policy: any earlier policy `<meta>` removed, the new one first in `<head>`. */
export function withSingleFilePolicy(html: string): string {
  const stripped = html.replace(CSP_META, '');
  const scripts = inlineScripts(stripped);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${singleFilePolicy(scripts)}" />`;
  if (!/<head>/i.test(stripped)) throw new Error('the single file has no <head>');
  // After <meta charset>, which must come within the first 1024 bytes.
  return /<meta charset="utf-8" \/>/i.test(stripped)
    ? stripped.replace(/<meta charset="utf-8" \/>/i, (m) => `${m}\n    ${meta}`)
    : stripped.replace(/<head>/i, (m) => `${m}\n    ${meta}`);
}
