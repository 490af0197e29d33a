/**
 * Plans: which slides a talk shows, in which order. The deck keeps every slide for reading; a talk of a given length
 * presents a plan (`?plan=<name>`, or a list of ids `?plan=title,c10k,summary`), each chapter opening on a divider
 * with its question. Pure: no DOM; the built-in plans are files (`slides/plans/<name>.txt`, read by
 * slides/plans.ts), so a speaker makes one without TypeScript.
 */
import type { ChapterEntry } from './index.ts';
import type { ChapterId, SlideDef } from './types.ts';

/**
 * One thing the deck shows in a plan: a slide of the manifest, a chapter's divider (generated, no demo), or a host's
 * own question (`question: <id>`: generated; a workshop room started with `--questions` gives its words).
 */
export type PlanEntry =
  | { kind: 'slide'; id: string; slide: SlideDef; inPlan: boolean }
  | { kind: 'divider'; id: string; chapter: ChapterId; number: number }
  | { kind: 'question'; id: string; qid: string; inPlan: true };

/** A host's question's place in a plan: its section's id (`question-<qid>`) and its steps (the question, the vote). */
export const questionSectionId = (qid: string): string => `question-${qid}`;
export const QUESTION_STEPS = 2;
/** A plan's token for a host's question: `question:<qid>` (a file's line may say `question: <qid>`). */
const QUESTION_TOKEN = /^question:([a-z0-9][a-z0-9-]{0,47})$/;

/** The clicker's steps of one entry (`steps`: a slide's). */
export function entrySteps(e: PlanEntry, steps: (slide: SlideDef) => number): number {
  return e.kind === 'slide' ? steps(e.slide) : e.kind === 'question' ? QUESTION_STEPS : 1;
}

/** What was wrong with a plan, for a message: the deck presents what is right and says what it left out. */
export type PlanProblem =
  /** An id in the plan that names no slide: left out. */
  | { kind: 'unknown-slide'; id: string }
  /** A slide named twice: shown at its first place. */
  | { kind: 'repeated-slide'; id: string }
  /** `?plan=<name>` names neither a plan nor a slide: the full deck. */
  | { kind: 'unknown-plan'; name: string; plans: readonly string[] }
  /** The plan names no slide at all: the full deck. */
  | { kind: 'empty' };

export interface Plan {
  /** The plan's name (`40`), `custom` for a list in the address, or null: the full deck with no plan. */
  name: string | null;
  /** The talk's length the plan is made for (`minutes: 40` in its file), if it says. */
  minutes?: number;
  /**
   * What the deck shows, in order: the plan's slides with their dividers, then every slide outside the plan
   * (`inPlan: false`, in manifest order: reachable by address and overview, not by the clicker). Without a plan,
   * the manifest as it is, with no dividers.
   */
  entries: PlanEntry[];
  problems: PlanProblem[];
}

/** A plan as written: its slide ids in order and its length. */
export interface PlanText {
  ids: string[];
  minutes?: number;
}

/** The most ids a plan may list (the deck has a few dozen slides; a longer list is a mistake or a prank). */
const MAX_IDS = 200;

/**
 * Pure: a plan's text, a file's or the address's: slide ids separated by new lines, commas or spaces; `#` starts a
 * comment to the end of its line; a line `minutes: <n>` gives the talk's length; `question: <id>` (or
 * `question:<id>` in a list) places a host's own question (a workshop's `--questions` file) there.
 */
export function parsePlanText(text: string): PlanText {
  const ids: string[] = [];
  let minutes: number | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const m = /^minutes\s*:\s*(\d{1,3})$/i.exec(line);
    if (m?.[1]) {
      minutes = Number(m[1]);
      continue;
    }
    for (const id of line.replace(/^question\s*:\s*/i, 'question:').split(/[\s,]+/))
      if (id && ids.length < MAX_IDS) ids.push(id);
  }
  return minutes ? { ids, minutes } : { ids };
}

/** The divider's id for a chapter (`chapter-io`; `chapter-io-2` where a plan opens the chapter again). */
export const dividerId = (chapter: ChapterId, nth = 1): string => `chapter-${chapter}${nth > 1 ? `-${nth}` : ''}`;

/** The deck's chapters in the manifest's order (the title's chapter map numbers them so). */
export function chapterOrder(manifest: readonly SlideDef[]): ChapterId[] {
  const out: ChapterId[] = [];
  for (const s of manifest) if (!s.bookend && !out.includes(s.chapter)) out.push(s.chapter);
  return out;
}

/** In a plan, every slide of the deck the plan does not list elsewhere, in the manifest's order (slides/index.ts). */
export const ALL = '*';

/** Pure: the deck's entries for these ids: a divider before the first slide of each chapter, then the rest. */
export function planEntries(ids: readonly string[], manifest: readonly SlideDef[]): Omit<Plan, 'name'> {
  const problems: PlanProblem[] = [];
  const entries: PlanEntry[] = [];
  const order = chapterOrder(manifest);
  const opened = new Map<ChapterId, number>();
  const seen = new Set<string>();
  let chapter: ChapterId | null = null;
  const listed = ids.flatMap((id) => (id === ALL ? manifest.map((s) => s.id).filter((m) => !ids.includes(m)) : [id]));
  for (const id of listed) {
    const question = QUESTION_TOKEN.exec(id)?.[1];
    if (question !== undefined) {
      const sectionId = questionSectionId(question);
      if (seen.has(sectionId)) problems.push({ kind: 'repeated-slide', id });
      else entries.push({ kind: 'question', id: sectionId, qid: question, inPlan: true });
      seen.add(sectionId);
      continue;
    }
    const slide = manifest.find((s) => s.id === id);
    if (!slide) {
      problems.push({ kind: 'unknown-slide', id });
      continue;
    }
    if (seen.has(id)) {
      problems.push({ kind: 'repeated-slide', id });
      continue;
    }
    seen.add(id);
    if (!slide.bookend && slide.chapter !== chapter) {
      const nth = (opened.get(slide.chapter) ?? 0) + 1;
      opened.set(slide.chapter, nth);
      const number = order.indexOf(slide.chapter) + 1;
      entries.push({ kind: 'divider', id: dividerId(slide.chapter, nth), chapter: slide.chapter, number });
    }
    if (!slide.bookend) chapter = slide.chapter;
    entries.push({ kind: 'slide', id, slide, inPlan: true });
  }
  if (!seen.size) problems.push({ kind: 'empty' });
  for (const slide of manifest)
    if (!seen.has(slide.id)) entries.push({ kind: 'slide', id: slide.id, slide, inPlan: false });
  return { entries, problems };
}

/** The full deck without a plan: the manifest as it is. */
export function fullDeck(manifest: readonly SlideDef[]): Plan {
  return {
    name: null,
    entries: manifest.map((slide) => ({ kind: 'slide', id: slide.id, slide, inPlan: true })),
    problems: [],
  };
}

/**
 * Pure: the plan the address asks for (`?plan=` given as `param`; null: none). A name of `named` (the built-in
 * plans' texts) is that plan; a list with a comma or space, or one slide's id, is a plan of its own (`custom`).
 * Anything wrong is said in `problems`: unknown ids are left out; a plan with no slide left, or an unknown name,
 * gives the full deck.
 */
export function resolvePlan(
  param: string | null,
  manifest: readonly SlideDef[],
  named: ReadonlyMap<string, string>,
): Plan {
  if (param === null || param.trim() === '') return fullDeck(manifest);
  const name = param.trim();
  const file = named.get(name);
  const isList = file === undefined && (/[\s,]/.test(name) || manifest.some((s) => s.id === name));
  if (file === undefined && !isList)
    return { ...fullDeck(manifest), problems: [{ kind: 'unknown-plan', name, plans: [...named.keys()] }] };
  const text = parsePlanText(file ?? name);
  const built = planEntries(text.ids, manifest);
  if (built.problems.some((p) => p.kind === 'empty')) return { ...fullDeck(manifest), problems: built.problems };
  return { name: file === undefined ? 'custom' : name, ...(text.minutes ? { minutes: text.minutes } : {}), ...built };
}

/**
 * Pure: a plan's chapters as the title's map and the summary show them (the full deck's are slides/index.ts
 * `chapterMap`): in the plan's order, each from its divider, with the plan's slides only.
 */
export function planChapters(plan: Plan): ChapterEntry[] {
  const out: ChapterEntry[] = [];
  for (const e of plan.entries) {
    if (e.kind === 'divider') out.push({ chapter: e.chapter, firstSlide: e.id, slides: [] });
    else if (e.kind === 'slide' && e.inPlan && !e.slide.bookend)
      out.at(-1)?.slides.push({ id: e.id, text: { ru: { title: e.slide.title.ru }, en: { title: e.slide.title.en } } });
  }
  return out;
}

/** Pure: the clicker's presses to walk the plan's entries from the first to the last step of the last. */
export function planClicks(plan: Plan, steps: (slide: SlideDef) => number): number {
  const shown = plan.entries.filter((e) => e.kind === 'divider' || e.inPlan);
  const within = shown.reduce((n, e) => n + entrySteps(e, steps) - 1, 0);
  return within + Math.max(0, shown.length - 1);
}
