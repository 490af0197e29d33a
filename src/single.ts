/**
 * The single file's entry (`npm run build:single`, vite.single.config.ts): one document is both the deck and its
 * speaker view, since a file cannot open a second page beside it. With `?speaker-view` in its address (the deck's
 * S key opens it so: src/plugins/speaker-link.ts) it becomes the speaker view (src/speaker.ts, as speaker.html is
 * in the served deck); otherwise it is the deck (src/main.ts).
 */
if (new URLSearchParams(window.location.search).has('speaker-view')) {
  document.body.className = 'speaker';
  const root = document.createElement('main');
  root.id = 'speaker-root';
  document.body.replaceChildren(root);
  await import('./speaker.ts');
} else {
  await import('./main.ts');
}

export {};
