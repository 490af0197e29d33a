/**
 * The workshop room's state machine (server/poll.ts): hand-worked cases and fast-check properties over random
 * event sequences (seed: tests/unit/sim-seed.ts), the CSV export, and the server's quiz list against the deck's.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { JoinGate, Renames, resolveLimits } from '../../server/limits.ts';
import { Room, csvField, type PollAction, type RoomEvent } from '../../server/poll.ts';
import { QUIZZES, type QuizDef } from '../../server/quizzes.ts';
import { slides } from '../../slides/index.ts';
import { SIM_SEED } from './sim-seed.ts';

const A: QuizDef = { id: 'qa', choiceCount: 4, correct: 2, explanation: { en: ['because'], ru: ['потому что'] } };
const B: QuizDef = { id: 'qb', choiceCount: 3, correct: 0, explanation: { en: ['so'], ru: ['так'] } };
const at = 1_000;
const join = (pid: string, nick?: string): RoomEvent => ({ t: 'join', pid, nick, at });
const vote = (pid: string, qid: string, choice: number): RoomEvent => ({ t: 'vote', pid, qid, choice, at });
const poll = (qid: string, action: PollAction): RoomEvent => ({ t: 'poll', qid, action, at });

function room(...events: RoomEvent[]): Room {
  const r = new Room([A, B]);
  for (const e of events) r.apply(e);
  return r;
}

describe('the room, by hand', () => {
  test('a vote counts only while its question is open, once per participant', () => {
    const r = room(join('p1'), join('p2'));
    expect(r.apply(vote('p1', 'qa', 1))).toEqual({ ok: false, reason: 'not-open' });
    expect(r.apply(poll('qa', 'open'))).toEqual({ ok: true, changed: true });
    expect(r.apply(poll('qa', 'open'))).toEqual({ ok: true, changed: false });
    expect(r.apply(vote('p1', 'qa', 1))).toEqual({ ok: true, changed: true });
    expect(r.apply(vote('p1', 'qa', 2))).toEqual({ ok: false, reason: 'already-voted' });
    expect(r.apply(vote('p2', 'qa', 4))).toEqual({ ok: false, reason: 'bad-choice' });
    expect(r.apply(vote('p2', 'nope', 0))).toEqual({ ok: false, reason: 'unknown-question' });
    expect(r.apply(vote('stranger', 'qa', 0))).toEqual({ ok: false, reason: 'hello-first' });
    expect(r.view('qa')).toEqual({ qid: 'qa', status: 'open', choiceCount: 4, answered: 1 });
    expect(r.view('qa', 'p1')).toEqual({ qid: 'qa', status: 'open', choiceCount: 4, answered: 1, yours: 1 });
    expect(r.view('qa', 'p2')).toEqual({ qid: 'qa', status: 'open', choiceCount: 4, answered: 1, yours: null });
  });

  test('close, reopen, reveal, reset: the statuses, the counts after the reveal, the scores', () => {
    const r = room(join('p1', 'Ann'), join('p2'), poll('qa', 'open'), vote('p1', 'qa', 2), poll('qa', 'close'));
    expect(r.apply(vote('p2', 'qa', 0))).toEqual({ ok: false, reason: 'not-open' });
    r.apply(poll('qa', 'open'));
    r.apply(vote('p2', 'qa', 0));
    expect(r.score('p1')).toEqual({ right: 0, answered: 0 }); // nothing revealed yet
    r.apply(poll('qa', 'reveal'));
    expect(r.view('qa', 'p1')).toEqual({
      qid: 'qa',
      status: 'revealed',
      choiceCount: 4,
      answered: 2,
      counts: [1, 0, 1, 0],
      correct: 2,
      explanation: A.explanation,
      yours: 2,
      right: true,
    });
    expect(r.view('qa', 'p2')['right']).toBe(false);
    expect(r.score('p1')).toEqual({ right: 1, answered: 1 });
    expect(r.score('p2')).toEqual({ right: 0, answered: 1 });
    expect(r.apply(poll('qa', 'open'))).toEqual({ ok: false, reason: 'not-open' });
    expect(r.apply(poll('qa', 'close'))).toEqual({ ok: false, reason: 'not-open' });
    expect(r.apply(poll('qa', 'reset'))).toEqual({ ok: true, changed: true });
    expect(r.view('qa', 'p1')).toEqual({ qid: 'qa', status: 'idle', choiceCount: 4, answered: 0, yours: null });
    expect(r.score('p1')).toEqual({ right: 0, answered: 0 });
    expect(r.apply(poll('qa', 'reset'))).toEqual({ ok: true, changed: false });
  });

  test('results: answered per question, right and counts only once revealed, the top nicknames when asked', () => {
    const r = room(join('p1', 'Ann'), join('p2', 'Bob'), join('p3'), poll('qa', 'open'), poll('qb', 'open'));
    r.apply(vote('p1', 'qa', 2));
    r.apply(vote('p2', 'qa', 2));
    r.apply(vote('p3', 'qa', 2));
    r.apply(vote('p2', 'qb', 0));
    r.apply(poll('qa', 'reveal'));
    expect(r.results()).toEqual({
      type: 'results',
      participants: 3,
      questions: [
        { qid: 'qa', answered: 3, right: 3, counts: [0, 0, 3, 0] },
        { qid: 'qb', answered: 1, right: 0, counts: [] },
      ],
    });
    r.apply({ t: 'showTop', show: true, at });
    r.apply(poll('qb', 'reveal'));
    // Bob 2, Ann 1; p3 has no nickname and is not listed.
    expect(r.results().top).toEqual([
      { nick: 'Bob', right: 2 },
      { nick: 'Ann', right: 1 },
    ]);
  });

  test('a nickname: set at join or later, never needed; the slide is where the presenter last was', () => {
    const r = room(join('p1'));
    expect(r.nickOf('p1')).toBe('');
    expect(r.apply({ t: 'nick', pid: 'p1', nick: 'Zoë', at })).toEqual({ ok: true, changed: true });
    expect(r.apply(join('p1'))).toEqual({ ok: true, changed: false });
    expect(r.nickOf('p1')).toBe('Zoë');
    expect(r.apply({ t: 'nick', pid: 'ghost', nick: 'x', at })).toEqual({ ok: false, reason: 'hello-first' });
    const slide = { id: 'c10k', index: 1, step: 2 };
    expect(r.apply({ t: 'slide', slide, at })).toEqual({ ok: true, changed: true });
    expect(r.apply({ t: 'slide', slide: { ...slide }, at })).toEqual({ ok: true, changed: false });
    expect(r.slide).toEqual(slide);
  });

  test('the CSV: RFC 4180 quoting, CRLF, choices numbered as on the slide, every text cell quoted, formulas neutralised', () => {
    const r = room(join('p1', '=SUM(A1)'), join('-pid-starts-with-dash', 'Ann, "the" one'), poll('qa', 'open'));
    r.apply(vote('p1', 'qa', 2));
    r.apply(vote('-pid-starts-with-dash', 'qa', 0));
    expect(r.toCsv()).toBe(
      [
        'nick,pid,qid,choice,right',
        `"'=SUM(A1)","p1","qa",3,true`,
        `"'=SUM(A1)","p1","qb",,`,
        `"Ann, ""the"" one","'-pid-starts-with-dash","qa",1,false`,
        `"Ann, ""the"" one","'-pid-starts-with-dash","qb",,`,
        '',
      ].join('\r\n'),
    );
    expect(['+1', '@cmd', '-2', '\tx', '\rx', 'a\nb', 'plain', ''].map(csvField)).toEqual([
      `"'+1"`,
      `"'@cmd"`,
      `"'-2"`,
      `"'\tx"`,
      `"'\rx"`,
      '"a\nb"',
      '"plain"',
      '""',
    ]);
    // A formula after a separator or a quote: `;` separates cells in ru, de, fr locales.
    expect([';=1+1;', 'a,+1', 'x"@y', "x'-1", 'a;b', 'a=b', 'a - b'].map(csvField)).toEqual([
      `"';=1+1;"`,
      `"'a,+1"`,
      `"'x""@y"`,
      `"'x'-1"`,
      '"a;b"',
      '"a=b"',
      '"a - b"',
    ]);
  });
});

/**
 * How a spreadsheet reads a CSV line with `sep` as its separator (Excel and LibreOffice: `,`, or `;` in ru, de, fr
 * locales): a cell that starts with a quote runs to the closing quote (a doubled quote is one), and what follows it
 * up to the separator is added as it is; any other cell runs to the separator.
 */
function spreadsheetCells(line: string, sep: string): string[] {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = '';
    if (line[i] === '"') {
      i++;
      while (i < line.length) {
        if (line[i] !== '"') cell += line[i++];
        else if (line[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else {
          i++;
          break;
        }
      }
    }
    while (i < line.length && line[i] !== sep) cell += line[i++];
    cells.push(cell);
    if (i >= line.length) return cells;
    i++;
  }
}

describe('the CSV as spreadsheets read it', () => {
  test('the nickname ;=1+1; is one text cell with either separator', () => {
    const r = room(join('p1', ';=1+1;'));
    const row = r.toCsv().split('\r\n')[1]!;
    expect(spreadsheetCells(row, ',')).toEqual(["';=1+1;", 'p1', 'qa', '', '']);
    expect(spreadsheetCells(row, ';')[0]).toMatch(/^';=1\+1;/);
    expect(spreadsheetCells(row, ';')).toHaveLength(1);
  });

  test('whatever the nickname and the pid, no cell a spreadsheet reads starts a formula, with , or ; as separator', () => {
    const danger = ['=', '+', '-', '@', '\t', '\r', ',', ';', '"', "'", ' '];
    const text = fc.array(fc.oneof(fc.constantFrom(...danger), fc.string({ maxLength: 3 })), { maxLength: 8 });
    const nick = text.map((parts) => parts.join(''));
    const pid = fc.stringMatching(/^[A-Za-z0-9_-]{16,20}$/);
    fc.assert(
      fc.property(nick, pid, (n, p) => {
        const r = room(join(p, n), poll('qa', 'open'));
        r.apply(vote(p, 'qa', 1));
        // A nickname never holds a line break (checkNick refuses control characters): the rows are the lines.
        const rows = r.toCsv().split('\r\n').slice(1, -1);
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          for (const sep of [',', ';']) {
            for (const cell of spreadsheetCells(row, sep)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
          }
          // Read with its own separator, the row gives back what was exported.
          const cells = spreadsheetCells(row, ',');
          expect([n, `'${n}`]).toContain(cells[0]);
          expect([p, `'${p}`]).toContain(cells[1]);
        }
      }),
      { seed: SIM_SEED, numRuns: 500 },
    );
  });
});

describe("a shared room's joins and renames: decided by the limits they carry", () => {
  const limits = { max: 3, reserve: 1, perMinute: 2 };
  const joinFrom = (pid: string, address: string | undefined, t: number): RoomEvent => ({
    t: 'join',
    pid,
    at: t,
    limits: { ...(address === undefined ? {} : { address }), ...limits },
  });

  test("new ids per address and minute, the room's cap and its reserve; a known participant's join changes nothing", () => {
    const r = new Room([A]);
    expect(r.apply(joinFrom('p1', '10.0.0.1', 0))).toEqual({ ok: true, changed: true });
    const again: RoomEvent = { t: 'join', pid: 'p1', nick: 'Ada', at: 0, limits: { address: '10.0.0.1', ...limits } };
    expect(r.apply(again)).toEqual({ ok: true, changed: false });
    expect(r.nickOf('p1')).toBe('');
    expect(r.apply(joinFrom('p2', '10.0.0.1', 0))).toEqual({ ok: true, changed: true });
    // The room's last place is kept for an address that has made no id yet.
    expect(r.apply(joinFrom('p3', '10.0.0.1', 60_000))).toEqual({ ok: false, reason: 'room-full' });
    expect(r.apply(joinFrom('p3', '10.0.0.2', 0))).toEqual({ ok: true, changed: true });
    expect(r.apply(joinFrom('p4', undefined, 0))).toEqual({ ok: false, reason: 'room-full' });
    // The bucket, by the events' own times: 2 a minute.
    const s = new Room([A]);
    const big = { max: 100, reserve: 0, perMinute: 2 };
    const at = (pid: string, t: number): RoomEvent => ({ t: 'join', pid, at: t, limits: { address: 'x', ...big } });
    expect([at('a', 0), at('b', 1), at('c', 2), at('d', 30_000), at('e', 30_001)].map((e) => s.apply(e).ok)).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
    // Exempt (no address): only the cap.
    expect(s.apply({ t: 'join', pid: 'f', at: 30_002, limits: big })).toEqual({ ok: true, changed: true });
  });

  test("renames: per participant and minute, within the room's bytes a second", () => {
    const r = new Room([A]);
    r.apply(join('p1'));
    r.apply(join('p2'));
    const nick = (pid: string, n: string, t: number, bytesPerSecond = 8192): RoomEvent => ({
      t: 'nick',
      pid,
      nick: n,
      at: t,
      limits: { perMinute: 2, bytesPerSecond },
    });
    expect(r.apply(nick('p9', 'X', 0))).toEqual({ ok: false, reason: 'hello-first' });
    expect(r.apply(nick('p1', 'A', 0))).toEqual({ ok: true, changed: true });
    expect(r.apply(nick('p1', 'A', 0))).toEqual({ ok: true, changed: false });
    expect(r.apply(nick('p1', 'B', 0))).toEqual({ ok: true, changed: true });
    expect(r.apply(nick('p1', 'C', 0))).toEqual({ ok: false, reason: 'rate-limited' });
    expect(r.nickOf('p1')).toBe('B');
    expect(r.apply(nick('p1', 'C', 30_000))).toEqual({ ok: true, changed: true });
    // The budget: a bucket of at least 512 bytes, refilled at bytesPerSecond; each line as one process logs it.
    const line = JSON.stringify({ t: 'nick', pid: 'p2', nick: 'D', at: 30_000 }).length + 1;
    const s = new Room([A]);
    s.apply(join('p2'));
    const fits = Math.floor(512 / line);
    const names = Array.from({ length: fits + 1 }, (_, i) => `N${i}`);
    const pids = names.map((_, i) => `q${i}`);
    pids.forEach((pid) => s.apply(join(pid)));
    const got = names.map((n, i) => s.apply(nick(pids[i]!, n, 30_000, 10)).ok);
    expect(got.filter(Boolean).length).toBeLessThanOrEqual(fits);
    expect(got.at(-1)).toBe(false);
  });

  test("property: a room's replicas decide joins and renames as one process's gates do (limits.ts), on the same clock", () => {
    const step = fc.record({
      dt: fc.integer({ min: 0, max: 20_000 }),
      kind: fc.constantFrom('join' as const, 'nick' as const),
      pid: fc.constantFrom('p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'),
      address: fc.constantFrom('10.0.0.1', '10.0.0.2', '127.0.0.1'),
      nick: fc.constantFrom('Ada', 'Bo', 'Cy'),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const l = resolveLimits({
          joinsPerAddressPerMinute: 3,
          reserve: 2,
          renamesPerPidPerMinute: 2,
          renameBytesPerSecond: 1_000_000,
        });
        const max = 6;
        let now = 0;
        const gate = new JoinGate(l, max, () => now);
        const renames = new Renames(
          l,
          () => Promise.resolve(true),
          () => now,
        );
        const one = new Room([A]);
        const replica = new Room([A]);
        for (const s of steps) {
          now += s.dt;
          if (s.kind === 'join') {
            if (one.hasParticipant(s.pid)) continue;
            const verdict = gate.admit(s.address, one.participantCount);
            if (verdict === 'ok') one.apply({ t: 'join', pid: s.pid, at: now });
            const exempt = s.address === '127.0.0.1';
            const limits = { ...(exempt ? {} : { address: s.address }), max, reserve: l.reserve, perMinute: 3 };
            const r = replica.apply({ t: 'join', pid: s.pid, at: now, limits });
            expect(r.ok ? 'ok' : r.reason).toBe(verdict);
          } else {
            if (!one.hasParticipant(s.pid) || one.nickOf(s.pid) === s.nick) continue;
            const allowed = renames.allow(s.pid);
            if (allowed) one.apply({ t: 'nick', pid: s.pid, nick: s.nick, at: now });
            const limits = { perMinute: 2, bytesPerSecond: 1_000_000 };
            const r = replica.apply({ t: 'nick', pid: s.pid, nick: s.nick, at: now, limits });
            expect(r.ok).toBe(allowed);
          }
          expect(replica.results()).toEqual(one.results());
          expect(replica.exportRows()).toEqual(one.exportRows());
        }
      }),
      { seed: SIM_SEED, numRuns: 300 },
    );
  });
});

describe('the room, properties', () => {
  const pids = ['p0', 'p1', 'p2', 'p3', 'p4'];
  const qids = ['qa', 'qb', 'nope'];
  const event: fc.Arbitrary<RoomEvent> = fc.oneof(
    {
      weight: 1,
      arbitrary: fc.record({ t: fc.constant('join' as const), pid: fc.constantFrom(...pids), at: fc.nat() }),
    },
    {
      weight: 6,
      arbitrary: fc.record({
        t: fc.constant('vote' as const),
        pid: fc.constantFrom(...pids, 'stranger'),
        qid: fc.constantFrom(...qids),
        choice: fc.integer({ min: -1, max: 5 }),
        at: fc.nat(),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        t: fc.constant('poll' as const),
        qid: fc.constantFrom(...qids),
        action: fc.constantFrom<PollAction>('open', 'close', 'reveal', 'reset'),
        at: fc.nat(),
      }),
    },
  );
  const run = { seed: SIM_SEED, numRuns: 300 };

  /** The truth kept beside the room: the accepted votes since each question's last reset. */
  function replay(events: RoomEvent[]) {
    const r = new Room([A, B]);
    const accepted = new Map<string, Map<string, number>>([
      ['qa', new Map()],
      ['qb', new Map()],
    ]);
    for (const e of events) {
      const out = r.apply(e);
      if (out.ok && e.t === 'vote') {
        const m = accepted.get(e.qid)!;
        expect(m.has(e.pid)).toBe(false); // at most one vote per pid per question, whatever came before
        m.set(e.pid, e.choice);
      }
      if (out.ok && e.t === 'poll' && e.action === 'reset') accepted.get(e.qid)!.clear();
    }
    return { r, accepted };
  }

  test('the counts equal the accepted votes; at most one per participant per question', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        const { r, accepted } = replay(events);
        for (const q of [A, B]) {
          const votes = accepted.get(q.id)!;
          expect(r.view(q.id).answered).toBe(votes.size);
          const expected = Array.from({ length: q.choiceCount }, () => 0);
          for (const c of votes.values()) expected[c]!++;
          for (const pid of pids) expect(r.choiceOf(pid, q.id)).toBe(votes.get(pid));
          if (r.statusOf(q.id) === 'revealed') expect(r.view(q.id).counts).toEqual(expected);
        }
      }),
      run,
    );
  });

  test('a reveal never changes a count', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        const r = new Room([A, B]);
        for (const e of events) {
          const before = [A, B].map((q) => r.view(q.id).answered);
          const snapshot = [A, B].map((q) => pids.map((p) => r.choiceOf(p, q.id)));
          r.apply(e);
          if (e.t === 'poll' && e.action === 'reveal') {
            expect([A, B].map((q) => r.view(q.id).answered)).toEqual(before);
            expect([A, B].map((q) => pids.map((p) => r.choiceOf(p, q.id)))).toEqual(snapshot);
          }
        }
      }),
      run,
    );
  });

  test('no view of a question that is not revealed carries counts, correct or explanation', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        const r = new Room([A, B]);
        for (const e of events) {
          r.apply(e);
          for (const pid of [undefined, ...pids]) {
            for (const v of r.views(pid)) {
              if (v.status === 'revealed') continue;
              expect(v).not.toHaveProperty('counts');
              expect(v).not.toHaveProperty('correct');
              expect(v).not.toHaveProperty('explanation');
              expect(v).not.toHaveProperty('right');
            }
          }
          for (const row of r.results().questions) {
            if (r.statusOf(row.qid) !== 'revealed') expect(row).toMatchObject({ right: 0, counts: [] });
          }
        }
      }),
      { ...run, numRuns: 100 },
    );
  });

  test('a score equals the number of revealed questions answered right', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        const r = new Room([A, B]);
        for (const e of events) r.apply(e);
        for (const pid of pids) {
          const revealed = [A, B].filter((q) => r.statusOf(q.id) === 'revealed');
          const answered = revealed.filter((q) => r.choiceOf(pid, q.id) !== undefined);
          const right = answered.filter((q) => r.choiceOf(pid, q.id) === q.correct);
          expect(r.score(pid)).toEqual({ right: right.length, answered: answered.length });
        }
      }),
      run,
    );
  });
});

describe("the server's quizzes", () => {
  test('are the quizzes the slides declare, in deck order', () => {
    const declared = slides.flatMap((s) => s.demo?.quizzes ?? []);
    expect(QUIZZES.map((q) => q.id)).toEqual(declared);
  });

  test('each has a valid right choice and its explanation in both languages, green-threads with its measured figure', () => {
    for (const q of QUIZZES) {
      expect(Number.isInteger(q.correct) && q.correct >= 0 && q.correct < q.choiceCount).toBe(true);
      expect(q.explanation.en.length).toBeGreaterThan(0);
      expect(q.explanation.ru.length).toBe(q.explanation.en.length);
      for (const p of [...q.explanation.en, ...q.explanation.ru]) expect(p.trim()).not.toBe('');
    }
    const green = QUIZZES.find((q) => q.id === 'green-threads-predict')!;
    expect(green.explanation.en[0]).toMatch(/^Measured here: \*\*4\*\* threads .* 10,001 goroutines \(go1\.19\.8\)/);
    expect(green.explanation.ru[0]).toMatch(/10\s001 горутинах/);
  });
});
