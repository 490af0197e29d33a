/**
 * The host's own questions (`npm run workshop -- --questions my.yaml`): a YAML file of single-choice questions, each
 * with its right answer and an explanation, and quick polls without a right answer. Read once at start; a file that
 * is not right is refused, each mistake named with its line. The questions join the deck's own (server/quizzes.ts)
 * in the room, after them, and run through the same code: blind until revealed, counted, exported, logged, shared
 * through Redis alike.
 *
 *   - id: my-first                 # a-z 0-9 -, unique, not a quiz of the deck's
 *     question: What does epoll_wait return?
 *     choices: [Every socket, The ready ones, Nothing until a timeout]
 *     answer: 2                    # the right choice, numbered from 1 as the phones number them
 *     explanation: Only the ready ones: the kernel keeps the ready list.
 *   - id: pace                     # no `answer`: a quick poll (no right answer, no score, no explanation)
 *     question: { ru: Темп доклада?, en: The talk's pace? }
 *     choices: [Slow, Fine, Fast]
 *
 * A text is one string (the same in both languages) or `{ ru: …, en: … }`; an explanation one text or a list of
 * paragraphs. The words are text wherever they are shown (never HTML); the answer and the explanation stay on the
 * server until the question is revealed.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { LineCounter, parseDocument, isNode } from 'yaml';
import type { Bilingual } from '../lib/i18n.ts';
import { Id } from '../lib/workshop-protocol.ts';
import type { QuizDef } from './quizzes.ts';

/** At most this many questions in a file (each is one more row on every phone's welcome). */
export const MAX_QUESTIONS = 20;
/** A question's words, a choice's, one paragraph of an explanation: at most this many characters. */
const MAX_QUESTION = 300;
const MAX_CHOICE = 120;
const MAX_PARAGRAPH = 600;
const MAX_PARAGRAPHS = 4;
/** Every question's words and explanations together, in characters of JSON (each phone gets them in one message). */
export const MAX_WORDS = 24_000;

const text = (max: number) =>
  v.union(
    [
      v.pipe(v.string(), v.trim(), v.minLength(1, 'is empty'), v.maxLength(max, `is longer than ${max} characters`)),
      v.strictObject({
        ru: v.pipe(v.string(), v.trim(), v.minLength(1, 'is empty'), v.maxLength(max, `is longer than ${max}`)),
        en: v.pipe(v.string(), v.trim(), v.minLength(1, 'is empty'), v.maxLength(max, `is longer than ${max}`)),
      }),
    ],
    `must be a text, or { ru: …, en: … } (each at most ${max} characters)`,
  );

const Entry = v.pipe(
  v.strictObject(
    {
      // At most 48: its slide in a plan is `question-<id>`, a slide id of at most 64 (lib/workshop-protocol.ts).
      id: v.pipe(
        v.string('must be a text'),
        v.check((s) => v.is(Id, s) && s.length <= 48, 'must be 1-48 of a-z 0-9 - (from a-z 0-9)'),
      ),
      question: text(MAX_QUESTION),
      choices: v.pipe(
        v.array(text(MAX_CHOICE), 'must be a list of 2 to 9 choices'),
        v.minLength(2, 'must list at least 2 choices'),
        v.maxLength(9, 'must list at most 9 choices'),
      ),
      answer: v.optional(v.pipe(v.number('must be a number'), v.integer('must be a whole number'))),
      explanation: v.optional(
        v.union(
          [text(MAX_PARAGRAPH), v.pipe(v.array(text(MAX_PARAGRAPH)), v.minLength(1), v.maxLength(MAX_PARAGRAPHS))],
          `must be a text or a list of 1 to ${MAX_PARAGRAPHS} paragraphs`,
        ),
      ),
    },
    (issue) =>
      issue.expected === 'never'
        ? 'is not a field of a question (id, question, choices, answer, explanation)'
        : issue.expected?.startsWith('"')
          ? 'is missing'
          : 'must be a question: id, question, choices (and answer, explanation for a quiz)',
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const q = dataset.value;
    if (q.answer !== undefined && (q.answer < 1 || q.answer > q.choices.length))
      addIssue({ message: `must be a choice's number, 1 to ${q.choices.length}`, path: pathTo(q, 'answer') });
    if (q.answer !== undefined && q.explanation === undefined)
      addIssue({ message: 'has an answer but no explanation (a quiz explains its answer)' });
    if (q.answer === undefined && q.explanation !== undefined)
      addIssue({
        message: 'has an explanation but no answer (a quick poll has neither)',
        path: pathTo(q, 'explanation'),
      });
  }),
);

/** A valibot issue path to one key of an object (for rawCheck's issues, which otherwise point at the object). */
function pathTo(input: Record<string, unknown>, key: string): [v.ObjectPathItem] {
  return [{ type: 'object', origin: 'value', input, key, value: input[key] }];
}

const File = v.pipe(
  v.array(Entry, 'must be a list of questions (each line of the list starts with "- ")'),
  v.minLength(1, 'lists no question'),
  v.maxLength(MAX_QUESTIONS, `lists more than ${MAX_QUESTIONS} questions`),
);

type Text = string | { ru: string; en: string };

const both = (t: Text): Bilingual<string> => (typeof t === 'string' ? { ru: t, en: t } : { ru: t.ru, en: t.en });

/** A questions file that is not right: every mistake, each `<file>:<line>: <what>`. */
export class QuestionsFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly { line: number; message: string }[],
  ) {
    super(
      `${file}: the questions file is refused:\n` +
        problems.map((p) => `  ${file}:${p.line}: ${p.message}`).join('\n') +
        '\n(the format: README, "The host\'s own questions")',
    );
  }
}

/**
 * Pure: the questions of a file's text, as the room runs them; `taken`: the ids the room already has (the deck's
 * quizzes). Throws QuestionsFileError naming each mistake's line.
 */
export function parseQuestions(source: string, file: string, taken: readonly string[]): QuizDef[] {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const lineOf = (offset: number) => lines.linePos(offset).line;
  if (doc.errors.length > 0)
    throw new QuestionsFileError(
      file,
      doc.errors.map((e) => ({ line: lineOf(e.pos[0]), message: `not YAML: ${e.message.split('\n')[0]}` })),
    );
  const data: unknown = doc.toJS({ maxAliasCount: 0 });
  const r = v.safeParse(File, data, { abortPipeEarly: false });
  if (!r.success) {
    const problems = r.issues.map((issue) => {
      const path = (issue.path ?? []).map((p) => p.key as string | number);
      // The deepest node of the path the document has: the issue's line.
      let line = 1;
      for (let n = path.length; n >= 0; n--) {
        const node = doc.getIn(path.slice(0, n), true);
        if (isNode(node) && node.range) {
          line = lineOf(node.range[0]);
          break;
        }
      }
      return { line, message: `${describe(path)} ${issue.message}` };
    });
    throw new QuestionsFileError(file, dedupe(problems));
  }
  const problems: { line: number; message: string }[] = [];
  const seen = new Set<string>();
  r.output.forEach((q, i) => {
    const at = doc.getIn([i, 'id'], true);
    const line = isNode(at) && at.range ? lineOf(at.range[0]) : 1;
    if (taken.includes(q.id))
      problems.push({ line, message: `the id ${q.id} is a quiz of the deck's: choose another` });
    else if (seen.has(q.id)) problems.push({ line, message: `the id ${q.id} is used twice` });
    seen.add(q.id);
  });
  if (problems.length > 0) throw new QuestionsFileError(file, problems);
  const defs = r.output.map((q): QuizDef => {
    const paragraphs =
      q.explanation === undefined ? [] : Array.isArray(q.explanation) ? q.explanation : [q.explanation];
    const choices = q.choices.map(both);
    return {
      id: q.id,
      choiceCount: q.choices.length,
      correct: q.answer === undefined ? null : q.answer - 1,
      explanation: { ru: paragraphs.map((p) => both(p).ru), en: paragraphs.map((p) => both(p).en) },
      text: {
        question: both(q.question),
        choices: { ru: choices.map((c) => c.ru), en: choices.map((c) => c.en) },
      },
    };
  });
  // A phone's welcome carries every question's words and every revealed explanation in one message, which a page
  // reads only up to 64 KB (lib/workshop-protocol.ts, parseServerMessage): the file's share is bounded well below.
  const size = JSON.stringify(defs.map((d) => [d.text, d.explanation])).length;
  if (size > MAX_WORDS)
    throw new QuestionsFileError(file, [
      { line: 1, message: `the questions' words come to ${size} characters: at most ${MAX_WORDS} in all` },
    ]);
  return defs;
}

/** `question 2's choices[3]`, as a person counts (from 1). */
function describe(path: readonly (string | number)[]): string {
  if (path.length === 0) return 'the file';
  const [i, ...rest] = path;
  let out = `question ${Number(i) + 1}`;
  for (const p of rest) out += typeof p === 'number' ? ` ${p + 1}` : `'s ${p}`;
  return out;
}

function dedupe<T extends { line: number; message: string }>(list: readonly T[]): T[] {
  const seen = new Set<string>();
  return list.filter((p) => {
    const k = `${p.line} ${p.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Reads and checks a questions file (QuestionsFileError, or the file system's error, when it cannot). */
export function readQuestions(path: string, taken: readonly string[]): QuizDef[] {
  return parseQuestions(readFileSync(path, 'utf8'), path, taken);
}
