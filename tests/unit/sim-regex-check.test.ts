/**
 * The regular expressions the simulator refuses before running them on the host's engine (regex-check.ts): a
 * quantifier of variable count inside a repeated group, which can backtrack catastrophically. The ones that cannot
 * (one level of repetition, a bounded exact count, a character class or escaped parentheses) run.
 */
import { describe, expect, it } from 'vitest';
import { hasNestedQuantifier } from '../../components/shared/js-sim/regex-check.ts';
import { logLines, simulate } from '../../components/shared/js-sim/simulator.ts';
import { loadCorpus } from './sim-corpus-lib.ts';

const REFUSED = [
  '(a+)+$',
  '^(\\w+\\s?)*$',
  '(a*)*b',
  '((ab)*c)+',
  '(?:a{2,})*x',
  '(x+x+)+y',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '(a{1,3}){2,}',
  '(a+?)+',
  '(?<w>\\d+)+',
];
const ACCEPTED = [
  '(\\d+)-(\\d+)',
  '^(ab)+$',
  '[(+)]+',
  '\\(a+\\)+',
  '(a{2})+',
  '(a+)?b',
  '(a?)+',
  '\\.txt$',
  '(\\w)=(\\d)',
  '[-_]',
  '(a+)(b+)',
  '[\\]+]+(c)+',
];

describe('nested quantifiers', () => {
  it.each(REFUSED)('refuses /%s/', (p) => expect(hasNestedQuantifier(p)).toBe(true));
  it.each(ACCEPTED)('accepts /%s/', (p) => expect(hasNestedQuantifier(p)).toBe(false));

  it("the issue's example is refused with its line, before anything runs (never a freeze)", () => {
    const r = simulate("console.log('before');\nconsole.log(/(a+)+$/.test('a'.repeat(30) + 'b'));", 'node');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ code: 'unsupported', construct: 'nestedQuantifier', line: 2 });
  });

  it("the corpus's regular expressions still run (snippet 156: none nests a quantifier)", () => {
    const r = simulate(loadCorpus().find((s) => s.name.startsWith('156-'))!.source, 'node');
    expect(r.ok && logLines(r).length).toBeGreaterThan(5);
  });
});
