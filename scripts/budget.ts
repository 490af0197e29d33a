/**
 * What a page needs, from Vite's build manifest: the files reachable by static imports from its entries, and
 * their gzipped sizes. Used by `npm run bench` and by the budget test; sizes do not vary between runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { embeddableSlides } from '../slides/index.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The manifest key of a source module: its own path, or, for a module that is both imported and loaded on demand
 * (a slide's manifest entry), the shared chunk it is in: the one Rolldown names after it, or the `manifest` group
 * (vite.config.ts) that holds every slide's entry.
 */
export function keyOf(manifest: Manifest, source: string): string {
  if (manifest[source]) return source;
  const found = Object.entries(manifest).find(([, c]) => c.src === source);
  if (found) return found[0];
  const base = source.replace(/^.*\//, '').replace(/\.ts$/, '');
  const shared = Object.keys(manifest).filter((k) => new RegExp(`^_${base}-[\\w-]{8}\\.js$`).test(k));
  if (shared.length === 1 && shared[0]) return shared[0];
  if (/^slides\/[^/]+\.ts$/.test(source)) {
    const group = Object.keys(manifest).filter((k) => /^_manifest-[\w-]{8}\.js$/.test(k));
    if (group.length === 1 && group[0]) return group[0];
  }
  throw new Error(`no manifest entry for ${source}`);
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Output files (JS and CSS) loaded by these manifest entries and everything they import statically. */
export function closure(manifest: Manifest, entries: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no manifest entry ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  entries.map((e) => keyOf(manifest, e)).forEach(visit);
  return [...files].filter((f) => /\.(js|css)$/.test(f));
}

export function gzipSize(dist: string, file: string): number {
  return gzipSync(readFileSync(join(dist, file)), { level: 6 }).length;
}

/** The deck's first load, up to the first slide usable (JS + CSS, gzipped). */
export const FIRST_SLIDE_KB = 100;

export interface Budget {
  name: string;
  files: string[];
  gzipBytes: number;
  limitBytes: number;
}

/** The output file of each slide's words (`slides/text/<id>.ts`), by slide id. */
export function textChunks(dist: string): Map<string, string> {
  const m = readManifest(dist);
  const out = new Map<string, string>();
  for (const [key, chunk] of Object.entries(m)) {
    const id = /^slides\/text\/([a-z0-9-]+)\.ts$/.exec(chunk.src ?? key)?.[1];
    if (id) out.set(id, chunk.file);
  }
  return out;
}

/**
 * The size budgets, from the build manifest (what the first slide's modules import statically). The first slide's
 * budget is also measured in a real browser (tests/e2e/budgets.spec.ts, scripts/first-load.ts).
 */
export function budgets(dist: string): Budget[] {
  const m = readManifest(dist);
  const measure = (name: string, entries: string[], limitKB: number): Budget => {
    const files = closure(m, entries);
    return { name, files, gzipBytes: files.reduce((sum, f) => sum + gzipSize(dist, f), 0), limitBytes: limitKB * 1000 };
  };
  return [
    // The first slide's demo (the chapter map) is a static import of the deck (src/main.ts), in the `shell` chunk.
    measure('deck, first slide (JS + CSS)', ['index.html'], FIRST_SLIDE_KB),
    measure(
      'embed of c10k, with its chart',
      ['embed.html', 'slides/c10k.ts', 'components/c10k/c10k-element.ts', 'components/ui/chart-lib.ts'],
      100,
    ),
    measure(
      '<hsw-slide> (embed.js) for c10k, with its chart',
      [ELEMENT_ENTRY, 'slides/c10k.ts', 'components/c10k/c10k-element.ts', 'components/ui/chart-lib.ts'],
      ELEMENT_WITH_CHART_KB,
    ),
    // The same element before its chart loads (chart.js comes when the demo is near, as in the deck).
    measure(
      '<hsw-slide> (embed.js) for c10k, before its chart',
      [ELEMENT_ENTRY, 'slides/c10k.ts', 'components/c10k/c10k-element.ts'],
      ELEMENT_WITHOUT_CHART_KB,
    ),
  ];
}

/** `<hsw-slide>`'s module (dist/embed.js), and its budgets: a slide with a chart, and one without. */
const ELEMENT_ENTRY = 'src/embed-element.ts';
export const ELEMENT_WITH_CHART_KB = 100;
export const ELEMENT_WITHOUT_CHART_KB = 60;

/** The demos that draw a chart (chart.js loads with them). */
const CHARTING = new Set(['hsw-c10k', 'hsw-select-epoll', 'hsw-io-uring', 'hsw-heavy-task']);

/**
 * `<hsw-slide>` for each embeddable slide without a chart: embed.js, the slide's manifest entry and its demo's
 * module with everything they import statically (what the element fetches for that slide).
 */
export function elementBudgets(dist: string): Budget[] {
  const m = readManifest(dist);
  return embeddableSlides()
    .filter((s) => !CHARTING.has(s.demo!.tag))
    .map((s) => {
      const demo = s.demo!.tag.replace(/^hsw-/, '');
      const files = closure(m, [ELEMENT_ENTRY, `slides/${s.id}.ts`, `components/${demo}/${demo}-element.ts`]);
      return {
        name: `<hsw-slide> (embed.js) for ${s.id}, without a chart`,
        files,
        gzipBytes: files.reduce((sum, f) => sum + gzipSize(dist, f), 0),
        limitBytes: ELEMENT_WITHOUT_CHART_KB * 1000,
      };
    });
}

/**
 * Slides whose `<hsw-slide>` is over the 60 KB of a slide without a chart, and why; each still has a ceiling
 * (tests/e2e/budgets.spec.ts), so it does not grow unnoticed. None now: micro-macro's (65 KB) came under once "Your
 * code"'s words and worker runner loaded with the simulator (#19), and again (60.2 KB, then 54.4) once the recordings
 * of the examples other than the talk's loaded only when one of them is picked.
 */
export const ELEMENT_OVER_BUDGET: Readonly<Record<string, { why: string; ceilingKB: number }>> = {};
/** The output file chart.js ends up in. */
export function chartChunk(dist: string): string {
  const m = readManifest(dist);
  const chunk = m[keyOf(m, 'components/ui/chart-lib.ts')];
  if (!chunk) throw new Error('chart-lib is not a chunk of its own');
  return chunk.file;
}
