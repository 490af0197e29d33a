/**
 * The single file's security policy: after vite-plugin-singlefile has inlined every script and style into the HTML,
 * hashes each inline `<script>` and writes a `<meta http-equiv="Content-Security-Policy">` that allows exactly those
 * (never `'unsafe-inline'` for scripts). Any policy the page already carried (the deck's own, written for a served
 * deck with `script-src 'self'`) is replaced: two policies are both enforced, and the served one forbids the inlined
 * code. The speaker view's window inherits the policy, so its inline script is allowed by its hash too. Pure functions, tested in tests/unit/deliver.test.ts; the Vite plugin is in vite.single.config.ts.
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

/**
 * The inline scripts of reveal's speaker view. Its notes plugin opens an `about:blank` window and writes the view's
 * whole page into it, inline `<script>` included; that window inherits the opener's policy, so the single file's
 * policy allows those scripts too, by their hashes. `source` is the plugin's module
 * (`reveal.js/dist/plugin/notes.mjs`): the page is the one string literal it passes to `document.write`.
 */
export function speakerViewScripts(source: string): string[] {
  const m = /document\.write\(("<!--[\s\S]*?<\/html>")\)/.exec(source);
  if (!m?.[1]) throw new Error('reveal’s notes plugin no longer writes its page with document.write("…")');
  const page = unquote(m[1]);
  const scripts = inlineScripts(page);
  if (scripts.length === 0) throw new Error('reveal’s speaker view has no inline script: check single-file-csp.ts');
  return scripts;
}

/** The value of a double-quoted JavaScript string literal (its escapes: \n \t \r \" \' \\ \/ \xHH \uHHHH). */
export function unquote(literal: string): string {
  const body = literal.slice(1, -1);
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', "'": "'", '\\': '\\', '/': '/' };
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)/g, (_, e: string) => {
    if (e.length > 1) return String.fromCharCode(parseInt(e.slice(1), 16));
    const c = simple[e];
    if (c === undefined) throw new Error(`an escape this reader does not know: \\${e}`);
    return c;
  });
}

const CSP_META = /<meta\b[^>]*http-equiv\s*=\s*["']?content-security-policy["']?[^>]*>\s*/gi;

/**
 * The HTML with its policy: any earlier policy `<meta>` removed, the new one first in `<head>`. `alsoAllowed`: inline
 * scripts of other pages the file writes (the speaker view's).
 */
export function withSingleFilePolicy(html: string, alsoAllowed: readonly string[] = []): string {
  const stripped = html.replace(CSP_META, '');
  const scripts = [...inlineScripts(stripped), ...alsoAllowed];
  const meta = `<meta http-equiv="Content-Security-Policy" content="${singleFilePolicy(scripts)}" />`;
  if (!/<head>/i.test(stripped)) throw new Error('the single file has no <head>');
  // After <meta charset>, which must come within the first 1024 bytes.
  return /<meta charset="utf-8" \/>/i.test(stripped)
    ? stripped.replace(/<meta charset="utf-8" \/>/i, (m) => `${m}\n    ${meta}`)
    : stripped.replace(/<head>/i, (m) => `${m}\n    ${meta}`);
}
