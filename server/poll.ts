/**
 * The workshop room as a deterministic state machine: no I/O, no clock (times come in the events), no randomness.
 * The server feeds it every event (and, on start, every event of the log, in order); what it accepts is logged.
 *
 *   participants   pid → nickname (and the order they joined in)
 *   the slide      where the presenter is
 *   per question   status and votes pid → choice
 *
 *              open               close             reveal
 *     idle ────────────▶ open ────────────▶ closed ──────────▶ revealed
 *       ▲                 │ ▲                 │                   │
 *       │                 │ └──── open ───────┘ (reopen)          │
 *       │                 └───────────── reveal ────────────────▶ │
 *       └──────────────────────── reset (votes cleared) ──────────┘   (reset from any status)
 *
 * A reveal is accepted from any status (also idle: the presenter may show the answer without a vote) and ends the
 * voting; a revealed question opens again only after a reset.
 * A vote is accepted only while its question is open, once per participant per question. Counts, the right choice
 * and the explanation appear in a view only once the question is revealed; a score is the number of revealed
 * questions the participant answered right, so it is recomputed from the votes, never stored. A quick poll (a host's
 * question with no right answer: `correct` null) is counted and revealed alike, and is no part of a score.
 *
 * This is the room's only set of rules: one process applies it to its log, and every process of a room shared
 * through Redis applies it to the room's stream (server/redis-room.ts), in the stream's order, so each decides every
 * event alike. A shared room's join and rename carry the limits they are admitted under (JoinLimits, NickLimits):
 * new ids per address, the room's cap and reserve, renames per participant, the room's bytes of renames, kept in
 * buckets (server/bucket.ts) whose clock is the events' `at`.
 */
import * as v from 'valibot';
import {
  Choice,
  Id,
  Nick,
  ParticipantId,
  PollCommand,
  SlidePosition,
  type RefusalReason,
  type PollStatus,
  type PollView,
  type Results,
  type ResultRow,
  type Welcome,
} from '../lib/workshop-protocol.ts';
import { JoinBuckets, RenameBuckets } from './bucket.ts';
import type { QuizDef } from './quizzes.ts';

/** A moment: ms since the epoch. */
export const At = v.pipe(v.number(), v.integer(), v.minValue(0));

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * The limits a shared room's join is admitted under (the asking process's: its cap, reserve and new ids per address
 * and minute; bucket.ts's JoinRule), and the address it counts against (absent: exempt, loopback). Every replica
 * applying the join decides it by these, alike.
 */
export const JoinLimits = v.strictObject({
  address: v.optional(v.pipe(v.string(), v.maxLength(64))),
  max: Count,
  reserve: Count,
  perMinute: Count,
});

/** The limits a shared room's rename is decided by: renames per participant and minute, the room's bytes a second. */
export const NickLimits = v.strictObject({ perMinute: Count, bytesPerSecond: Count });

/**
 * One event, as the server applies it, as the log stores it (one JSON line each, checked against this schema when it
 * is replayed) and as a shared room's stream carries it. The fields are the protocol's: a poll command's action is
 * PollCommand's picklist, a nickname is what the server sends.
 */
export const RoomEvent = v.variant('t', [
  v.strictObject({
    t: v.literal('join'),
    pid: ParticipantId,
    nick: v.optional(Nick),
    at: At,
    limits: v.optional(JoinLimits),
  }),
  v.strictObject({ t: v.literal('nick'), pid: ParticipantId, nick: Nick, at: At, limits: v.optional(NickLimits) }),
  v.strictObject({ t: v.literal('vote'), pid: ParticipantId, qid: Id, choice: Choice, at: At }),
  v.strictObject({ t: v.literal('poll'), qid: Id, action: PollCommand.entries.action, at: At }),
  v.strictObject({ t: v.literal('slide'), slide: SlidePosition, at: At }),
  v.strictObject({ t: v.literal('showTop'), show: v.boolean(), at: At }),
]);
export type RoomEvent = Readonly<v.InferOutput<typeof RoomEvent>>;

/** What the presenter does to a question: the protocol's poll command's `action`. */
export type PollAction = v.InferOutput<typeof PollCommand>['action'];

/** `changed: false`: accepted, but nothing to record or tell anyone (a second `open`, a join already known). */
export type Outcome =
  { readonly ok: true; readonly changed: boolean } | { readonly ok: false; readonly reason: RefusalReason };

/** A participant's score, as the welcome carries it: `right` of the revealed questions `answered`. */
export type Score = Readonly<NonNullable<v.InferOutput<typeof Welcome>['score']>>;

interface Question {
  readonly quiz: QuizDef;
  status: PollStatus;
  readonly votes: Map<string, number>;
  readonly counts: number[];
}

interface Participant {
  nick: string;
  readonly order: number;
}

/** How many nicknames the summary's top list shows. */
export const TOP_COUNT = 10;

const CHANGED: Outcome = { ok: true, changed: true };
const UNCHANGED: Outcome = { ok: true, changed: false };
const refuse = (reason: RefusalReason): Outcome => ({ ok: false, reason });

export class Room {
  private readonly questions = new Map<string, Question>();
  private readonly participants = new Map<string, Participant>();
  private currentSlide: SlidePosition | null = null;
  private top = false;
  /** The limits of joins and renames that carry theirs (a shared room's: every replica keeps the same buckets). */
  private readonly joins = new JoinBuckets();
  private readonly renames = new RenameBuckets();

  constructor(readonly quizzes: readonly QuizDef[]) {
    for (const quiz of quizzes) {
      this.questions.set(quiz.id, {
        quiz,
        status: 'idle',
        votes: new Map(),
        counts: Array.from({ length: quiz.choiceCount }, () => 0),
      });
    }
  }

  get slide(): SlidePosition | null {
    return this.currentSlide;
  }

  get showTop(): boolean {
    return this.top;
  }

  get participantCount(): number {
    return this.participants.size;
  }

  hasParticipant(pid: string): boolean {
    return this.participants.has(pid);
  }

  nickOf(pid: string): string | undefined {
    return this.participants.get(pid)?.nick;
  }

  hasQuestion(qid: string): boolean {
    return this.questions.has(qid);
  }

  statusOf(qid: string): PollStatus | undefined {
    return this.questions.get(qid)?.status;
  }

  /** The participants who voted on a question (whose score a reveal or a reset changes). */
  votersOf(qid: string): string[] {
    return [...(this.questions.get(qid)?.votes.keys() ?? [])];
  }

  choiceOf(pid: string, qid: string): number | undefined {
    return this.questions.get(qid)?.votes.get(pid);
  }

  /** Applies one event: accepted (and whether it changed anything) or refused with the protocol's reason. */
  apply(e: RoomEvent): Outcome {
    return this.run(e, false);
  }

  /**
   * What `apply` would answer, changing nothing: the server checks an event, logs it, and applies it only once it is
   * on disk (a vote that cannot be saved is never counted).
   */
  check(e: RoomEvent): Outcome {
    return this.run(e, true);
  }

  private run(e: RoomEvent, dry: boolean): Outcome {
    switch (e.t) {
      case 'join': {
        const p = this.participants.get(e.pid);
        if (e.limits) {
          // A shared room's join: a participant already in the room is known (another nickname is a rename).
          if (p) return UNCHANGED;
          const { address, ...rule } = e.limits;
          const verdict = this.joins.verdict(address ?? null, this.participants.size, e.at, rule, dry);
          if (verdict !== 'ok') return refuse(verdict);
        }
        if (!p) {
          if (!dry) this.participants.set(e.pid, { nick: e.nick ?? '', order: this.participants.size });
          return CHANGED;
        }
        if (e.nick === undefined || e.nick === p.nick) return UNCHANGED;
        if (!dry) p.nick = e.nick;
        return CHANGED;
      }
      case 'nick': {
        const p = this.participants.get(e.pid);
        if (!p) return refuse('hello-first');
        if (p.nick === e.nick) return UNCHANGED;
        if (e.limits) {
          // A shared room's rename: within the participant's rate and the room's bytes (its line, as one process
          // would log it).
          const line = new TextEncoder().encode(JSON.stringify({ ...e, limits: undefined })).length + 1;
          if (!this.renames.allow(e.pid, e.at, e.limits.perMinute, dry)) return refuse('rate-limited');
          if (!this.renames.spend(line, e.at, e.limits.bytesPerSecond, dry)) return refuse('rate-limited');
        }
        if (!dry) p.nick = e.nick;
        return CHANGED;
      }
      case 'vote': {
        if (!this.participants.has(e.pid)) return refuse('hello-first');
        const q = this.questions.get(e.qid);
        if (!q) return refuse('unknown-question');
        if (!Number.isInteger(e.choice) || e.choice < 0 || e.choice >= q.quiz.choiceCount) return refuse('bad-choice');
        if (q.votes.has(e.pid)) return refuse('already-voted');
        if (q.status !== 'open') return refuse('not-open');
        if (dry) return CHANGED;
        q.votes.set(e.pid, e.choice);
        q.counts[e.choice] = (q.counts[e.choice] ?? 0) + 1;
        return CHANGED;
      }
      case 'poll':
        return this.command(e.qid, e.action, dry);
      case 'slide': {
        const s = this.currentSlide;
        if (s && s.id === e.slide.id && s.index === e.slide.index && s.step === e.slide.step) return UNCHANGED;
        if (!dry) this.currentSlide = { id: e.slide.id, index: e.slide.index, step: e.slide.step };
        return CHANGED;
      }
      case 'showTop':
        if (this.top === e.show) return UNCHANGED;
        if (!dry) this.top = e.show;
        return CHANGED;
    }
  }

  private command(qid: string, action: PollAction, dry: boolean): Outcome {
    const q = this.questions.get(qid);
    if (!q) return refuse('unknown-question');
    const from = q.status;
    switch (action) {
      case 'open':
        // Opening again after a close is the reopen; a revealed question must be reset first.
        if (from === 'open') return UNCHANGED;
        if (from === 'revealed') return refuse('not-open');
        if (!dry) q.status = 'open';
        return CHANGED;
      case 'close':
        if (from === 'closed') return UNCHANGED;
        if (from !== 'open') return refuse('not-open');
        if (!dry) q.status = 'closed';
        return CHANGED;
      case 'reveal':
        if (from === 'revealed') return UNCHANGED;
        if (!dry) q.status = 'revealed';
        return CHANGED;
      case 'reset':
        if (from === 'idle' && q.votes.size === 0) return UNCHANGED;
        if (dry) return CHANGED;
        q.status = 'idle';
        q.votes.clear();
        q.counts.fill(0);
        return CHANGED;
    }
  }

  /**
   * One question as a client sees it: `counts`, `correct` and `explanation` only when revealed. With `pid`, the view
   * of that participant: `yours` (their choice or null) and, once revealed and if they answered, `right`.
   */
  view(qid: string, pid?: string): PollView {
    const q = this.questions.get(qid);
    if (!q) throw new Error(`unknown question ${qid}`);
    const view: PollView = { qid, status: q.status, choiceCount: q.quiz.choiceCount, answered: q.votes.size };
    if (q.status === 'revealed') {
      view.counts = [...q.counts];
      if (q.quiz.correct !== null) view.correct = q.quiz.correct;
      view.explanation = { ru: [...q.quiz.explanation.ru], en: [...q.quiz.explanation.en] };
    }
    if (pid !== undefined) {
      const yours = q.votes.get(pid);
      view.yours = yours ?? null;
      if (q.status === 'revealed' && yours !== undefined && q.quiz.correct !== null)
        view.right = yours === q.quiz.correct;
    }
    return view;
  }

  /** Every question's view, in deck order. */
  views(pid?: string): PollView[] {
    return this.quizzes.map((quiz) => this.view(quiz.id, pid));
  }

  score(pid: string): Score {
    let right = 0;
    let answered = 0;
    for (const q of this.questions.values()) {
      // A quick poll (no right answer) is no part of a score.
      if (q.status !== 'revealed' || q.quiz.correct === null) continue;
      const choice = q.votes.get(pid);
      if (choice === undefined) continue;
      answered++;
      if (choice === q.quiz.correct) right++;
    }
    return { right, answered };
  }

  /**
   * The room's results, for the presenter's page and the summary slide: per question how many answered and, once
   * revealed, how many were right and the histogram (before the reveal `right` is 0 and `counts` empty); the top
   * nicknames when the presenter turned them on (participants without a nickname are not listed).
   */
  results(): Results {
    const questions: ResultRow[] = this.quizzes.map((quiz) => {
      const q = this.questions.get(quiz.id)!;
      const revealed = q.status === 'revealed';
      return {
        qid: quiz.id,
        answered: q.votes.size,
        right: revealed && quiz.correct !== null ? (q.counts[quiz.correct] ?? 0) : 0,
        counts: revealed ? [...q.counts] : [],
      };
    });
    const out: Results = { type: 'results', participants: this.participants.size, questions };
    if (this.top) {
      out.top = [...this.participants.entries()]
        .filter(([, p]) => p.nick !== '')
        .map(([pid, p]) => ({ nick: p.nick, right: this.score(pid).right, order: p.order }))
        .sort((a, b) => b.right - a.right || a.order - b.order)
        .slice(0, TOP_COUNT)
        .map(({ nick, right }) => ({ nick, right }));
    }
    return out;
  }

  /**
   * The export: one row per participant × question, in the order they joined and in deck order. `choice` and `right`
   * are null where the participant did not answer. For the presenter only: it names the right answers.
   */
  exportRows(): { nick: string; pid: string; qid: string; choice: number | null; right: boolean | null }[] {
    const rows = [];
    const people = [...this.participants.entries()].sort((a, b) => a[1].order - b[1].order);
    for (const [pid, p] of people) {
      for (const quiz of this.quizzes) {
        const choice = this.questions.get(quiz.id)!.votes.get(pid);
        rows.push({
          nick: p.nick,
          pid,
          qid: quiz.id,
          choice: choice ?? null,
          right: choice === undefined || quiz.correct === null ? null : choice === quiz.correct,
        });
      }
    }
    return rows;
  }

  /**
   * The results as CSV (RFC 4180: CRLF line ends, quotes doubled). `choice` is numbered from 1, as the slide numbers
   * the choices. Every text cell (nick, pid, qid) is quoted and neutralised against formulas (csvField); the numbers
   * and booleans are the server's own and stay bare.
   */
  toCsv(): string {
    const lines = ['nick,pid,qid,choice,right'];
    for (const r of this.exportRows()) {
      lines.push(
        [
          csvField(r.nick),
          csvField(r.pid),
          csvField(r.qid),
          r.choice === null ? '' : String(r.choice + 1),
          r.right === null ? '' : String(r.right),
        ].join(','),
      );
    }
    return lines.join('\r\n') + '\r\n';
  }

  /** The results as JSON: the questions (with the right answer) and every participant's answers (0-based choices). */
  toJson(room: string, exportedAt: number): string {
    const people = [...this.participants.entries()].sort((a, b) => a[1].order - b[1].order);
    return JSON.stringify(
      {
        room,
        exportedAt: new Date(exportedAt).toISOString(),
        questions: this.quizzes.map((quiz) => {
          const q = this.questions.get(quiz.id)!;
          return {
            qid: quiz.id,
            status: q.status,
            choiceCount: quiz.choiceCount,
            correct: quiz.correct,
            answered: q.votes.size,
            right: quiz.correct === null ? null : (q.counts[quiz.correct] ?? 0),
            counts: [...q.counts],
          };
        }),
        participants: people.map(([pid, p]) => ({
          pid,
          nick: p.nick,
          score: this.score(pid),
          answers: Object.fromEntries(
            this.quizzes.flatMap((quiz) => {
              const c = this.questions.get(quiz.id)!.votes.get(pid);
              return c === undefined ? [] : [[quiz.id, c]];
            }),
          ),
        })),
      },
      null,
      2,
    );
  }
}

/**
 * A text cell starts a formula when it starts with one of = + - @ tab CR; and a spreadsheet that splits the line on
 * another separator than the file's (Excel and LibreOffice in ru, de, fr locales split on `;`), or a quote that ends
 * the cell early, can start a new cell in the middle of the text: `;=1+1;` is a formula where `;` separates.
 */
const FORMULA = /(^|[,;"'])[=+\-@\t\r]/;

/**
 * One CSV text cell, as OWASP's CSV injection guidance says: always quoted (quotes doubled), and with a leading `'`
 * when it starts a formula or holds a separator (`,` or `;`) or a quote followed by a formula's first character, so
 * that a spreadsheet shows it as text whichever separator it reads the file with.
 */
export function csvField(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
