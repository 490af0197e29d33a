import type { SlideTextDef } from '../slides/types.ts';
// The deck's first slide's words ship with the deck: most visits open there, and it needs no request of its own.
import titleText from '../slides/text/title.ts';

/**
 * Each slide's words (`slides/text/<id>.ts`: body, notes, sources), one chunk per slide, loaded when the slide is
 * shown or near — never all in the deck's first load. Adding a slide's text adds only its loader's few bytes here.
 */
const modules = import.meta.glob<SlideTextDef>(['../slides/text/*.ts', '!../slides/text/title.ts'], {
  import: 'default',
});

const loaded = new Map<string, SlideTextDef>([['title', titleText]]);
const pending = new Map<string, Promise<SlideTextDef>>();

/** The slide's words if they have arrived. */
export function slideText(id: string): SlideTextDef | undefined {
  return loaded.get(id);
}

/** Loads a slide's words once; a failure rejects (and the next call tries again). */
export function loadSlideText(id: string): Promise<SlideTextDef> {
  const done = loaded.get(id);
  if (done) return Promise.resolve(done);
  let p = pending.get(id);
  if (!p) {
    const loader = modules[`../slides/text/${id}.ts`];
    p = loader
      ? loader().then((text) => {
          loaded.set(id, text);
          pending.delete(id);
          return text;
        })
      : Promise.reject(new Error(`no text module for slide ${id}`));
    p.catch(() => pending.delete(id));
    pending.set(id, p);
  }
  return p;
}
