/** `npm run -s predict` runs the simulator as "Your code" does: in a worker thread, stopped past a time budget. */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'sim-cli-budget-'));
const npmOk = spawnSync('npm', ['--version'], { encoding: 'utf8' }).status === 0;

function predict(source: string, args: string[]) {
  const file = join(tmp, `s${Math.random().toString(36).slice(2)}.js`);
  writeFileSync(file, source);
  return spawnSync('npm', ['run', '-s', 'predict', '--', ...args, file], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** tens of seconds of simulation on this machine (timing exploration re-runs it) */
const LONG = `const fs = require('fs');
for (let i = 0; i < 250; i++) {
  fs.readFile(__filename, () => console.log('r' + i));
  setTimeout(() => console.log('t' + i), 0);
  setImmediate(() => console.log('i' + i));
}
`;

describe.skipIf(!npmOk)('predict: the time budget and empty files', () => {
  it('past --budget it stops the worker and exits 6 with the slide’s message, in both languages', () => {
    const en = predict(LONG, ['--runtime', 'node', '--budget', '300']);
    expect(en.status).toBe(6);
    expect(en.stdout).toBe('');
    expect(en.stderr).toContain('The simulation took longer than 0.3 s and was stopped');
    const ru = predict(LONG, ['--runtime', 'node', '--budget', '300', '--lang', 'ru']);
    expect(ru.stderr).toContain('Симуляция заняла больше 0,3 с');
  });

  it('within the budget the worker’s result is printed', () => {
    const r = predict("setTimeout(() => console.log('t'), 0);\nconsole.log('s');\n", ['--runtime', 'node']);
    expect(r.stdout).toBe('s\nt\n');
    expect(r.status).toBe(0);
  });

  it('an empty or comment-only file has nothing to run', () => {
    for (const src of ['', '// only a comment\n']) {
      const r = predict(src, ['--runtime', 'browser']);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('Nothing to run');
    }
  });

  it('a bad --budget is refused', () => {
    const r = predict('1;', ['--runtime', 'node', '--budget', 'soon']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('--budget takes whole milliseconds');
  });
});
