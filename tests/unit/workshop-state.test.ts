import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BACKOFF,
  backoffMs,
  followTarget,
  helloFor,
  initialWorkshopState,
  parsePid,
  pidFromBytes,
  pollsToOpen,
  quizLiveFor,
  reduce,
  saysHelloAgain,
  speakerStatusFor,
  type WorkshopEvent,
  type WorkshopState,
} from '../../src/workshop-state.ts';
import { ClientMessage, type PollView, type ServerMessage } from '../../lib/workshop-protocol.ts';
import * as v from 'valibot';
import { SPEAKER_MESSAGE, speakerMessageOf } from '../../src/speaker-protocol.ts';
import { SIM_SEED } from './sim-seed.ts';

const PID = 'abcdefghijklmnop1234';
const msg = (m: ServerMessage): WorkshopEvent => ({ kind: 'message', msg: m });
const poll = (p: Partial<PollView> = {}): PollView => ({
  qid: 'quiz-busy-wait',
  status: 'open',
  choiceCount: 4,
  answered: 0,
  ...p,
});
const welcome = (polls: PollView[] = [], extra: Partial<Extract<ServerMessage, { type: 'welcome' }>> = {}) =>
  msg({ type: 'welcome', v: 1, role: 'participant', room: 'ABCD', pid: PID, slide: null, polls, ...extra });
const run = (s: WorkshopState, events: WorkshopEvent[]) => events.reduce(reduce, s);
const phone = () => initialWorkshopState({ role: 'participant', room: 'ABCD', pid: PID, nick: 'Ada' });
const projector = () => initialWorkshopState({ role: 'presenter', room: 'ABCD' });

describe('workshop client state (src/workshop-state.ts)', () => {
  it('hello: valid for the protocol, never a secret (the cookie proves the presenter), pid and nick only for a participant', () => {
    const p = helloFor(phone());
    expect(p).toEqual({ type: 'hello', v: 1, room: 'ABCD', role: 'participant', pid: PID, nick: 'Ada' });
    expect(v.safeParse(ClientMessage, p).success).toBe(true);
    const q = helloFor(projector());
    expect(q).toEqual({ type: 'hello', v: 1, room: 'ABCD', role: 'presenter' });
    expect(v.safeParse(ClientMessage, q).success).toBe(true);
    expect(helloFor(initialWorkshopState({ role: 'participant', room: 'ABCD', pid: PID }))).not.toHaveProperty('nick');
  });

  it('a vote: sending → ack locks it as theirs; the projector’s broadcast without `yours` keeps it', () => {
    let s = run(phone(), [welcome([poll()]), { kind: 'vote-sent', qid: 'quiz-busy-wait', choice: 2 }]);
    expect(quizLiveFor(s, 'quiz-busy-wait')).toMatchObject({ sending: true, refused: null });
    s = reduce(s, msg({ type: 'ack', qid: 'quiz-busy-wait', choice: 2 }));
    expect(quizLiveFor(s, 'quiz-busy-wait')).toMatchObject({ sending: false, poll: { yours: 2 } });
    s = reduce(s, msg({ type: 'poll', poll: poll({ status: 'closed', answered: 7 }) }));
    expect(s.polls['quiz-busy-wait']).toMatchObject({ status: 'closed', answered: 7, yours: 2 });
    s = reduce(
      s,
      msg({
        type: 'poll',
        poll: poll({ status: 'revealed', counts: [0, 0, 7, 0], correct: 2, yours: 2, right: true }),
      }),
    );
    expect(quizLiveFor(s, 'quiz-busy-wait').poll).toMatchObject({ right: true, counts: [0, 0, 7, 0] });
  });

  it('a refused vote is told to its question (already voted elsewhere, not open); a reset forgets the vote', () => {
    let s = run(phone(), [welcome([poll()]), { kind: 'vote-sent', qid: 'quiz-busy-wait', choice: 1 }]);
    s = reduce(s, msg({ type: 'refused', reason: 'already-voted' }));
    expect(quizLiveFor(s, 'quiz-busy-wait')).toMatchObject({ sending: false, refused: 'already-voted' });
    expect(s.link).toBe('open');
    s = run(s, [msg({ type: 'ack', qid: 'quiz-busy-wait', choice: 1 })]);
    s = reduce(s, msg({ type: 'poll', poll: poll({ status: 'idle' }) }));
    expect(quizLiveFor(s, 'quiz-busy-wait')).toMatchObject({ sending: false, refused: null, poll: { status: 'idle' } });
    expect(s.polls['quiz-busy-wait']?.yours).toBeUndefined();
  });

  it('a vote the server could not save (not-saved): told to its question, nothing pending, and it may be sent again', () => {
    let s = run(phone(), [welcome([poll()]), { kind: 'vote-sent', qid: 'quiz-busy-wait', choice: 1 }]);
    s = reduce(s, msg({ type: 'refused', reason: 'not-saved' }));
    expect(quizLiveFor(s, 'quiz-busy-wait')).toMatchObject({ sending: false, refused: 'not-saved' });
    expect(s.link).toBe('open');
    s = reduce(s, { kind: 'vote-sent', qid: 'quiz-busy-wait', choice: 1 });
    expect(quizLiveFor(s, 'quiz-busy-wait')).toMatchObject({ sending: true, refused: null });
    s = reduce(s, msg({ type: 'ack', qid: 'quiz-busy-wait', choice: 1 }));
    expect(quizLiveFor(s, 'quiz-busy-wait')).toMatchObject({ sending: false, refused: null, poll: { yours: 1 } });
  });

  it('a dropped link: reconnecting, attempts count up, votes in flight are forgotten; welcome restores everything', () => {
    let s = run(phone(), [welcome([poll()]), { kind: 'vote-sent', qid: 'quiz-busy-wait', choice: 3 }]);
    s = run(s, [{ kind: 'closed' }, { kind: 'closed' }]);
    expect(s).toMatchObject({ link: 'reconnecting', attempts: 2, sending: {} });
    s = reduce(
      s,
      welcome([poll({ yours: 3 })], {
        slide: { id: 'quiz-busy-wait', index: 11, step: 0 },
        score: { right: 1, answered: 2 },
      }),
    );
    expect(s).toMatchObject({ link: 'open', attempts: 0, score: { right: 1, answered: 2 }, slide: { index: 11 } });
    expect(quizLiveFor(s, 'quiz-busy-wait').poll?.yours).toBe(3);
  });

  it('hello-first (the server no longer knows this page) is not the end: the page says hello again, and the welcome restores it', () => {
    const refusal = { type: 'refused', reason: 'hello-first' } as const;
    expect(saysHelloAgain(refusal)).toBe(true);
    expect(saysHelloAgain({ type: 'refused', reason: 'not-saved' })).toBe(false);
    let s = run(phone(), [welcome([poll()]), { kind: 'vote-sent', qid: 'quiz-busy-wait', choice: 1 }, msg(refusal)]);
    expect(s).toMatchObject({ link: 'open', refusal: 'hello-first', sending: {} });
    // The page drops its link (saysHelloAgain): reconnecting with its backoff, never refused for good.
    s = reduce(s, { kind: 'closed' });
    expect(s).toMatchObject({ link: 'reconnecting', attempts: 1, refusal: 'hello-first' });
    s = reduce(s, welcome([poll()]));
    expect(s).toMatchObject({ link: 'open', attempts: 0, refusal: null });
    expect(quizLiveFor(s, 'quiz-busy-wait')).toMatchObject({ sending: false, refused: null });
  });

  it('a room Redis lost (`lost`): shown on every page until a welcome, the link keeps trying, the speaker view says so', () => {
    let s = run(phone(), [welcome([poll()]), msg({ type: 'lost' })]);
    expect(s).toMatchObject({ link: 'open', roomLost: true });
    s = run(s, [{ kind: 'closed' }, msg({ type: 'lost' }), { kind: 'closed' }]);
    expect(s).toMatchObject({ link: 'reconnecting', roomLost: true });
    expect(reduce(s, welcome()).roomLost).toBe(false);
    const p = run(projector(), [msg({ type: 'lost' })]);
    const status = speakerStatusFor(p, 'http://x/ABCD', null);
    expect(status).toMatchObject({ roomLost: true });
    expect(speakerStatusFor(projector(), 'http://x/ABCD', null)).not.toHaveProperty('roomLost');
    // The speaker view's message carries it (and only `true`).
    const sent = { type: SPEAKER_MESSAGE, kind: 'workshop', status };
    expect(speakerMessageOf(sent)).toEqual(sent);
    expect(speakerMessageOf({ ...sent, status: { ...status, roomLost: 'yes' } })).toEqual({
      ...sent,
      status: { ...status, roomLost: undefined },
    });
  });

  it('a wrong key or room ends the link for good; a closed link after that stays refused', () => {
    const s = run(projector(), [msg({ type: 'refused', reason: 'bad-secret' }), { kind: 'closed' }]);
    expect(s).toMatchObject({ link: 'refused', refusal: 'bad-secret', attempts: 0 });
  });

  it('the presenter opens a slide’s questions only when never opened (or reset), and only when connected', () => {
    const qids = ['quiz-busy-wait'];
    expect(pollsToOpen(projector(), qids)).toEqual([]);
    const open = reduce(
      projector(),
      msg({ type: 'welcome', v: 1, role: 'presenter', room: 'ABCD', slide: null, polls: [] }),
    );
    expect(pollsToOpen(open, qids)).toEqual(qids);
    expect(pollsToOpen(reduce(open, msg({ type: 'poll', poll: poll({ status: 'closed' }) })), qids)).toEqual([]);
    expect(pollsToOpen(reduce(open, msg({ type: 'poll', poll: poll({ status: 'idle' }) })), qids)).toEqual(qids);
    expect(pollsToOpen(run(phone(), [welcome()]), qids)).toEqual([]);
  });

  it('a phone follows the presenter’s slide and step until it stops following; the remote’s nav reaches only the presenter', () => {
    const at = { id: 'c10k', index: 1, step: 2 };
    let s = run(phone(), [welcome(), msg({ type: 'slide', slide: at })]);
    expect(followTarget(s, { index: 0, step: 0 })).toEqual(at);
    expect(followTarget(s, { index: 1, step: 2 })).toBeNull();
    s = reduce(s, { kind: 'follow', on: false });
    expect(followTarget(s, { index: 0, step: 0 })).toBeNull();
    expect(reduce(s, msg({ type: 'nav', dir: 'next' })).nav).toEqual([]);
    const p = run(projector(), [msg({ type: 'nav', dir: 'next' }), msg({ type: 'nav', dir: 'prev' })]);
    expect(p.nav).toEqual(['next', 'prev']);
    expect(reduce(p, { kind: 'nav-done' }).nav).toEqual(['prev']);
  });

  it('participant ids: a stored one is kept only when valid; a new one is valid', () => {
    expect(parsePid(PID)).toBe(PID);
    for (const bad of [null, '', 'short', 'x'.repeat(65), 'has spaces in it here', '<script>alert(1)</script>'])
      expect(parsePid(bad)).toBeNull();
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 40 }), (bytes) => {
        expect(parsePid(pidFromBytes(bytes))).not.toBeNull();
      }),
      { seed: SIM_SEED },
    );
  });

  it('property: backoff grows, is capped at 15 s, and jitter keeps it between half and all of its ceiling', () => {
    expect(backoffMs(0, 0.999)).toBeLessThanOrEqual(BACKOFF.baseMs);
    expect(backoffMs(50, 1)).toBe(BACKOFF.capMs);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, r) => {
        const ceiling = Math.min(BACKOFF.capMs, BACKOFF.baseMs * 2 ** Math.min(30, n));
        const d = backoffMs(n, r);
        expect(d).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
        expect(d).toBeLessThanOrEqual(ceiling);
        expect(backoffMs(n + 1, r)).toBeGreaterThanOrEqual(d);
      }),
      { seed: SIM_SEED },
    );
  });

  it('property: whatever the server says, a question is never both sending and acknowledged, and nothing throws', () => {
    const qid = fc.constantFrom('quiz-busy-wait', 'quiz-fastapi');
    const choice = fc.integer({ min: 0, max: 3 });
    const event: fc.Arbitrary<WorkshopEvent> = fc.oneof(
      fc.constant<WorkshopEvent>({ kind: 'closed' }),
      fc.record({ kind: fc.constant('vote-sent' as const), qid, choice }),
      fc.record({ qid, choice }).map(({ qid, choice }) => msg({ type: 'ack', qid, choice })),
      fc
        .record({ qid, status: fc.constantFrom('idle', 'open', 'closed', 'revealed' as const) })
        .map(({ qid, status }) => msg({ type: 'poll', poll: poll({ qid, status }) })),
      fc
        .constantFrom('already-voted', 'not-open', 'rate-limited', 'malformed' as const)
        .map((reason) => msg({ type: 'refused', reason })),
      fc.constant(welcome([poll()])),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const s = run(phone(), events);
        for (const q of Object.keys(s.sending)) expect(typeof s.polls[q]?.yours === 'number').toBe(false);
        expect(s.attempts).toBeGreaterThanOrEqual(0);
      }),
      { seed: SIM_SEED, numRuns: 300 },
    );
  });
  it('the speaker view’s status: the room, the link, the people, the question’s state and count, never an answer', () => {
    const url = 'http://127.0.0.1:8080/ABCD';
    const before = speakerStatusFor(projector(), url, null);
    expect(before).toEqual({
      room: 'ABCD',
      joinUrl: url,
      connected: false,
      participants: 0,
      online: 0,
      question: null,
    });
    const s = run(projector(), [
      { kind: 'open' },
      msg({ type: 'welcome', v: 1, role: 'presenter', room: 'ABCD', slide: null, polls: [] }),
      msg({ type: 'stats', participants: 30, connected: 28, refusedPresenterMessages: 0, cannotSave: true }),
    ]);
    const open = speakerStatusFor(s, url, { title: 'Busy wait', poll: poll({ status: 'revealed', answered: 27 }) });
    expect(open).toEqual({
      room: 'ABCD',
      joinUrl: url,
      connected: true,
      participants: 30,
      online: 28,
      cannotSave: true,
      question: { title: 'Busy wait', status: 'revealed', answered: 27 },
    });
    // a question never opened is idle with none answered; and what is sent passes the speaker view's own check
    expect(speakerStatusFor(s, url, { title: 'Busy wait', poll: null }).question).toEqual({
      title: 'Busy wait',
      status: 'idle',
      answered: 0,
    });
    const sent = { type: SPEAKER_MESSAGE, kind: 'workshop', status: open };
    expect(speakerMessageOf(sent)).toEqual(sent);
  });
});

describe("the host's own questions in the client state", () => {
  const words = (qid: string, poll = false) => ({
    qid,
    question: { ru: qid, en: qid },
    choices: { ru: ['a', 'b'], en: ['a', 'b'] },
    poll,
  });
  const questions = [words('host-a'), words('host-b', true)];
  const hp = (qid: string, status: PollView['status']) => poll({ qid, status, choiceCount: 2 });

  it('a question comes up when it opens or is revealed, stays when closed, goes when reset or closed here', () => {
    let s = run(phone(), [welcome([hp('host-a', 'idle'), hp('host-b', 'idle')], { questions })]);
    expect(s.questions.map((q) => q.qid)).toEqual(['host-a', 'host-b']);
    expect(s.shownQuestion).toBeNull();
    s = reduce(s, msg({ type: 'poll', poll: hp('host-a', 'open') }));
    expect(s.shownQuestion).toBe('host-a');
    s = reduce(s, msg({ type: 'poll', poll: hp('host-a', 'closed') }));
    expect(s.shownQuestion).toBe('host-a');
    s = reduce(s, { kind: 'show-question', qid: null });
    expect(s.shownQuestion).toBeNull();
    s = reduce(s, msg({ type: 'poll', poll: hp('host-a', 'revealed') }));
    expect(s.shownQuestion).toBe('host-a');
    s = reduce(s, msg({ type: 'poll', poll: hp('host-b', 'open') }));
    expect(s.shownQuestion).toBe('host-b');
    s = reduce(s, msg({ type: 'poll', poll: hp('host-b', 'idle') }));
    expect(s.shownQuestion).toBeNull();
    // A deck's quiz opening is its slide's business, not the sheet's; nor is an id the room does not ask.
    s = reduce(s, msg({ type: 'poll', poll: poll({ status: 'open' }) }));
    expect(s.shownQuestion).toBeNull();
    expect(reduce(s, { kind: 'show-question', qid: 'quiz-busy-wait' })).toBe(s);
  });

  it('a phone joining late sees the open question; a reconnect keeps the one shown while the room still asks it', () => {
    const late = run(phone(), [welcome([hp('host-a', 'revealed'), hp('host-b', 'open')], { questions })]);
    expect(late.shownQuestion).toBe('host-b');
    const shown = reduce(late, { kind: 'show-question', qid: 'host-a' });
    const again = run(shown, [
      { kind: 'closed' },
      welcome([hp('host-a', 'revealed'), hp('host-b', 'open')], { questions }),
    ]);
    expect(again.shownQuestion).toBe('host-a');
    const reset = run(shown, [
      { kind: 'closed' },
      welcome([hp('host-a', 'idle'), hp('host-b', 'idle')], { questions }),
    ]);
    expect(reset.shownQuestion).toBeNull();
    expect(run(phone(), [welcome([hp('host-b', 'open')])]).shownQuestion).toBeNull();
  });
});
