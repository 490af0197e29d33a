/** `npm run -s predict` (predict-tool.ts): output on stdout, and the exit codes the issue asks for. */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { predict as run, root, tsx, tsxOk } from './predict-tool.ts';

const npmOk = spawnSync('npm', ['--version'], { encoding: 'utf8' }).status === 0;
const predict = (runtime: string, source: string, extra: string[] = []) =>
  run(source, ['--runtime', runtime, ...extra]);

describe.skipIf(!tsxOk)('predict CLI', () => {
  it('prints one line per console.log, as the runtime would, and exits 0', () => {
    const r = predict(
      'node',
      `console.log('A');\nsetTimeout(() => console.log(1.5, true), 0);\nPromise.resolve().then(() => console.log(-0));\n`,
    );
    expect(r.stdout).toBe('A\n-0\n1.5 true\n');
    expect(r.status).toBe(0);
  });

  it('exits 2 with a message naming the construct and the line for unsupported code', () => {
    const r = predict('browser', `console.log(1);\nclass A extends Object {}\n`);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    // names keep their code quotes, as on the slide
    expect(r.stderr).toContain(
      'Line 2: the simulator’s subset does not include inheritance (`extends`) from anything but a class or Error: `Object`.',
    );
    const ru = predict('node', `class A extends Object {}\n`, ['--lang', 'ru']);
    expect(ru.stderr).toContain('Строка 1: наследование (`extends`) не от класса и не от Error: `Object`');
  });

  it('exits 2 for Node-only APIs in the browser runtime', () => {
    const r = predict('browser', `setImmediate(() => {});\n`);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('exists only in Node');
  });

  it('exits 3 with an explanation and the possible orders when the order depends on timing', () => {
    const r = predict(
      'node',
      `setTimeout(() => console.log('timeout'), 0);\nsetImmediate(() => console.log('immediate'));\n`,
    );
    expect(r.status).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('The order depends on timing');
    expect(r.stderr).toContain('possible: immediate | timeout');
    expect(r.stderr).toContain('possible: timeout | immediate');
  });

  it('exits 4 and explains starvation for a program that never yields', () => {
    const r = predict(
      'node',
      `let ready = false;\nsetTimeout(() => { ready = true; }, 0);\n(async () => { console.log('waiting'); while (!ready) { await Promise.resolve(); } })();\n`,
      // (the claim follows 200,000 microtasks, loop.ts MAX_DRAIN_JOBS: more than the default budget on a loaded machine)
      ['--budget', '60000'],
    );
    expect(r.status).toBe(4);
    expect(r.stdout).toBe('waiting\n');
    expect(r.stderr).toContain('microtask starvation');
  });

  it('a loop of ten million turns stops at the work limit (exit 4), said as such in both languages; a million finishes', () => {
    const loop = (n: number): string => `let s = 0;\nfor (let i = 0; i < ${n}; i++) s++;\nconsole.log(s);\n`;
    const ten = predict('node', loop(10_000_000));
    expect(ten.status).toBe(4);
    expect(ten.stdout).toBe('');
    expect(ten.stderr).toContain(
      'Stopped after 20,000,000 operations (the simulator’s work limit): one task (at line 2) did not finish within it.',
    );
    expect(ten.stderr).toContain(
      'Either it never returns (an endless loop) or it needs more work than the simulator follows',
    );
    expect(ten.stderr).not.toContain('never returns.');
    const ru = predict('node', loop(10_000_000), ['--lang', 'ru']);
    expect(ru.status).toBe(4);
    expect(ru.stderr).toContain('(предел работы симулятора): одна задача (на строке 2) не завершилась в этих пределах');
    const endless = predict('browser', 'while (true) {}\n');
    expect(endless.status).toBe(4);
    expect(endless.stderr).toContain('(the simulator’s work limit): one task (at line 1) did not finish within it');
    const million = predict('node', loop(1_000_000));
    expect(million.stdout).toBe('1000000\n');
    expect(million.status).toBe(0);
  });

  it('a setImmediate polling loop finishes (exit 0); one that prints its turn count depends on timing (exit 3)', () => {
    const loop = (end: string): string =>
      `let ready = false;\nsetTimeout(() => { ready = true; }, 5);\n(async () => {\n  let spins = 0;\n  while (!ready) {\n    await new Promise((r) => setImmediate(r));\n    spins++;\n  }\n  ${end}\n})();\n`;
    const r = predict('node', loop(`console.log('ready');`));
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('ready\n');
    expect(r.status).toBe(0);
    const counted = predict('node', loop(`console.log('turns: ' + spins);`));
    expect(counted.status).toBe(3);
    expect(counted.stdout).toBe('');
    expect(counted.stderr).toContain('how many turns it makes before then');
  });

  it.skipIf(!npmOk)('exits 1 on bad usage (the first through `npm run -s predict` itself)', () => {
    const r = spawnSync('npm', ['run', '-s', 'predict', '--', 'x.js'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('--runtime is required');
    for (const [args, message] of [
      [['--runtime', 'node', '--bogus', 'x.js'], "Unknown option '--bogus'"],
      [['--runtime', 'cobol', 'x.js'], 'unknown runtime cobol'],
      [['x.js', '--runtime'], "Option '--runtime <value>' argument missing"],
      [['--runtime=node', 'x.js', 'y.js'], 'one file at a time'],
    ] as const) {
      const bad = spawnSync(tsx, ['scripts/predict.ts', ...args], { cwd: root, encoding: 'utf8' });
      expect([bad.status, bad.stdout], args.join(' ')).toEqual([1, '']);
      expect(bad.stderr, args.join(' ')).toContain(`predict: ${message}\nusage: npm run -s predict -- --runtime`);
    }
  });
});
