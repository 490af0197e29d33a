import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Connect, Plugin } from 'vite';
import { oembedReply, parseOembedIndex } from '../lib/oembed.ts';

/**
 * `vite preview` as an oEmbed endpoint, from the build's `oembed/_index.json` (scripts/oembed.ts), for the deck at
 * the address it is asked at (`http://<Host>/`):
 * - `GET /oembed.json?url=<address>[&maxwidth=…&maxheight=…]`: for consumers that ask by address (oEmbed's provider
 *   endpoint); only this deck's slide addresses, anything else refused with a message (lib/oembed.ts's oembedReply);
 * - `GET /oembed/<id>[.ru].json?maxwidth=…`: the file the embed pages' discovery links name, answered for the
 *   limits asked (a static host serves the file as it is, at the default width).
 * The workshop server does the same (server/http.ts).
 */
export function oembedPlugin(): Plugin {
  return {
    name: 'hsw-oembed',
    configurePreviewServer(server) {
      server.middlewares.use(oembedEndpoint(resolve(server.config.root, server.config.build.outDir)));
    },
  };
}

export function oembedEndpoint(dist: string): Connect.NextHandleFunction {
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://deck.invalid');
    const file = /^\/oembed\/([a-z0-9-]+(?:\.[a-z]{2})?)\.json$/.exec(url.pathname);
    if (
      url.pathname !== '/oembed.json' &&
      !(file && (url.searchParams.has('maxwidth') || url.searchParams.has('maxheight')))
    )
      return next();
    void readFile(join(dist, 'oembed', '_index.json'), 'utf8')
      .then(parseOembedIndex, () => undefined)
      .then((index) => {
        const base = `http://${req.headers.host ?? 'localhost'}/`;
        const query = new URLSearchParams(url.searchParams);
        if (file) query.set('url', `${base}embed/${file[1]}.html`);
        const reply = index
          ? oembedReply(base, index, query)
          : {
              status: 404,
              contentType: 'text/plain; charset=utf-8',
              body: 'This build has no oembed/_index.json: npm run build.\n',
            };
        res.statusCode = reply.status;
        res.setHeader('Content-Type', reply.contentType);
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.end(reply.body);
      });
  };
}
