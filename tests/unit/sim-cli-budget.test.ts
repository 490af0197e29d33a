/** `npm run -s predict` (predict-tool.ts) runs the simulator as "Your code" does: in a worker thread, stopped past a time budget. */
import { describe, expect, it } from 'vitest';
import { predict, tsxOk } from './predict-tool.ts';

/** tens of seconds of simulation on this machine (timing exploration re-runs it) */
const LONG = `const fs = require('fs');
for (let i = 0; i < 250; i++) {
  fs.readFile(__filename, () => console.log('r' + i));
  setTimeout(() => console.log('t' + i), 0);
  setImmediate(() => console.log('i' + i));
}
`;

describe.skipIf(!tsxOk)('predict: the time budget and empty files', () => {
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
