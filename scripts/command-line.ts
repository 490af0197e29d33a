/**
 * The scripts' command lines, read by Node's own parser (`parseArgs` from node:util) in strict mode: an option the
 * script does not declare, a string option without its value, a value given to a flag, or a positional argument
 * where the script takes none is refused. `--name value` and `--name=value` are the same; a repeated option keeps its
 * last value.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * `parseArgs(config)`, strict. What it refuses goes to `refuse` with the first sentence of parseArgs's message
 * (“Unknown option '--x'”, “Option '--out <value>' argument missing”), without the advice that follows it.
 */
export function parseCommandLine<const T extends ParseArgsConfig & { strict?: true }>(
  config: T,
  refuse: (message: string) => never,
) {
  try {
    return parseArgs(config);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    // Up to the first full stop outside quotes: a quoted argument may hold one ('a.py').
    if (code?.startsWith('ERR_PARSE_ARGS_')) refuse(/^(?:[^'.]|'[^']*')*/.exec(message)![0]);
    throw error;
  }
}
