import type { Bilingual, Lang } from '../../lib/i18n.ts';

/**
 * The three listings of `load(id)`, each written once, with the comments that are translated beside them.
 *
 * A line the model points at carries a marker at its end, `/*@name*\/`; the marker is removed from what is shown,
 * and the model takes its line numbers from the markers (`markedLines`), so editing a listing moves the
 * highlighting with it. A comment that is translated is a `{key}` placeholder, filled from `COMMENTS`; comments
 * never add or remove a line, so the line numbers are the same in both languages.
 */

export type Style = 'callbacks' | 'promises' | 'await';

interface Comments {
  readonly callbackCatch: string;
  readonly chainCatch: string;
  readonly awaitCatch: string;
}

export const COMMENTS: Bilingual<Comments> = {
  en: {
    callbackCatch: 'a throw in a callback never comes here',
    chainCatch: 'any error in the chain lands here',
    awaitCatch: 'a rejected await lands here',
  },
  ru: {
    callbackCatch: 'исключение из колбэка сюда не придёт',
    chainCatch: 'сюда придёт любая ошибка цепочки',
    awaitCatch: 'сюда придёт отклонённый await',
  },
};

const SOURCES: Record<Style, string> = {
  callbacks: `function load(id, done) { /*@loadOpen*/
  db.get(id, (err, user) => { /*@dbGet*/
    if (err) return done(err); /*@checkDbErr*/
    api.posts(user, (err, posts) => { /*@apiPosts*/
      if (err) return done(err); /*@checkApiErr*/
      done(null, posts.length); /*@done*/
    });
  }); /*@cb1End*/
} /*@loadEnd*/

try { /*@tryOpen*/
  load(42, (err, n) => err ? handle(err) : show(n)); /*@call*/
} catch (e) { /*@tryEnd*/
  handle(e);  // {callbackCatch} /*@catchHandle*/
} /*@tryClose*/`,
  promises: `function load(id) {
  return db.get(id) /*@dbGet*/
    .then(user => api.posts(user)) /*@then1*/
    .then(posts => posts.length); /*@then2*/
}

load(42) /*@call*/
  .then(show) /*@thenShow*/
  .catch(handle);  // {chainCatch} /*@catchHandle*/`,
  await: `async function load(id) {
  const user = await db.get(id); /*@dbGet*/
  const posts = await api.posts(user); /*@apiPosts*/
  return posts.length; /*@ret*/
}

try {
  show(await load(42)); /*@call*/
} catch (e) { /*@catchOpen*/
  handle(e);  // {awaitCatch} /*@catchHandle*/
}`,
};

const MARKER = /\s*\/\*@(\w+)\*\/$/;
const PLACEHOLDER = /\{(\w+)\}/g;

/** A translated comment at a line's end, with the spaces before it (what `bare` removes). */
const COMMENT = /\s*\/\/ \{\w+\}/;

/**
 * The listing of a style as a person reads it: markers removed, comments in the given language. `bare` (presented
 * to a hall, where the speaker says them): without the comments and the blank lines (`bareLine` maps a line).
 */
export function listing(style: Style, lang: Lang, bare = false): string {
  const comments = COMMENTS[lang] as unknown as Record<string, string>;
  const lines = SOURCES[style].split('\n').map((line) => {
    const shown = line.replace(MARKER, '');
    return bare
      ? shown.replace(COMMENT, '')
      : shown.replace(PLACEHOLDER, (_whole, key: string) => {
          const text = comments[key];
          if (text === undefined) throw new Error(`listing ${style}: no comment "${key}"`);
          return text;
        });
  });
  return (bare ? lines.filter((l) => l.trim() !== '') : lines).join('\n');
}

/** A 1-based line of a style's listing, in its bare listing (blank lines gone); null for a blank line. */
export function bareLine(style: Style, line: number): number | null {
  const lines = SOURCES[style].split('\n');
  if (lines[line - 1]?.trim() === '') return null;
  return lines.slice(0, line).filter((l) => l.trim() !== '').length;
}

/** The three listings in one language (what the text module hands the element); `bare`: without comments. */
export function listings(lang: Lang, bare = false): Record<Style, string> {
  return {
    callbacks: listing('callbacks', lang, bare),
    promises: listing('promises', lang, bare),
    await: listing('await', lang, bare),
  };
}

/** Every marker of a style's listing and its 1-based line. */
export function markers(style: Style): Readonly<Record<string, number>> {
  const out: Record<string, number> = {};
  SOURCES[style].split('\n').forEach((line, i) => {
    const name = MARKER.exec(line)?.[1];
    if (name === undefined) return;
    if (name in out) throw new Error(`listing ${style}: marker ${name} twice`);
    out[name] = i + 1;
  });
  return out;
}

/** The 1-based lines of the named markers; throws if the listing lacks one (so a test fails, not the slide). */
export function markedLines<K extends string>(style: Style, names: readonly K[]): Readonly<Record<K, number>> {
  const all = markers(style);
  const out = {} as Record<K, number>;
  for (const name of names) {
    const line = all[name];
    if (line === undefined) throw new Error(`listing ${style}: no marker ${name}`);
    out[name] = line;
  }
  return out;
}

/** The number of lines of a style's listing. */
export function lineCount(style: Style): number {
  return SOURCES[style].split('\n').length;
}

/** A listing as presented at one step: the lines kept, each run of the others folded into one `…` line. */
export interface FoldedListing {
  readonly code: string;
  /** A 1-based line of the full listing in the folded one; null when it is folded away (or blank). */
  readonly lineOf: (line: number) => number | null;
}

/**
 * The bare listing (`listing(style, lang, true)`) with only the lines `keep` (1-based lines of the full listing)
 * shown: each run of the other lines becomes one `…`, indented as its first line. Presented to a hall, a step shows
 * the few lines that matter at it.
 */
export function foldedListing(style: Style, lang: Lang, keep: ReadonlySet<number>): FoldedListing {
  const full = SOURCES[style].split('\n');
  const bare = listing(style, lang, true).split('\n');
  const out: string[] = [];
  const at = new Map<number, number>();
  let folding = false;
  full.forEach((line, i) => {
    const b = bareLine(style, i + 1);
    if (b === null) return;
    if (keep.has(i + 1)) {
      out.push(bare[b - 1]!);
      at.set(i + 1, out.length);
      folding = false;
    } else if (!folding) {
      out.push(`${/^\s*/.exec(line)![0]}…`);
      folding = true;
    }
  });
  return { code: out.join('\n'), lineOf: (line) => at.get(line) ?? null };
}

/**
 * Only the lines `keep` of the bare listing, a `…` between two runs of them (none before the first or after the last),
 * their common indentation removed: presented on the loop picture, a step shows the line or two it is about.
 */
export function excerptListing(style: Style, lang: Lang, keep: ReadonlySet<number>): FoldedListing {
  const folded = foldedListing(style, lang, keep);
  const lines = folded.code.split('\n');
  const kept = [...keep].map(folded.lineOf).filter((l): l is number => l !== null);
  if (kept.length === 0) return { code: '', lineOf: () => null };
  const first = Math.min(...kept);
  const last = Math.max(...kept);
  const shown = lines.slice(first - 1, last);
  const indent = Math.min(...shown.map((l) => /^ */.exec(l)![0].length));
  return {
    code: shown.map((l) => l.slice(indent)).join('\n'),
    lineOf: (line) => {
      const at = folded.lineOf(line);
      return at === null ? null : at - first + 1;
    },
  };
}
