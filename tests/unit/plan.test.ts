import { describe, expect, it } from 'vitest';
import { slides } from '../../slides/index.ts';
import { speakerSteps } from '../../slides/types.ts';
import { parsePlanText, planChapters, planClicks, resolvePlan, type Plan } from '../../slides/plan.ts';
import { planFor, planTexts } from '../../slides/plans.ts';
import { planText } from '../../src/plan-text.ts';

/** What the clicker walks: the plan's slides and dividers, in order. */
const shown = (plan: Plan) => plan.entries.filter((e) => e.kind === 'divider' || e.inPlan).map((e) => e.id);
const planSlides = (plan: Plan) => plan.entries.filter((e) => e.kind === 'slide' && e.inPlan).map((e) => e.id);

describe('the built-in plans (slides/plans/*.txt)', () => {
  it('are 40, 20 and workshop, each naming known slides only, once each', () => {
    expect([...planTexts.keys()]).toEqual(['40', '20', 'workshop']);
    for (const name of planTexts.keys()) {
      const plan = planFor(name);
      expect(plan.problems, name).toEqual([]);
      expect(plan.name).toBe(name);
    }
  });

  it('the 40-minute plan: about 20 slides, at most 100 clicks counted from each slide’s speaker sequence', () => {
    const plan = planFor('40');
    expect(plan.minutes).toBe(40);
    const ids = planSlides(plan);
    expect(ids.length).toBeGreaterThanOrEqual(17);
    expect(ids.length).toBeLessThanOrEqual(22);
    // the clicks from the manifest's sequences: presses within each slide, and one to each next slide or divider
    const clicks = planClicks(plan, speakerSteps);
    const byHand = ids.reduce((n, id) => n + speakerSteps(slides.find((s) => s.id === id)!) - 1, 0);
    expect(clicks).toBe(byHand + shown(plan).length - 1);
    expect(clicks).toBeLessThanOrEqual(100);
    expect(clicks).toBeGreaterThanOrEqual(80);
    expect(ids.slice(0, 1)).toEqual(['title']);
    expect(ids.slice(-2)).toEqual(['comparison', 'summary']);
  });

  it('the 20-minute plan is about half of it', () => {
    const plan = planFor('20');
    expect(plan.minutes).toBe(20);
    expect(planClicks(plan, speakerSteps)).toBeLessThanOrEqual(50);
    expect(planSlides(plan).slice(-2)).toEqual(['comparison', 'summary']);
  });

  it('the workshop plan is the full deck: every slide, none left outside', () => {
    const plan = planFor('workshop');
    expect([...planSlides(plan)].sort()).toEqual(slides.map((s) => s.id).sort());
    expect(plan.entries.every((e) => e.kind === 'divider' || e.inPlan)).toBe(true);
  });

  it('each chapter opens on its divider once, with its number and a question in both languages; title and summary open none', () => {
    for (const name of planTexts.keys()) {
      const plan = planFor(name);
      const dividers = plan.entries.flatMap((e) => (e.kind === 'divider' ? [e] : []));
      expect(dividers.map((d) => d.chapter)).toEqual([...new Set(dividers.map((d) => d.chapter))]);
      for (const d of dividers) {
        expect(planText.en.questions[d.chapter]).toMatch(/\?$/);
        expect(planText.ru.questions[d.chapter]).toMatch(/\?$/);
        // the divider is followed by a slide of its chapter
        const next = plan.entries[plan.entries.indexOf(d) + 1];
        expect(next?.kind === 'slide' && next.slide.chapter).toBe(d.chapter);
      }
      const ids = shown(plan);
      expect(ids[0]).toBe('title');
      expect(ids.at(-1)).toBe('summary');
      // no divider's id is a slide's
      expect(new Set(plan.entries.map((e) => e.id)).size).toBe(plan.entries.length);
    }
    expect(shown(planFor('workshop')).filter((id) => id.startsWith('chapter-'))).toEqual([
      'chapter-io',
      'chapter-event-loop',
      'chapter-asyncio',
      'chapter-green',
      'chapter-production',
    ]);
  });
});

describe('a plan’s chapters, for the title’s map and the summary', () => {
  it('each from its divider, with the plan’s slides only, title and summary in none', () => {
    const plan = planFor('40');
    const map = planChapters(plan);
    expect(map.map((c) => c.firstSlide)).toEqual([
      'chapter-io',
      'chapter-event-loop',
      'chapter-asyncio',
      'chapter-green',
    ]);
    expect(map.flatMap((c) => c.slides.map((s) => s.id))).toEqual(
      planSlides(plan).filter((id) => id !== 'title' && id !== 'summary'),
    );
    expect(map[0]?.slides.map((s) => s.text.en.title)).toEqual(
      ['c10k', 'nonblocking', 'select-epoll', 'wake-up'].map((id) => slides.find((s) => s.id === id)!.title.en),
    );
  });
});

describe('a plan of the speaker’s own (slides/plan.ts)', () => {
  it('a list in the address: the slides in its order with their dividers, the rest after it outside the plan', () => {
    const plan = planFor('title,select-epoll,c10k,heavy-task');
    expect(plan.name).toBe('custom');
    expect(plan.problems).toEqual([]);
    expect(shown(plan)).toEqual(['title', 'chapter-io', 'select-epoll', 'c10k', 'chapter-event-loop', 'heavy-task']);
    const outside = plan.entries.filter((e) => e.kind === 'slide' && !e.inPlan).map((e) => e.id);
    expect(outside).toEqual(slides.map((s) => s.id).filter((id) => !planSlides(plan).includes(id)));
  });

  it('an unknown id is named and left out, a repeated one shown once; no slide is lost', () => {
    const plan = planFor('c10k, nope , c10k');
    expect(plan.problems).toEqual([
      { kind: 'unknown-slide', id: 'nope' },
      { kind: 'repeated-slide', id: 'c10k' },
    ]);
    expect(shown(plan)).toEqual(['chapter-io', 'c10k']);
    expect(plan.entries.filter((e) => e.kind === 'slide')).toHaveLength(slides.length);
  });

  it('a plan with no known slide, or an unknown name, is the full deck, and says why', () => {
    expect(planFor('nope,nada').problems).toEqual([
      { kind: 'unknown-slide', id: 'nope' },
      { kind: 'unknown-slide', id: 'nada' },
      { kind: 'empty' },
    ]);
    const unknown = planFor('45');
    expect(unknown.name).toBeNull();
    expect(unknown.problems).toEqual([{ kind: 'unknown-plan', name: '45', plans: ['40', '20', 'workshop'] }]);
    expect(shown(unknown)).toEqual(slides.map((s) => s.id));
    expect(planFor(null)).toMatchObject({ name: null, problems: [] });
    expect(shown(planFor(''))).toEqual(slides.map((s) => s.id));
  });

  it('a file: ids a line or several, comments, the talk’s length', () => {
    expect(parsePlanText('# my talk\nminutes: 25\ntitle c10k, # the classic\n\n  summary  \n')).toEqual({
      ids: ['title', 'c10k', 'summary'],
      minutes: 25,
    });
    const named = new Map([['mine', 'minutes: 25\ntitle\nc10k\nsummary']]);
    const plan = resolvePlan('mine', slides, named);
    expect(plan).toMatchObject({ name: 'mine', minutes: 25, problems: [] });
    expect(shown(plan)).toEqual(['title', 'chapter-io', 'c10k', 'summary']);
  });

  it('a chapter opened twice gets a second divider of its own id', () => {
    expect(shown(planFor('c10k,event-loop,wake-up'))).toEqual([
      'chapter-io',
      'c10k',
      'chapter-event-loop',
      'event-loop',
      'chapter-io-2',
      'wake-up',
    ]);
  });
});

describe('what the deck says of a plan that was not all right (src/deck-plan.ts)', () => {
  it('names the unknown ids, quoted and cut short, in both languages; nothing when all was right', async () => {
    const { planMessage } = await import('../../src/deck-plan.ts');
    expect(planMessage([], 'en')).toBeNull();
    expect(planMessage(planFor('40').problems, 'ru')).toBeNull();
    const problems = planFor(`c10k,x1,x2,x3,x4,x5,x6,${'y'.repeat(100)},c10k`).problems;
    const en = planMessage(problems, 'en');
    expect(en).toBe(
      `There are no slides “x1”, “x2”, “x3”, “x4”, “x5”, … in this deck: the plan goes on without them. ` +
        `The plan names “c10k” twice: it is shown at its first place.`,
    );
    expect(planMessage(planFor('nope').problems, 'ru')).toBe(
      'Плана «nope» нет (планы: 40, 20, workshop; или идентификаторы слайдов через запятую): показываем презентацию целиком.',
    );
    expect(planMessage(planFor('a,b').problems, 'en')).toBe(
      'There are no slides “a”, “b” in this deck: the plan goes on without them. ' +
        'The plan names no slide of this deck: here is the full deck.',
    );
    expect(planMessage([{ kind: 'unknown-slide', id: 'z'.repeat(100) }], 'ru')).toBe(
      `Слайда «${'z'.repeat(40)}…» в презентации нет: план показан без него.`,
    );
  });
});

describe("a host's own question in a plan (`question: <id>`)", () => {
  it('a file line or a list token places it, as a slide of two steps (the question, then the vote)', () => {
    expect(parsePlanText('title\nquestion: host-pace\nsummary')).toEqual({
      ids: ['title', 'question:host-pace', 'summary'],
    });
    const named = new Map([['mine', 'title\nquestion: host-pace\nc10k\nQuestion:host-epoll\nsummary']]);
    const plan = resolvePlan('mine', slides, named);
    expect(plan.problems).toEqual([]);
    expect(shown(plan)).toEqual([
      'title',
      'question-host-pace',
      'chapter-io',
      'c10k',
      'question-host-epoll',
      'summary',
    ]);
    expect(plan.entries[1]).toEqual({ kind: 'question', id: 'question-host-pace', qid: 'host-pace', inPlan: true });
    // Each question adds its two steps to the clicker's walk; a chapter's slides are still only its slides.
    const without = resolvePlan('title,c10k,summary', slides, new Map());
    expect(planClicks(plan, speakerSteps)).toBe(planClicks(without, speakerSteps) + 4);
    expect(planChapters(plan).flatMap((c) => c.slides.map((s) => s.id))).toEqual(['c10k']);
    expect(shown(planFor('title,question:host-pace'))).toEqual(['title', 'question-host-pace']);
  });

  it('a question named twice is shown once; a malformed one names no slide', () => {
    const plan = planFor('title,question:host-a,question:host-a,question:Bad_Id');
    expect(shown(plan)).toEqual(['title', 'question-host-a']);
    expect(plan.problems).toEqual([
      { kind: 'repeated-slide', id: 'question:host-a' },
      { kind: 'unknown-slide', id: 'question:Bad_Id' },
    ]);
  });
});
