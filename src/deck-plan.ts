import type { Lang } from '../lib/i18n.ts';
import type { PlanProblem } from '../slides/plan.ts';
import { shortened } from './address.ts';
import { planText } from './plan-text.ts';

/**
 * Pure: what the deck says about a plan from the address that was not all right (slides/plan.ts `problems`), in one
 * message, or null when it was. A name from the address is quoted and cut short, and shown as text only.
 */
export function planMessage(problems: readonly PlanProblem[], lang: Lang): string | null {
  const t = planText[lang];
  const q = (s: string) => t.quote(shortened(s, 40));
  const out: string[] = [];
  const unknown = problems.flatMap((p) => (p.kind === 'unknown-slide' ? [q(p.id)] : []));
  if (unknown.length) out.push(t.planUnknownSlides(unknown.length > 5 ? [...unknown.slice(0, 5), '…'] : unknown));
  for (const p of problems) {
    if (p.kind === 'repeated-slide') out.push(t.planRepeatedSlide(q(p.id)));
    else if (p.kind === 'empty') out.push(t.planEmpty);
    else if (p.kind === 'unknown-plan') out.push(t.planUnknown(q(p.name), p.plans.join(', ')));
  }
  return out.length ? out.join(' ') : null;
}
