import { html, nothing } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import '../ui/details.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { observeText } from './observe-text.ts';
import { styles } from './observe-styles.ts';
import * as model from './observe-model.ts';
import {
  ROUNDS,
  answer,
  ctxtGrowth,
  nextRound,
  restartGame,
  score,
  setCommand,
  setMode,
  setProcess,
  shotOf,
  tellingLine,
  headerLine,
  outputLines,
  presentedLines,
  splitComment,
  type Mode,
  type ObserveState,
} from './observe-model.ts';
import { RECORDED, RECORDINGS } from './observe-recordings.ts';
import { COMMANDS, PROCESS_STATES, type CommandId, type ProcessState } from './observe-types.ts';

const JCMD = 'jcmd $PID Thread.dump_to_file -format=json t.json';

/** The colour of a state's verdict: healthy waiting, a stuck wait, threads fighting for a lock or for cores. */
const VERDICT_TONE: Record<ProcessState, 'good' | 'bad' | 'warn'> = {
  idle: 'good',
  blocked: 'bad',
  contended: 'warn',
  cpu: 'warn',
};

/** Pick what a process is doing and a command, and read what the command really printed; or diagnose. */
export class ObserveDemo extends DemoElement<ObserveState> {
  static override styles = styles;

  constructor() {
    super(model);
  }

  override render() {
    const t = observeText[this.lang];
    const s = this.state;
    const recorded = html`<span class="recorded">${t.recorded(RECORDED.date, RECORDED.machine, RECORDED.kernel)}</span>`;
    return html`
      <section aria-label=${t.demoLabel}>
        <div class="modes" role="group" aria-label=${t.modeLabel}>
          ${(['explore', 'game'] as const).map(
            (m: Mode) =>
              html`<button aria-pressed=${s.mode === m ? 'true' : 'false'} @click=${() => this.setState(setMode(this.state, m))}>
                ${t.modes[m]}
              </button>`,
          )}
          ${this.detailsOpen ? recorded : nothing}
        </div>
        ${s.mode === 'explore' ? this.explore() : this.game()}
      </section>
    `;
  }

  private radios<K extends string>(
    name: string,
    legend: string,
    keys: readonly K[],
    labels: Record<K, string>,
    current: K,
    pick: (k: K) => void,
  ) {
    return html`<fieldset class="choices ${name}">
      <legend>${legend}</legend>
      ${keys.map(
        (k) => html`<label class="pill"
          ><input type="radio" name=${name} value=${String(k)} .checked=${k === current} @change=${() => pick(k)} /><span>${labels[k]}</span></label
        >`,
      )}
    </fieldset>`;
  }

  private explore() {
    const t = observeText[this.lang];
    const s = this.state;
    const n = (v: number) => formatNumber(v, this.lang);
    const rec = RECORDINGS[s.process];
    const growth = ctxtGrowth(rec);
    const open = this.detailsOpen;
    const radios = html`${this.radios<ProcessState>(
      'process',
      t.processLabel,
      PROCESS_STATES,
      t.processes,
      s.process,
      (k) => this.setState(setProcess(this.state, k)),
    )}
    ${this.radios<CommandId>('command', t.commandLabel, COMMANDS, t.commands, s.command, (k) =>
      this.setState(setCommand(this.state, k)),
    )}`;
    const about = html`<p class="program">${t.program(this.commented(rec.program))}</p>
      <p class="hint">${t.hints[s.command]}</p>`;
    const growthLine =
      s.command === 'ctxt'
        ? html`<p class="growth" data-figure="growth">${t.growth(n(growth.voluntary), n(growth.nonvoluntary))}</p>`
        : nothing;
    const meaning = html`<p class="callout meaning" role="status" data-figure="meaning">${t.meaning[s.process]}</p>`;
    if (open)
      return html`<div class="layout">
        <div class="side">${radios}</div>
        <div class="out">${about} ${this.terminal(s.process, s.command, true)} ${growthLine} ${meaning}</div>
      </div>`;
    // Presented: the command's telling lines, large, in a terminal as tall as the tallest step's, and what they say in
    // one line; what to pick, the whole output and the long reading, one click away.
    return html`<div class="out presented">
      ${this.terminal(s.process, s.command, true, true)}
      <p class="callout verdict ${VERDICT_TONE[s.process]}" data-figure="verdict-line">${t.verdict[s.process]}</p>
      <hsw-details lang=${this.lang} .open=${open} label=${t.presentedMore}
        >${radios} ${about} <span class="recorded">${t.recorded(RECORDED.date, RECORDED.machine, RECORDED.kernel)}</span>
        ${this.terminal(s.process, s.command, true)} ${growthLine} ${meaning}</hsw-details
      >
    </div>`;
  }

  /** A command's output; `telling`: only the command and the lines that tell the cause (presenting). */
  private terminal(state: ProcessState, command: CommandId, mark: boolean, telling = false) {
    const t = observeText[this.lang];
    const n = (v: number) => formatNumber(v, this.lang);
    if (command === 'jcmd')
      return html`<pre class="term" tabindex="0" aria-label=${t.terminalLabel(t.commands.jcmd)}><span class="cmd">$ ${JCMD}</span></pre>
        <p class="callout warn" data-figure="jcmd">${t.jcmdNote}</p>`;
    const shot = shotOf(state, command);
    if (shot === null)
      return html`<pre class="term" tabindex="0" aria-label=${t.terminalLabel(t.commands.schedtrace)}><span class="cmd">$ GODEBUG=schedtrace=1000 ./server</span></pre>
        <p class="callout muted" data-figure="no-schedtrace">${t.noSchedtrace}</p>`;
    const all = outputLines(shot.output);
    // presented: the first telling lines, under the header that names their columns
    const lines = telling ? presentedLines(state, all) : all;
    return html`<pre class="term" tabindex="0" aria-label=${t.terminalLabel(t.commands[command])} data-figure="output"><span class="cmd">$ ${this.commented(shot.command)}</span>
${lines.map(
  (l) =>
    html`<span class=${mark && tellingLine(state, l) ? 'line telling' : headerLine(l) ? 'line header' : 'line'}>${l}</span>
`,
)}${shot.trimmed > 0 && !telling ? html`<span class="trim">${t.trimmed(n(shot.trimmed))}</span>` : nothing}${all.length <= 1 ? html`<span class="trim">${t.nothingPrinted}</span>` : nothing}</pre>`;
  }

  /** A recorded command or program with its comment (`# …`) in the slide's language. */
  private commented(command: string): string {
    const { command: cmd, comment } = splitComment(command);
    if (comment === null) return cmd;
    return `${cmd}   # ${observeText[this.lang].comments[comment] ?? comment}`;
  }

  private game() {
    const t = observeText[this.lang];
    const s = this.state;
    const n = (v: number) => formatNumber(v, this.lang);
    const i = Math.min(ROUNDS.length - 1, Math.max(0, s.round));
    const round = ROUNDS[i] ?? ROUNDS[0];
    if (!round) return nothing;
    const given = s.answers[i] ?? null;
    const sc = score(s);
    const last = i === ROUNDS.length - 1;
    const verdict = html`<div role="status" data-figure="verdict">
      ${
        given === null
          ? nothing
          : html`<p class="callout ${given === round.state ? 'good' : 'bad'}">
            <strong>${given === round.state ? t.right : t.wrong(t.processes[round.state])}</strong>
            ${this.detailsOpen ? html`${t.meaning[round.state]} ${last ? t.last : ''}` : t.verdict[round.state]}
          </p>`
      }
    </div>`;
    const answers = html`<fieldset class="answers">
      <legend>${t.question}</legend>
      ${PROCESS_STATES.map(
        (p) => html`<button
          class=${given === null ? '' : p === round.state ? 'right' : p === given ? 'wrong' : ''}
          aria-pressed=${given === p ? 'true' : 'false'}
          ?disabled=${given !== null}
          @click=${() => this.setState(answer(this.state, p))}
        >
          ${t.processes[p]}
        </button>`,
      )}
    </fieldset>`;
    const nav = html`<div class="game-nav">
      <button ?disabled=${given === null || last} @click=${() => this.setState(nextRound(this.state))}>${t.next}</button>
      <button @click=${() => this.setState(restartGame(this.state))}>${t.restart}</button>
    </div>`;
    // Presented: the output's telling lines, large, the four answers under them, then the score and the way on.
    if (!this.detailsOpen)
      return html`<div class="game presented">
        ${this.terminal(round.state, round.command, given !== null, true)} ${answers}
        <div class="game-row">
          <p class="score" data-figure="score">${t.score(n(sc.right), n(sc.answered))}</p>
          ${nav}
        </div>
        ${verdict}
      </div>`;
    return html`<div class="layout">
      <div class="side">
        <p class="round">${t.round(n(i + 1), n(ROUNDS.length))}</p>
        ${answers}
        <p class="score" data-figure="score">${t.score(n(sc.right), n(sc.answered))}</p>
        ${nav}
      </div>
      <div class="out">
        <p class="hint">${t.hints[round.command]}</p>
        ${this.terminal(round.state, round.command, given !== null)} ${verdict}
      </div>
    </div>`;
  }
}

customElements.define('hsw-observe', ObserveDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-observe': ObserveDemo;
  }
}
