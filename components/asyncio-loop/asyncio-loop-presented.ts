/**
 * The asyncio-loop slide presented to a hall: the loop picture is the slide (asyncio-loop-scene.ts: the recorded
 * turn on the deck's one picture of the loop: the stack, `_ready`, `_scheduled`, the selector), the program's few
 * lines beside it with the turn's line marked, one caption under it; the turn's six steps in words, or CPython's
 * lines, behind a closed disclosure. The clicker is the only control. Loaded by the element when it is first
 * presented (the self-paced view and an embed do not carry the picture); the element lends it its listing, its
 * turn's words and its chips (`PresentedHost`).
 */
import { html, nothing, type TemplateResult } from 'lit';
import '../ui/code-panel.ts';
import '../ui/details.ts';
import '../shared/loop-picture/loop-picture-element.ts';
import type { Lang } from '../../lib/i18n.ts';
import { readyAtStart, turnRunning, turnView } from './asyncio-loop-model.ts';
import type { AsyncioLoopState, HandleGroup, Recording, TurnView } from './asyncio-loop-model.ts';
import type { PresetId } from './asyncio-loop-programs.ts';
import { TURN_STEPS, renderExcerpt } from './asyncio-loop-code.ts';
import { SCHEME_RUN, presentedOf, sceneOf, type Presented } from './asyncio-loop-scene.ts';
import { asyncioLoopText } from './asyncio-loop-text.ts';
import { presentedText } from './asyncio-loop-presented-text.ts';

/** What the element lends the presented view. */
export interface PresentedHost {
  readonly state: AsyncioLoopState;
  readonly lang: Lang;
  /** The program in its few lines at the hall's size, `focus` the fragment of the line to mark. */
  code(listing: string, focus: string | null, preset: PresetId): TemplateResult;
  /** The fragment of the line a turn of that phase is about. */
  focus(phase: string | null, run: Pick<AsyncioLoopState, 'preset' | 'ntodo'>): string | null;
  /** The turns per run_until_complete of asyncio.run. */
  phases(rec: Recording, v: TurnView | null): TemplateResult;
  /** A turn's six steps in words. */
  turn(v: TurnView): TemplateResult;
  chips(groups: readonly HandleGroup[], label: string): TemplateResult;
  /** The containers' declarations, CPython's lines. */
  compositionCode(): string;
}

/** One sentence under the picture: what this moment of the run shows (its numbers the recording's). */
function caption(h: PresentedHost, p: Presented, v: TurnView | null): string {
  const t = asyncioLoopText[h.lang];
  const w = presentedText[h.lang];
  const s = h.state;
  const turns = p.recording.run.turns;
  const m = p.moment;
  if (m.kind === 'before') return s.view === 'composition' ? w.captionComposition : t.before(turns.length);
  const turn = turns[m.turn]!;
  if (m.kind === 'step') {
    // the step of _run_once, with what it did in this turn
    const slept = turn.step3.end - turn.step3.start;
    const said = [
      w.schemeTurn,
      t.s1(turn.step1.removed.length),
      t.s2(turn.step2.timeout),
      slept > 0 ? t.s3(slept) : w.selectAwake(turn.step2.timeout ?? 0),
      t.s4(turn.step3.arrived.length + turn.step4.added.length),
      t.s5(turn.step5.moved.length),
      w.snapshot(turn.step6.ntodo),
    ];
    return said[m.step] ?? w.schemeTurn;
  }
  if (!v) return '';
  const head = t.turnOf(v.number, turns.length);
  if (v.starved) return `${head} · ${w.starvedCaption}`;
  const ring = s.preset === 'starve' ? turnRunning(s, 'ring') : null;
  if (ring === v.number) return `${head} · ntodo = ${v.ntodo} · ${t.firedShort(ring)}`;
  // the stack's chip says how many step 6 ran (×1000)
  if (s.preset === 'gather1000') return `${head} · ${t.sameAs10Short}`;
  return `${head} · ${t.phase[v.phase]} · ntodo = ${v.ntodo}`;
}

/**
 * The listings the view shows at a state: the program beside the picture (its listing, the fragment of the line to
 * mark, whose program it is) and, for the composition and the scheme, CPython's lines in the disclosure. The element
 * highlights them in idle time ahead of the speaker's steps, so that a press finds them highlighted.
 */
export function presentedListings(
  h: Pick<PresentedHost, 'focus' | 'compositionCode'>,
  s: AsyncioLoopState,
): { listing: string; focus: string | null; preset: PresetId; more: string | null } {
  const p = presentedOf(s);
  const listing = p.recording.listing;
  if (s.view === 'recording') {
    const v = p.moment.kind === 'end' ? turnView(s) : null;
    return { listing, focus: h.focus(v?.phase ?? null, s), preset: s.preset, more: null };
  }
  // the composition and the scheme: the empty program, main's line once step 6 runs its __step
  const phase = p.moment.kind === 'step' && p.moment.step === 6 ? 'main' : 'loop';
  const more = s.view === 'scheme' ? renderExcerpt(TURN_STEPS[s.scheme]!) : h.compositionCode();
  return { listing, focus: h.focus(phase, SCHEME_RUN), preset: SCHEME_RUN.preset, more };
}

export function renderPresented(h: PresentedHost): TemplateResult {
  const t = asyncioLoopText[h.lang];
  const w = presentedText[h.lang];
  const s = h.state;
  const p = presentedOf(s);
  const v = p.moment.kind === 'end' ? turnView(s) : null;
  const rec = p.recording;
  // the turns per run of the loop, at the run's last turn (not a starved run's only one)
  const last = v !== null && v.number === rec.run.turns.length && !v.starved;
  const scheme = s.view !== 'recording';
  const shown = presentedListings(h, s);
  const code = h.code(shown.listing, shown.focus, shown.preset);
  const more =
    shown.more !== null
      ? html`<hsw-code
        language="python"
        .code=${shown.more}
        label=${s.view === 'scheme' ? t.schemeCode(s.scheme) : t.compositionCode}
      ></hsw-code>`
      : v
        ? html`<div class="turn-more">${h.turn(v)}</div>`
        : html`<dl class="queues">
          <dt>_ready</dt>
          <dd>${h.chips(readyAtStart(s), t.readyBefore)}</dd>
        </dl>`;
  return html`<section aria-label=${t.demoLabel} class="presented">
    <div class="stage">
      <hsw-loop-picture lang=${h.lang} .scene=${sceneOf(s)}></hsw-loop-picture>
      <div class="side">${code} ${last ? h.phases(rec, v) : nothing}</div>
    </div>
    <p class="status caption" role="status">${caption(h, p, v)}</p>
    <hsw-details lang=${h.lang} .open=${false} label=${scheme ? w.presentedCode : w.presentedTurn}>${more}</hsw-details>
  </section>`;
}
