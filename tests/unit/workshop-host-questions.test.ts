/**
 * The host's own questions (`npm run workshop -- --questions <file>`, server/host-questions.ts), for real: the
 * workshop command as a child process on loopback with a file of three questions (two quizzes, one quick poll), `ws`
 * phones that vote, a reveal, the export, a `kill -9` and a start again; the same over a real redis-server with two
 * processes. A malformed file is refused at start, naming its line.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_WORDS, QuestionsFileError, parseQuestions } from '../../server/host-questions.ts';
import { QUIZZES } from '../../server/quizzes.ts';
import { RealRedis, redisMissing } from '../../scripts/loopback-services.ts';
import { childServers, type ChildServer } from './workshop-child.ts';
import { get, pidOf, tempDir, type Msg } from './workshop-client.ts';

const { start, run, hello, kill9, cliArgs } = childServers();

/** The host's questions file both this and tests/e2e/workshop.spec.ts read: two quizzes and a quick poll. */
const GOOD = readFileSync(new URL('../fixtures/host-questions.yaml', import.meta.url), 'utf8');
/** The words of host-epoll's explanation that nothing sends before its reveal. */
const SECRET_WORDS = 'ready list';
const EPOLL_EXPLANATION = "Only the ready ones, from the kernel's ready list.";
const IDS = ['host-epoll', 'host-pace', 'host-threads'];
/** Each phone's choice on each question (0-based). */
const CHOICES: Record<string, number[]> = {
  'host-epoll': [1, 1, 0],
  'host-pace': [2, 1, 1],
  'host-threads': [0, 1, 0],
};

function questionsFile(text = GOOD): string {
  const path = join(tempDir('questions'), 'questions.yaml');
  writeFileSync(path, text);
  return path;
}

type Poll = { qid: string; status: string; counts?: number[]; correct?: number; right?: boolean; explanation?: object };
const pollOf = (m: Msg) => m['poll'] as Poll;

/**
 * Three phones and the presenter: the welcome names the three questions without their answers; each is opened,
 * voted on from every phone, revealed. Returns the export (JSON, CSV) the room gives then.
 */
async function runRoom(servers: readonly ChildServer[]): Promise<{ json: string; csv: string }> {
  const s0 = servers[0]!;
  const { c: presenter, welcome: pw } = await hello(s0, { role: 'presenter', secret: s0.secret });
  expect((pw['questions'] as { qid: string }[]).map((q) => q.qid)).toEqual(IDS);
  const phones = [];
  for (let i = 0; i < 3; i++) {
    const s = servers[i % servers.length]!;
    const { c, welcome } = await hello(s, { role: 'participant', pid: pidOf(i), nick: `p${i}` });
    // The words, never the answer: not in the welcome's raw text, nor a `correct` before the reveal.
    expect(welcome['questions']).toEqual([
      {
        qid: 'host-epoll',
        question: { ru: 'What does epoll_wait return?', en: 'What does epoll_wait return?' },
        choices: {
          ru: ['Every socket', 'The ready ones', 'Nothing until a timeout'],
          en: ['Every socket', 'The ready ones', 'Nothing until a timeout'],
        },
        poll: false,
      },
      {
        qid: 'host-pace',
        question: { ru: 'Темп доклада?', en: "The talk's <b>pace</b>?" },
        choices: { ru: ['Slow', 'Fine', 'Fast'], en: ['Slow', 'Fine', 'Fast'] },
        poll: true,
      },
      expect.objectContaining({ qid: 'host-threads', poll: false }),
    ]);
    expect(c.raw[0]).not.toContain(SECRET_WORDS);
    expect(c.raw[0]).not.toContain('correct');
    phones.push(c);
  }
  for (const qid of IDS) presenter.send({ type: 'poll', qid, action: 'open' });
  for (const c of phones) await c.type('poll', (m) => pollOf(m).qid === IDS[2] && pollOf(m).status === 'open');
  for (const [i, c] of phones.entries()) for (const qid of IDS) c.send({ type: 'vote', qid, choice: CHOICES[qid]![i] });
  for (const c of phones) for (const qid of IDS) await c.type('ack', (m) => m['qid'] === qid);
  // Blind until revealed: a second look at the room shows how many answered, not what.
  const { c: late, welcome: lw } = await hello(s0, { role: 'participant', pid: pidOf(0) });
  for (const p of lw['polls'] as (Poll & { answered: number })[]) {
    if (!IDS.includes(p.qid)) continue;
    expect(p).toMatchObject({ status: 'open', answered: 3 });
    expect(p.counts ?? p.correct ?? p.explanation).toBeUndefined();
  }
  expect(late.raw.join('')).not.toContain(SECRET_WORDS);

  for (const qid of IDS) presenter.send({ type: 'poll', qid, action: 'reveal' });
  for (const [i, c] of phones.entries()) {
    const epoll = pollOf(
      await c.type('poll', (m) => pollOf(m).qid === 'host-epoll' && pollOf(m).status === 'revealed'),
    );
    expect(epoll).toMatchObject({ counts: [1, 2, 0], correct: 1, right: CHOICES['host-epoll']![i] === 1 });
    expect(epoll.explanation).toEqual({
      ru: [EPOLL_EXPLANATION],
      en: [EPOLL_EXPLANATION],
    });
    // A quick poll: its counts, no right answer, no `right`.
    const pace = pollOf(await c.type('poll', (m) => pollOf(m).qid === 'host-pace' && pollOf(m).status === 'revealed'));
    expect(pace.counts).toEqual([0, 2, 1]);
    expect(pace.correct ?? pace.right).toBeUndefined();
    const threads = pollOf(await c.type('poll', (m) => pollOf(m).qid === 'host-threads'));
    expect(threads).toMatchObject({ status: 'revealed', counts: [2, 1], correct: 0 });
  }
  // The scores count the two quizzes, not the poll: phone 0 right on both, phone 1 on host-epoll only.
  const { welcome: w0 } = await hello(servers.at(-1)!, { role: 'participant', pid: pidOf(0) });
  expect(w0['score']).toEqual({ right: 2, answered: 2 });
  const { welcome: w1 } = await hello(s0, { role: 'participant', pid: pidOf(1) });
  expect(w1['score']).toEqual({ right: 1, answered: 2 });

  return exports(s0);
}

async function exports(s: ChildServer): Promise<{ json: string; csv: string }> {
  const json = await get(s.port, '/api/export.json', { Authorization: `Bearer ${s.secret}` });
  const csv = await get(s.port, '/api/export.csv', { Authorization: `Bearer ${s.secret}` });
  expect([json.status, csv.status]).toEqual([200, 200]);
  return { json: json.body, csv: csv.body };
}

function checkExport(e: { json: string; csv: string }): void {
  const data = JSON.parse(e.json) as { questions: Record<string, unknown>[]; participants: { nick: string }[] };
  const host = data.questions.filter((q) => IDS.includes(q['qid'] as string));
  expect(host).toEqual([
    { qid: 'host-epoll', status: 'revealed', choiceCount: 3, correct: 1, answered: 3, right: 2, counts: [1, 2, 0] },
    {
      qid: 'host-pace',
      status: 'revealed',
      choiceCount: 3,
      correct: null,
      answered: 3,
      right: null,
      counts: [0, 2, 1],
    },
    { qid: 'host-threads', status: 'revealed', choiceCount: 2, correct: 0, answered: 3, right: 2, counts: [2, 1] },
  ]);
  const rows = e.csv.trimEnd().split('\r\n');
  expect(rows).toContain('"p0","test-participant-000000","host-epoll",2,true');
  expect(rows).toContain('"p2","test-participant-000002","host-pace",2,');
  expect(rows).toContain('"p1","test-participant-000001","host-threads",2,false');
  // Every participant × every question, the deck's and the host's.
  expect(rows.length).toBe(1 + 3 * (QUIZZES.length + IDS.length));
}

const stripTime = (json: string) => ({ ...(JSON.parse(json) as object), exportedAt: 0 });

test('a malformed questions file: the workshop refuses to start, naming the line', async () => {
  const bad = questionsFile(`- id: host-a
  question: Which?
  choices: [One, Two]
  answer: 3
  explanation: x
- id: host-b
  question: Which?
  choices: [One, Two]
  colour: red
`);
  const r = await run(cliArgs(tempDir('bad'), ['--questions', bad]));
  expect(r.code).toBe(2);
  expect(r.err).toContain(`${bad}:4: question 1's answer must be a choice's number, 1 to 2`);
  expect(r.err).toContain(`${bad}:9: question 2's colour is not a field of a question`);
  expect(r.out).not.toContain('ready');

  const notYaml = questionsFile('- id: host-a\n  question: [Which?\n  choices: [One, Two]\n');
  const r2 = await run(cliArgs(tempDir('bad'), ['--questions', notYaml]));
  expect(r2.code).toBe(2);
  expect(r2.err).toMatch(new RegExp(`${notYaml}:\\d: not YAML`));
}, 120_000);

test('what a questions file may not be, each with its line', () => {
  const problems = (text: string) => {
    try {
      parseQuestions(text, 'q.yaml', ['quiz-busy-wait']);
    } catch (e) {
      if (e instanceof QuestionsFileError) return e.problems.map((p) => `${p.line}: ${p.message}`);
      throw e;
    }
    return [];
  };
  expect(problems(GOOD)).toEqual([]);
  expect(problems('id: x')).toEqual([
    '1: the file must be a list of questions (each line of the list starts with "- ")',
  ]);
  expect(
    problems('- id: quiz-busy-wait\n  question: q\n  choices: [a, b]\n- id: x\n  question: q\n  choices: [a]\n'),
  ).toEqual(["6: question 2's choices must list at least 2 choices"]);
  expect(
    problems('- id: quiz-busy-wait\n  question: q\n  choices: [a, b]\n- id: x\n  question: q\n  choices: [a, b]\n'),
  ).toEqual(["1: the id quiz-busy-wait is a quiz of the deck's: choose another"]);
  expect(problems('- id: x\n  question: q\n  choices: [a, b]\n- id: x\n  question: q\n  choices: [a, b]\n')).toEqual([
    '4: the id x is used twice',
  ]);
  expect(problems('- id: Bad_Id\n  question: ""\n  choices: [a, b]\n')).toEqual([
    "1: question 1's id must be 1-48 of a-z 0-9 - (from a-z 0-9)",
    "2: question 1's question is empty",
  ]);
  expect(problems('- id: x\n  choices: [a, b]\n')).toEqual(["1: question 1's question is missing"]);
  expect(problems('- id: x\n  question: q\n  choices: [a, b]\n  answer: 1\n')).toEqual([
    '1: question 1 has an answer but no explanation (a quiz explains its answer)',
  ]);
  // Twenty questions of the longest words: more than one message to a phone may carry.
  const long = (n: number) => 'w'.repeat(n);
  const big = Array.from(
    { length: 20 },
    (_, i) =>
      `- id: q${i}\n  question: ${long(300)}\n  choices: [${Array.from({ length: 9 }, () => long(120)).join(', ')}]\n`,
  ).join('');
  expect(problems(big)).toEqual([
    expect.stringMatching(new RegExp(`^1: the questions' words come to \\d+ characters: at most ${MAX_WORDS} in all$`)),
  ]);
  expect(problems(big.split('- id: q5')[0]!)).toEqual([]);
  expect(problems('- id: x\n  question: q\n  choices: [a, b]\n  explanation: why\n')).toEqual([
    "4: question 1's explanation has an explanation but no answer (a quick poll has neither)",
  ]);
});

test('three questions through one process: opened, voted on, revealed, exported; kill -9 and the same room again', async () => {
  const file = questionsFile();
  const dataDir = tempDir('host-room');
  const first = await start(dataDir, {}, ['--questions', file]);
  const before = await runRoom([first]);
  checkExport(before);
  await kill9(first);

  const second = await start(dataDir, {}, ['--questions', file]);
  expect({ room: second.room, secret: second.secret }).toEqual({ room: first.room, secret: first.secret });
  const after = await exports(second);
  expect(stripTime(after.json)).toEqual(stripTime(before.json));
  expect(after.csv).toBe(before.csv);
  const { welcome } = await hello(second, { role: 'participant', pid: pidOf(2) });
  expect((welcome['polls'] as Poll[]).find((p) => p.qid === 'host-pace')).toMatchObject({
    status: 'revealed',
    yours: 1,
  });
  await kill9(second);

  // The file forgotten on a restart: refused, naming the questions, rather than their votes dropped.
  const r = await run(cliArgs(dataDir));
  expect(r.code).toBe(1);
  expect(r.err).toContain('host-epoll, host-pace, host-threads');
  expect(r.err).toContain('--questions');
}, 180_000);

describe.skipIf(redisMissing !== null)('over Redis', () => {
  let redis: RealRedis;
  beforeAll(async () => {
    redis = await RealRedis.start();
  }, 20_000);
  afterAll(async () => {
    await redis?.stop();
  });

  test('three questions through two processes sharing a room: the same counts and export; both killed and started again', async () => {
    const file = questionsFile();
    const opts = (fresh: boolean) => [
      '--questions',
      file,
      '--redis',
      redis.url,
      '--redis-prefix',
      `hsw-hq-${process.pid}`,
      ...(fresh ? ['--new'] : []),
    ];
    const a = await start(tempDir('hq-a'), {}, opts(true));
    const b = await start(tempDir('hq-b'), {}, opts(false));
    expect(b.room).toBe(a.room);
    const before = await runRoom([a, b]);
    checkExport(before);
    expect(stripTime((await exports(b)).json)).toEqual(stripTime(before.json));
    await kill9(a);
    await kill9(b);

    const c = await start(tempDir('hq-c'), {}, opts(false));
    expect(c.room).toBe(a.room);
    const after = await exports(c);
    expect(stripTime(after.json)).toEqual(stripTime(before.json));
    expect(after.csv).toBe(before.csv);
  }, 180_000);
});

if (redisMissing) console.warn(`workshop-host-questions: ${redisMissing}`);
