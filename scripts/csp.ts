import { createHash } from 'node:crypto';
import type { Connect, Plugin } from 'vite';
import { NO_FRAMING, embeddablePage } from '../lib/framing.ts';
import { SLIDE_HEIGHT, SLIDE_MARGIN, SLIDE_WIDTH } from '../src/deck-size.ts';

/**
 * The two style sheets reveal's print view (`?print-pdf`) writes into the page, as reveal 6 builds them
 * (js/controllers/printview.js) for the deck's slide size: the printed page's size, and a cap on media in a slide.
 */
export function revealPrintStyles(width = SLIDE_WIDTH, height = SLIDE_HEIGHT, margin = SLIDE_MARGIN): string[] {
  const pageWidth = Math.floor(width * (1 + margin));
  const pageHeight = Math.floor(height * (1 + margin));
  return [
    `@page{size:${pageWidth}px ${pageHeight}px; margin: 0px;}`,
    `.reveal section>img, .reveal section>video, .reveal section>iframe{max-width: ${width}px; max-height:${height}px}`,
  ];
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The deck's Content Security Policy, as the `<meta http-equiv="Content-Security-Policy">` the build writes into
 * every page (deck, embed, speaker view). Only what the deck really uses:
 * - scripts and styles from the deck's own files ('self'); no inline script, no `eval`, no inline style attribute
 *   (Lit's `adoptedStyleSheets` and `styleMap`, reveal's and chart.js's `element.style` are CSSOM, which the policy
 *   allows); the only inline styles are reveal's two print sheets, allowed by their hashes;
 * - images from itself and `data:` (the empty favicon, chart.js's canvas exports);
 * - frames from itself (the speaker view's two previews of the deck);
 * - connections to itself: `'self'` also matches `ws:`/`wss:` to the same host and port in current Chromium and
 *   Firefox (CSP Level 3), which the workshop mode's socket needs;
 * - no plugins (`object-src`), no `<base>` (`base-uri`), forms post nowhere (`form-action`).
 * A meta policy cannot say `frame-ancestors` (nor `report-uri`, `sandbox`): a host sends those as headers (docs/hosting.md).
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", ...revealPrintStyles().map(sha256)],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/** The policy as one header or meta value: `default-src 'self'; script-src 'self'; …`. */
export function cspValue(directives: Readonly<Record<string, readonly string[]>> = CSP_DIRECTIVES): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * Writes the policy into each built page's `<head>`, first, so that it covers everything after it. Build only: Vite's
 * dev server injects inline scripts (its client, React-style preambles) that the policy would refuse.
 */
export function cspPlugin(directives?: Readonly<Record<string, readonly string[]>>): Plugin {
  return {
    name: 'hsw-csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: cspValue(directives) },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}

function framingHeaders(): Connect.NextHandleFunction {
  return (req, res, next) => {
    const path = new URL(req.url ?? '/', 'http://deck.invalid').pathname;
    if (!embeddablePage(path)) for (const [name, value] of Object.entries(NO_FRAMING)) res.setHeader(name, value);
    next();
  };
}

/**
 * `vite preview` and `vite dev` send lib/framing.ts's NO_FRAMING with every answer but the embed pages: only the
 * deck's own pages may frame the deck, the speaker view, the remote; any site may frame `embed.html`. (The built
 * files cannot say it themselves: a static host sends the same headers, docs/hosting.md, "Security policy".)
 */
export function framingPlugin(): Plugin {
  return {
    name: 'hsw-framing',
    configurePreviewServer(server) {
      server.middlewares.use(framingHeaders());
    },
    configureServer(server) {
      server.middlewares.use(framingHeaders());
    },
  };
}
