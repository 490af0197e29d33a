/**
 * `process.exit(code)` once what the script wrote to stdout and stderr has been taken by them. Node writes to a pipe
 * asynchronously once the pipe is full (64 KB on Linux): process.exit() right after a long write cuts the output
 * there (`npm run asyncio -- record p.py --json | jq` got the first 128 KB). An empty write's callback runs after
 * every write before it, in order.
 */
export async function exitWhenWritten(code: number): Promise<never> {
  await Promise.all(
    [process.stdout, process.stderr].map((stream) => new Promise<void>((resolve) => stream.write('', () => resolve()))),
  );
  process.exit(code);
}
