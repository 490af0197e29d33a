/** scripts/command-line.ts: the scripts' command lines through Node's parseArgs, strict, refusals to the script. */
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../scripts/command-line.ts';

const refuse = (message: string): never => {
  throw new Error(`refused: ${message}`);
};
const options = { only: { type: 'string' }, json: { type: 'boolean', default: false } } as const;

describe('parseCommandLine', () => {
  it('reads --name value and --name=value alike, flags, and positionals where allowed', () => {
    for (const args of [
      ['--only', 'a,b', '--json', 'x'],
      ['x', '--only=a,b', '--json'],
    ]) {
      const { values, positionals } = parseCommandLine({ args, options, allowPositionals: true }, refuse);
      expect([values, positionals]).toEqual([{ only: 'a,b', json: true }, ['x']]);
    }
    expect(parseCommandLine({ args: [], options }, refuse).values).toEqual({ json: false });
  });

  it("hands what parseArgs refuses to the script, with the first sentence of parseArgs's message", () => {
    const refusal = (args: string[], allowPositionals = false): string => {
      try {
        parseCommandLine({ args, options, allowPositionals }, refuse);
      } catch (e) {
        return (e as Error).message;
      }
      return 'accepted';
    };
    expect(refusal(['--bogus'], true)).toBe("refused: Unknown option '--bogus'");
    expect(refusal(['--only'])).toBe("refused: Option '--only <value>' argument missing");
    expect(refusal(['--json=yes'])).toBe("refused: Option '--json' does not take an argument");
    expect(refusal(['a.py'])).toBe("refused: Unexpected argument 'a.py'");
    expect(refusal(['--only', '-x'])).toBe("refused: Option '--only' argument is ambiguous");
  });

  it('lets any other error through (a mistake in the script, not in its command line)', () => {
    const bad = { args: ['--only', 'a'], options: { only: { type: 'number' } } } as unknown as Parameters<
      typeof parseCommandLine
    >[0];
    expect(() => parseCommandLine(bad, refuse)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
  });
});
