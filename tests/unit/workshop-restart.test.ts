/**
 * Nothing lost: the workshop server as a child process (`server/cli.ts`), SIGKILLed right after its
 * acknowledgements, then started again on the same data directory. Every acknowledged vote and every score is
 * there again, in the same room with the same secret; a last line cut short by the crash is ignored with a warning.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { QUIZZES } from '../../server/quizzes.ts';
import { childServers } from './workshop-child.ts';
import { get, pidOf, tempDir, type Msg } from './workshop-client.ts';

const { start, hello, kill9 } = childServers();

const [Q, Q2] = [QUIZZES[0]!, QUIZZES[1]!];
const N = 24;

test('SIGKILL right after the acks, start again: same room, every acked vote and every score', async () => {
  const dataDir = tempDir('restart');
  const first = await start(dataDir);
  const { c: presenter } = await hello(first, { role: 'presenter', secret: first.secret });
  const people = [];
  for (let i = 0; i < N; i++)
    people.push((await hello(first, { role: 'participant', pid: pidOf(i), nick: `p${i}` })).c);
  presenter.send({ type: 'poll', qid: Q.id, action: 'open' });
  presenter.send({ type: 'poll', qid: Q2.id, action: 'open' });
  const choice = (i: number, q: { choiceCount: number }) => (i * 7) % q.choiceCount;
  for (const [i, c] of people.entries()) {
    await c.type('poll', (m) => (m['poll'] as { qid: string; status: string }).qid === Q2.id);
    c.send({ type: 'vote', qid: Q.id, choice: choice(i, Q) });
    if (i % 2 === 0) c.send({ type: 'vote', qid: Q2.id, choice: choice(i, Q2) });
  }
  for (const [i, c] of people.entries()) {
    expect(await c.type('ack', (m) => m['qid'] === Q.id)).toMatchObject({ choice: choice(i, Q) });
    if (i % 2 === 0) await c.type('ack', (m) => m['qid'] === Q2.id);
  }
  presenter.send({ type: 'poll', qid: Q.id, action: 'reveal' });
  const scores = new Map<number, Msg>();
  for (const [i, c] of people.entries()) scores.set(i, await c.type('score'));
  const before = JSON.parse((await get(first.port, `/api/export.json?key=${first.secret}`)).body) as Record<
    string,
    unknown
  >;
  await kill9(first);

  // A crash in the middle of writing a line.
  appendFileSync(join(dataDir, 'room.jsonl'), '{"t":"vote","pid":"test-partic');

  const second = await start(dataDir);
  expect({ room: second.room, secret: second.secret }).toEqual({ room: first.room, secret: first.secret });
  expect(second.stderr()).toContain('cut short');
  const after = JSON.parse((await get(second.port, `/api/export.json?key=${second.secret}`)).body) as Record<
    string,
    unknown
  >;
  expect({ ...after, exportedAt: 0 }).toEqual({ ...before, exportedAt: 0 });
  for (let i = 0; i < N; i++) {
    const { welcome } = await hello(second, { role: 'participant', pid: pidOf(i) });
    expect(welcome['nick']).toBe(`p${i}`);
    const polls = welcome['polls'] as { qid: string; yours: number | null; status: string; right?: boolean }[];
    expect(polls.find((p) => p.qid === Q.id)).toMatchObject({
      status: 'revealed',
      yours: choice(i, Q),
      right: choice(i, Q) === Q.correct,
    });
    expect(polls.find((p) => p.qid === Q2.id)).toMatchObject({
      status: 'open',
      yours: i % 2 === 0 ? choice(i, Q2) : null,
    });
    const score = scores.get(i)!;
    expect(welcome['score']).toEqual({ right: score['right'], answered: score['answered'] });
  }
  // The log goes on cleanly after the cut line: one more vote, acked, is there after another kill.
  const { c: late } = await hello(second, { role: 'participant', pid: pidOf(1) });
  late.send({ type: 'vote', qid: Q2.id, choice: 3 });
  await late.type('ack');
  await kill9(second);
  const lines = readFileSync(join(dataDir, 'room.jsonl'), 'utf8').trimEnd().split('\n');
  for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  expect(lines.at(-1)).toContain(`"pid":"${pidOf(1)}","qid":"${Q2.id}","choice":3`);
}, 60_000);
