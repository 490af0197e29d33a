/**
 * The built-in plans (slides/plans/<name>.txt: one slide id a line, `#` comments, `minutes: <n>`), chosen by
 * `?plan=<name>`. A file added there is a plan of its own after the next build. The rules are slides/plan.ts's.
 */
import { slides } from './index.ts';
import { resolvePlan, type Plan } from './plan.ts';

const files = import.meta.glob<string>('./plans/*.txt', { query: '?raw', import: 'default', eager: true });

/** Each plan's text by its name (the file's name without `.txt`), in the order 40, 20, …, workshop. */
export const planTexts: ReadonlyMap<string, string> = new Map(
  Object.entries(files)
    .map(([path, text]) => [path.replace(/^.*\/|\.txt$/g, ''), text] as const)
    .sort(([a], [b]) => (Number(b) || 0) - (Number(a) || 0) || a.localeCompare(b)),
);

/** The plan that `?plan=` asks for (null: none, the full deck). */
export function planFor(param: string | null): Plan {
  return resolvePlan(param, slides, planTexts);
}
