import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * The head every page shares (the deck, the embed, the speaker view, the remote, and the single file made from the
 * deck's page): the character set, the phone's viewport, both colour schemes, and no favicon request. Written once,
 * here; each page's own `<head>` holds only its title. Added before Vite reads the pages' scripts (`order: 'pre'`),
 * under `vite dev` as in every build, first in the head (the character set within the first 1,024 bytes).
 */
const HEAD: HtmlTagDescriptor[] = [
  { tag: 'meta', attrs: { charset: 'utf-8' } },
  { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1' } },
  { tag: 'meta', attrs: { name: 'color-scheme', content: 'dark light' } },
  { tag: 'link', attrs: { rel: 'icon', href: 'data:,' } },
].map((t) => ({ ...t, injectTo: 'head-prepend' as const }));

export function pageHead(): Plugin {
  return {
    name: 'hsw:page-head',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!/<head>/.test(html)) throw new Error('a page without a <head> for the shared head');
        return HEAD;
      },
    },
  };
}
