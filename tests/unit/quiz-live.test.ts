import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { liveView } from '../../components/shared/quiz/quiz-live.ts';
import type { LivePoll, QuizLive } from '../../components/shared/quiz/quiz-protocol.ts';
import { choose, initialQuizState, recordAnswer, parseScore, viewOf } from '../../components/shared/quiz/quiz-model.ts';
import { SIM_SEED } from './sim-seed.ts';

const poll = (p: Partial<LivePoll>): LivePoll => ({
  qid: 'quiz-busy-wait',
  status: 'idle',
  choiceCount: 4,
  answered: 0,
  ...p,
});
const live = (role: QuizLive['role'], p: Partial<LivePoll> | null, extra: Partial<QuizLive> = {}): QuizLive => ({
  role,
  poll: p === null ? null : poll(p),
  sending: false,
  refused: null,
  ...extra,
});
const revealed = {
  status: 'revealed' as const,
  answered: 3,
  counts: [1, 0, 2, 0],
  correct: 2,
  explanation: { en: ['E'], ru: ['Р'] },
};

describe('a quiz in workshop mode (quiz-live.ts)', () => {
  it('the projector shows how many answered, never what, until the reveal', () => {
    expect(liveView(live('presenter', null), 4)).toMatchObject({ message: 'presenter-idle', canReveal: false });
    const open = liveView(live('presenter', { status: 'open', answered: 3 }), 4);
    expect(open).toMatchObject({
      message: 'presenter-open',
      answered: 3,
      selected: null,
      counts: null,
      correctShown: null,
    });
    expect(open).toMatchObject({ explanation: null, canReveal: true, canVote: false, locked: true });
    expect(liveView(live('presenter', { status: 'closed', answered: 3 }), 4)).toMatchObject({
      message: 'presenter-closed',
    });
    expect(liveView(live('presenter', revealed), 4)).toMatchObject({
      message: 'presenter-revealed',
      counts: [1, 0, 2, 0],
      correctShown: 2,
      explanationShown: true,
      explanation: { en: ['E'], ru: ['Р'] },
    });
  });

  it('a phone votes once: open → sending → in (locked); closed or idle: no vote', () => {
    expect(liveView(live('participant', null), 4)).toMatchObject({ message: 'wait', canVote: false });
    expect(liveView(live('participant', { status: 'open' }), 4)).toMatchObject({
      message: 'vote',
      canVote: true,
      locked: false,
    });
    expect(liveView(live('participant', { status: 'open' }, { sending: true }), 4)).toMatchObject({
      message: 'sending',
      canVote: false,
    });
    expect(liveView(live('participant', { status: 'open', yours: 1 }), 4)).toMatchObject({
      message: 'in',
      selected: 1,
      canVote: false,
    });
    expect(liveView(live('participant', { status: 'open' }, { refused: 'already-voted' }), 4)).toMatchObject({
      message: 'already',
      canVote: false,
    });
    expect(liveView(live('participant', { status: 'closed' }), 4)).toMatchObject({ message: 'closed', canVote: false });
    // Not saved (the server's disk refused it): said so, and the phone may vote again.
    expect(liveView(live('participant', { status: 'open' }, { refused: 'not-saved' }), 4)).toMatchObject({
      message: 'not-saved',
      canVote: true,
      locked: false,
    });
  });

  it('after the reveal a phone sees the histogram, the right answer and whether it was right', () => {
    expect(liveView(live('participant', { ...revealed, yours: 2, right: true }), 4)).toMatchObject({
      message: 'right',
      verdict: 'right',
      selected: 2,
      counts: [1, 0, 2, 0],
    });
    expect(liveView(live('participant', { ...revealed, yours: 0, right: false }), 4)).toMatchObject({
      message: 'wrong',
      verdict: 'wrong',
      correctShown: 2,
    });
    expect(liveView(live('participant', { ...revealed, yours: null }), 4)).toMatchObject({
      message: 'missed',
      verdict: null,
    });
  });

  it('property: before the reveal nothing tells the answer; only an open poll without a vote takes one', () => {
    const arbPoll = fc.record({
      status: fc.constantFrom('idle', 'open', 'closed', 'revealed'),
      answered: fc.nat(5000),
      counts: fc.option(fc.array(fc.nat(100), { minLength: 4, maxLength: 4 }), { nil: undefined }),
      correct: fc.option(fc.integer({ min: -2, max: 10 }), { nil: undefined }),
      yours: fc.option(fc.option(fc.integer({ min: -1, max: 9 })), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.constantFrom('presenter', 'participant'), fc.option(arbPoll), fc.boolean(), (role, p, sending) => {
        const v = liveView(live(role, p, { sending }), 4);
        const status = p?.status ?? 'idle';
        if (status !== 'revealed') {
          expect(v.correctShown).toBeNull();
          expect(v.counts).toBeNull();
          expect(v.explanation).toBeNull();
          expect(v.verdict).toBeNull();
        }
        if (role === 'presenter') expect(v.selected === null && !v.canVote).toBe(true);
        const yours = p?.yours;
        const hasVote = typeof yours === 'number' && yours >= 0 && yours < 4;
        expect(v.canVote).toBe(role === 'participant' && status === 'open' && !hasVote && !sending);
        if (v.correctShown !== null) expect(v.correctShown >= 0 && v.correctShown < 4).toBe(true);
      }),
      { seed: SIM_SEED, numRuns: 500 },
    );
  });
});

describe('a withheld answer (the phones’ build)', () => {
  const q = { id: 'quiz-busy-wait', choiceCount: 4, correct: null };
  it('an answer is noted and locked, never judged, and not stored in the score', () => {
    const s = choose(initialQuizState(q), 1);
    expect(viewOf(s)).toMatchObject({
      selected: 1,
      correctShown: null,
      verdict: null,
      explanationShown: false,
      locked: true,
    });
    expect(viewOf(s, { print: true })).toMatchObject({ correctShown: null, explanationShown: false });
    const store = parseScore(null);
    expect(recordAnswer(store, q, 1)).toBe(store);
  });
});
