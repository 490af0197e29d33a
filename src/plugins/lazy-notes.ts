import type { RevealApi, RevealPlugin } from 'reveal.js';
import type { NotesPlugin } from 'reveal.js/plugin/notes';

/**
 * reveal.js's speaker-notes plugin, loaded when it is first needed instead of with the deck (it carries the
 * speaker view's whole page and a Markdown parser, which the first slide does not need): on the S key, with
 * `?notes` in the address, or when an open speaker view calls back after the deck was reloaded (its heartbeat,
 * sent every second: the next one finds the loaded plugin listening). Once loaded, the plugin itself takes over
 * (it re-binds S); in the speaker view's own frames (`?receiver`) it does nothing, as before.
 */
export const LazyNotes = (): RevealPlugin => {
  let real: Promise<NotesPlugin> | undefined;
  return {
    id: 'lazy-notes',
    init(deck: RevealApi) {
      const search = window.location.search;
      if (/receiver/i.test(search)) return;
      const load = () =>
        (real ??= import('reveal.js/plugin/notes').then(({ default: Notes }) => {
          const plugin = Notes();
          void plugin.init?.(deck);
          return plugin;
        }));
      if (/(\?|&)notes/i.test(search)) {
        void load();
        return;
      }
      const onHeartbeat = (event: MessageEvent) => {
        if (real || typeof event.data !== 'string' || !event.data.includes('"reveal-notes"')) return;
        try {
          const data = JSON.parse(event.data) as { namespace?: string; type?: string };
          if (data.namespace === 'reveal-notes' && data.type === 'heartbeat') void load();
        } catch {
          /* not ours */
        }
      };
      window.addEventListener('message', onHeartbeat);
      deck.addKeyBinding({ keyCode: 83, key: 'S', description: 'Speaker notes view' }, () => {
        if (real) return;
        void load().then((plugin) => plugin.open());
      });
    },
  };
};
