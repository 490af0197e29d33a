/**
 * What is still outside the simulator's subset gets a message that names the construct and its line, in both
 * languages, on the slide (errorMessage) and from `npm run predict` (exit 2, the message on stderr, nothing on stdout).
 * Each snippet puts the construct on a known line after a line the subset accepts.
 */
import { describe, expect, it } from 'vitest';
import { simulate, type Runtime } from '../../components/shared/js-sim/simulator.ts';
import { runJob } from '../../components/shared/sim-runner/sim-job.ts';
import { predict, tsxOk } from './predict-tool.ts';
import { codeText, errorMessage } from '../../components/micro-macro/micro-macro-code-text.ts';

interface Refused {
  what: string;
  source: string;
  line: number;
  /** what the message must say, in each language */
  en: string;
  ru: string;
  runtime?: Runtime;
}

const first = "console.log('accepted');\n";
const REFUSED: Refused[] = [
  { what: 'with', source: `${first}with (Math) console.log(PI);`, line: 2, en: '`with`', ru: '`with`' },
  {
    what: 'Proxy',
    source: `${first}\nconst p = new Proxy({}, {});`,
    line: 3,
    en: '`new Proxy` is not supported',
    ru: '`new Proxy` не поддерживается',
  },
  {
    what: 'Reflect',
    source: `${first}Reflect.ownKeys({});`,
    line: 2,
    en: '`Reflect` is not declared',
    ru: '`Reflect` не объявлено',
  },
  { what: 'debugger', source: `${first}debugger;`, line: 2, en: '`debugger`', ru: '`debugger`' },
  {
    what: 'a delegating yield*',
    source: `${first}function* g() {
  yield* [1, 2];
}`,
    line: 3,
    en: 'delegating `yield*`',
    ru: 'делегирующий `yield*`',
  },
  {
    what: 'a property descriptor',
    source: `${first}const o = {};\nObject.defineProperty(o, 'x', { value: 1 });`,
    line: 3,
    en: '`defineProperty` is not modelled',
    ru: '`defineProperty` не моделируется',
  },
  {
    what: 'Math.random (a run must repeat)',
    source: `${first}const n = Math.round(\n  Math.random() * 10,\n);`,
    line: 3,
    en: '`Math.random` is not modelled',
    ru: '`Math.random` не моделируется',
  },
  {
    what: 'a write to a frozen object',
    source: `${first}const o = Object.freeze({ a: 1 });\no.a = 2;`,
    line: 3,
    en: '`a (frozen)` is not modelled',
    ru: '`a (frozen)` не моделируется',
  },
  {
    what: 'a tagged template',
    source: `${first}const t = String.raw\`a\`;`,
    line: 2,
    en: 'tagged templates',
    ru: 'теговые шаблоны',
  },
  {
    what: 'Object.create (prototypes)',
    source: `${first}const o = Object.create(null);`,
    line: 2,
    en: '`create` is not modelled',
    ru: '`create` не моделируется',
  },
  {
    what: 'a regular expression built by new RegExp',
    source: `${first}console.log(new RegExp('a+').source);`,
    line: 2,
    en: '`new RegExp` is not supported',
    ru: '`new RegExp` не поддерживается',
  },
  { what: 'BigInt', source: `${first}console.log(10n);`, line: 2, en: 'BigInt', ru: 'BigInt' },
  {
    what: 'import',
    source: `${first}import fs from 'fs';`,
    line: 2,
    en: '`import`/`export` (the simulator runs a script: use require)',
    ru: '`import`/`export` (симулятор выполняет скрипт: используйте require)',
  },
  { what: 'export', source: `${first}export const a = 1;`, line: 2, en: '`import`/`export`', ru: '`import`/`export`' },
  {
    what: 'dynamic import()',
    source: `${first}import('fs').then(() => {});`,
    line: 2,
    en: '`import()`',
    ru: '`import()`',
  },
  {
    what: 'import.meta',
    source: `${first}console.log(import.meta.url);`,
    line: 2,
    en: '`new.target` / `import.meta`',
    ru: '`new.target` / `import.meta`',
  },
  {
    what: 'new.target',
    source: `${first}function F() {\n  console.log(new.target);\n}`,
    line: 3,
    en: '`new.target` / `import.meta`',
    ru: '`new.target` / `import.meta`',
  },
  {
    what: 'top-level await',
    source: `${first}const x = 1;\nawait new Promise((r) => setTimeout(r, 1));`,
    line: 3,
    en: '`await` outside a function',
    ru: '`await` вне функции',
  },
  {
    what: 'top-level for await',
    source: `${first}for await (const x of [1]) console.log(x);`,
    line: 2,
    en: '`await` outside a function',
    ru: '`await` вне функции',
  },
  { what: 'eval', source: `${first}eval('1 + 1');`, line: 2, en: '`eval` is not declared', ru: '`eval` не объявлено' },
  {
    what: 'new Function',
    source: `${first}const f = new Function('return 1');`,
    line: 2,
    en: '`new Function` is not supported',
    ru: '`new Function` не поддерживается',
  },
  {
    what: 'delete',
    source: `${first}const a = [1, 2];\ndelete a[0];`,
    line: 3,
    en: 'the operator `delete`',
    ru: 'оператор `delete`',
  },
  { what: 'array holes', source: `${first}const a = [1, , 3];`, line: 2, en: 'array holes', ru: 'дыры в массивах' },
  {
    what: 'new Array(n) used before it is filled',
    source: `${first}const a = new Array(3);\nconst b = a.map((x) => 1);`,
    line: 3,
    en: 'array holes',
    ru: 'дыры в массивах',
  },
  {
    what: '`this` at the top level',
    source: `${first}const f = () => this;\nf();`,
    line: 2,
    en: '`this` outside any function',
    ru: '`this` вне функции',
  },
  {
    what: 'a property of the global object a runtime has',
    source: `${first}function f() {\n  return this.location;\n}\nf();`,
    line: 3,
    en: '`this.location` is not modelled',
    ru: '`this.location` не моделируется',
  },
  {
    what: 'a regular expression match logged whole',
    source: `${first}const m = 'ab'.match(/b/);\nconsole.log(m);`,
    line: 3,
    en: 'match (match without g, exec) is not modelled',
    ru: 'совпадения регулярного выражения',
  },
  {
    what: 'a Node module besides fs, timers/promises, events and util',
    source: `${first}const http = require('http');`,
    line: 2,
    en: "require('http') is not supported; only require('fs') for readFile, require('timers/promises'), require('events') and require('util')",
    ru: "require('http') не поддерживается; только require('fs') для readFile, require('timers/promises'), require('events') и require('util')",
    runtime: 'node',
  },
  {
    what: "process.on of an event other than 'unhandledRejection'",
    source: `${first}process.on('exit', () => console.log('bye'));`,
    line: 2,
    en: "`process.on('exit')` is not modelled",
    ru: "`process.on('exit')` не моделируется",
    runtime: 'node',
  },
  {
    what: 'an EventEmitter logged',
    source: `${first}const EventEmitter = require('events');\nconsole.log(new EventEmitter());`,
    line: 3,
    en: 'console.log of an EventEmitter is not modelled: Node prints its internal fields',
    ru: 'console.log объекта EventEmitter не моделируется: Node печатает его внутренние поля',
    runtime: 'node',
  },
  {
    what: 'the own keys of an EventEmitter (JSON.stringify, Object.keys)',
    source: `${first}const EventEmitter = require('events');\nconsole.log(JSON.stringify(new EventEmitter()));`,
    line: 3,
    en: 'an EventEmitter cannot be used here',
    ru: 'значение типа EventEmitter здесь нельзя использовать',
    runtime: 'node',
  },
  {
    what: "emit('error') of a non-Error with no listener",
    source: `${first}const { EventEmitter } = require('events');\nnew EventEmitter().emit('error', 'boom');`,
    line: 3,
    en: "`emit('error', value)` of a value that is not an Error with no 'error' listener",
    ru: "`emit('error', value)` значения, которое не Error, без слушателя 'error'",
    runtime: 'node',
  },
  {
    what: 'a regular expression that can backtrack catastrophically (a quantifier in a repeated group)',
    source: `${first}const slow = /(a+)+$/.test('a'.repeat(30) + 'b');`,
    line: 2,
    en: 'a regular expression with a quantifier inside a repeated group, such as `(a+)+`',
    ru: 'регулярное выражение с квантификатором внутри повторяемой группы, например `(a+)+`',
  },
  {
    what: 'a nested quantifier deeper in the pattern',
    source: `${first}if (/^(\\w+\\s?)*$/.test('an aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!')) console.log('words');`,
    line: 2,
    en: 'can backtrack for an exponentially long time',
    ru: 'экспоненциально долго',
  },
  {
    what: 'a named group',
    source: `${first}const m = 'ab'.match(/(?<x>b)/);`,
    line: 2,
    en: 'a named group of a regular expression',
    ru: 'именованные группы',
  },
  {
    what: 'a computed key',
    source: `${first}const o = { ['k' + 1]: 1 };`,
    line: 2,
    en: 'computed property keys',
    ru: 'вычисляемые ключи свойств',
  },
  {
    what: 'a __proto__ key in an object literal',
    source: `${first}const base = { hi: 1 };\nconst o = { __proto__: base, a: 2 };`,
    line: 3,
    en: '`__proto__` (an object’s prototype, which the simulator does not model',
    ru: '`__proto__` (прототип объекта; симулятор его не моделирует',
  },
  {
    what: 'a quoted __proto__ key',
    source: `${first}const o = { '__proto__': null };`,
    line: 2,
    en: '`__proto__` (an object’s prototype',
    ru: '`__proto__` (прототип объекта',
  },
  {
    what: 'a prototype set through o.__proto__',
    source: `${first}const o = {};\no.__proto__ = { hi: 1 };`,
    line: 3,
    en: '`__proto__` (an object’s prototype',
    ru: '`__proto__` (прототип объекта',
  },
  {
    what: 'a prototype set through a computed __proto__ key',
    source: `${first}const o = {};\nconst key = '__proto__';\no[key] = { hi: 1 };`,
    line: 4,
    en: '`__proto__` (an object’s prototype',
    ru: '`__proto__` (прототип объекта',
  },
  {
    what: 'Object.assign of a __proto__ key',
    source: `${first}const src = JSON.parse('{"__proto__": {"hi": 1}}');\nconst o = Object.assign({}, src);`,
    line: 3,
    en: '`Object.assign` of a `__proto__` key (it changes the target’s prototype',
    ru: '`Object.assign` ключа `__proto__` (он меняет прототип цели',
  },
  {
    what: 'console.log of an own __proto__ key',
    source: `${first}const parsed = JSON.parse('{"__proto__": 1}');\nconsole.log(parsed);`,
    line: 3,
    en: 'console.log of an object with an own `__proto__` key is not modelled',
    ru: 'console.log объекта с собственным ключом `__proto__` не моделируется',
  },
  {
    what: 'a property key that would call the object’s own toString (String(o), join and + call it)',
    source: `${first}const o = { toString() { return 'x'; } };\nconst seen = {};\nseen[o] = 1;`,
    line: 4,
    en: 'converting an object with its own `toString` or `valueOf` here',
    ru: 'преобразование объекта со своим `toString` или `valueOf` в этом месте',
  },
  {
    what: 'parseInt of an object whose class has valueOf (new Money() * 2 calls it)',
    source: `${first}class Money {\n  valueOf() {\n    return 5;\n  }\n}\nconsole.log(parseInt(new Money()));`,
    line: 7,
    en: 'converting an object with its own `toString` or `valueOf` here',
    ru: 'преобразование объекта со своим `toString` или `valueOf` в этом месте',
  },
  {
    what: 'a very deep array printed with %s in a browser',
    source: `${first}let deep = [1];\nfor (let i = 0; i < 20000; i++) deep = [deep];\nconsole.log('%s', deep);`,
    line: 4,
    en: 'arrays or objects nested more than 1,000 levels deep',
    ru: 'массивы или объекты с вложенностью глубже 1000 уровней',
    runtime: 'browser',
  },
  {
    what: 'a very deep array given to JSON.stringify',
    source: `${first}let deep = [1];\nfor (let i = 0; i < 20000; i++) deep = [deep];\nconsole.log(JSON.stringify(deep).length);`,
    line: 4,
    en: 'arrays or objects nested more than 1,000 levels deep',
    ru: 'массивы или объекты с вложенностью глубже 1000 уровней',
  },
  {
    what: 'a very deep JSON text parsed',
    source: `${first}const text = '['.repeat(20000) + ']'.repeat(20000);\nconsole.log(JSON.parse(text).length);`,
    line: 3,
    en: 'arrays or objects nested more than 1,000 levels deep',
    ru: 'массивы или объекты с вложенностью глубже 1000 уровней',
  },
  {
    what: 'a Node API in the browser',
    source: `${first}setImmediate(() => {});`,
    line: 2,
    en: '`setImmediate` exists only in Node',
    ru: '`setImmediate` есть только в Node',
    runtime: 'browser',
  },
];

describe('refusals name the construct and its line', () => {
  for (const c of REFUSED) {
    it(`${c.what}: line ${c.line}, in both languages`, () => {
      const r = simulate(c.source, c.runtime ?? 'node');
      expect(r.ok, 'refused').toBe(false);
      if (r.ok) return;
      expect(r.error.line).toBe(c.line);
      const en = errorMessage(codeText.en, r.error);
      const ru = errorMessage(codeText.ru, r.error);
      expect(en).toContain(`Line ${c.line}: `);
      expect(en).toContain(c.en);
      expect(ru).toContain(`Строка ${c.line}: `);
      expect(ru).toContain(c.ru);
      // no English parser message in the Russian text, no generic "this construct"
      expect(ru).not.toMatch(/Unexpected token|may appear only/);
      expect(en).not.toContain('this construct');
    });
  }
});

/**
 * `npm run predict` runs the job of sim-job.ts in a worker thread and prints `errorMessage` of a refusal. Every refused
 * snippet goes through that job here, in this process; the command itself (a process each, 0.6 s of CPU) for one of
 * each kind of refusal: the parser's, the subset's, the runtime's (an undeclared name, a call the model refuses as it
 * runs) and the browser runtime's, in both languages.
 */
describe('predict prints the refusal and exits 2', () => {
  it('every refused snippet, through the job the command runs: the same refusal', () => {
    for (const c of REFUSED) {
      const reply = runJob({ id: 1, source: c.source, runtime: c.runtime ?? 'node', steps: false });
      expect(reply.kind, c.what).toBe('result');
      if (reply.kind !== 'result') continue;
      // the same refusal as above, whose message in both languages is checked there
      const direct = simulate(c.source, c.runtime ?? 'node');
      expect(reply.result.ok || direct.ok, c.what).toBe(false);
      if (!reply.result.ok && !direct.ok) expect(reply.result.error, c.what).toEqual(direct.error);
    }
  });

  const BY_COMMAND: [what: string, lang: 'en' | 'ru'][] = [
    ['import', 'en'],
    ['with', 'ru'],
    ['delete', 'en'],
    ['Reflect', 'en'],
    ['Math.random (a run must repeat)', 'ru'],
    ['a Node API in the browser', 'en'],
  ];
  it.skipIf(!tsxOk)(
    `the command, for one refusal of each kind: ${BY_COMMAND.map(([w]) => w).join(', ')}`,
    () => {
      for (const [what, lang] of BY_COMMAND) {
        const c = REFUSED.find((r) => r.what === what)!;
        const r = predict(c.source, ['--runtime', c.runtime ?? 'node', '--lang', lang]);
        expect(r.status, `${c.what} (${lang}): ${r.stderr}`).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toContain(lang === 'en' ? `Line ${c.line}: ` : `Строка ${c.line}: `);
        expect(r.stderr).toContain(lang === 'en' ? c.en : c.ru);
      }
    },
    60_000,
  );
});
