/**
 * Who may frame the deck's pages. Another site must not frame a page that holds a vote or the presenter's buttons
 * (clickjacking): every page but the embed ones is sent with NO_FRAMING, by the workshop server (server/static.ts)
 * and by `vite preview` and `vite dev` (scripts/csp.ts). A `<meta>` policy cannot say `frame-ancestors`, and browsers
 * ignore X-Frame-Options in a meta tag: a static host sends these as headers (docs/hosting.md, "Security policy").
 */
export const NO_FRAMING: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "frame-ancestors 'self'",
  'X-Frame-Options': 'SAMEORIGIN',
};

/** The pages any site may frame, by their path in the build: `embed.html` and oEmbed's `embed/<id>.html`. */
export function embeddablePage(path: string): boolean {
  return /^\/?(embed\.html|embed\/[^/]+\.html)$/.test(path);
}
