import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScripts, singleFilePolicy, withSingleFilePolicy } from '../../scripts/single-file-csp.ts';

const page = (head: string, body: string) =>
  `<!doctype html>\n<html>\n  <head>\n    <meta charset="utf-8" />\n${head}\n  </head>\n  <body>${body}</body>\n</html>`;

describe('the single file’s security policy', () => {
  it('hashes exactly the text between an inline script’s tags, and skips scripts with src', () => {
    const code = "\nconsole.log('a</p>');\n";
    const html = page('', `<script type="module">${code}</script><script src="x.js"></script>`);
    expect(inlineScripts(html)).toEqual([code]);
    const expected = createHash('sha256').update(code).digest('base64');
    expect(withSingleFilePolicy(html)).toContain(`script-src 'self' 'sha256-${expected}'`);
  });

  it('allows no inline script by anything but its hash, and keeps the strict basics', () => {
    const policy = singleFilePolicy(['a()', 'b()']);
    const directives = new Map(policy.split('; ').map((d) => [d.split(' ')[0], d] as const));
    expect(directives.get('script-src')).not.toContain('unsafe-inline');
    expect(directives.get('script-src')?.match(/'sha256-/g)).toHaveLength(2);
    expect(directives.get('default-src')).toBe("default-src 'self'");
    expect(directives.get('object-src')).toBe("object-src 'none'");
    expect(directives.get('base-uri')).toBe("base-uri 'none'");
    expect(directives.get('connect-src')).toBe("connect-src 'none'");
  });

  it('replaces a policy the page already had (both would be enforced), and puts its own after the charset', () => {
    const html = page(
      `    <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'" />`,
      '<script type="module">go()</script>',
    );
    const out = withSingleFilePolicy(html);
    expect(out.match(/http-equiv="Content-Security-Policy"/g)).toHaveLength(1);
    expect(out).not.toContain(`script-src 'self'" />`);
    expect(out.indexOf('charset')).toBeLessThan(out.indexOf('Content-Security-Policy'));
    expect(out.indexOf('Content-Security-Policy')).toBeLessThan(out.indexOf('<script'));
  });

  it('refuses a page without a head', () => {
    expect(() => withSingleFilePolicy('<script>x</script>')).toThrow(/no <head>/);
  });
});
