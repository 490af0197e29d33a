/**
 * The guides hold together: the README stays a short front page (at most 200 lines) that links every page of docs/,
 * every relative link of the README, CONTRIBUTING.md and docs/ leads to a file of this repository, and the README's
 * test command is the one CI runs (.ci/run). Links are read as a Markdown renderer reads them (markdown-it), so a link
 * inside a code block is no link.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const docsPages = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const guides = ['README.md', 'CONTRIBUTING.md', ...docsPages];

/** Every link and image address a Markdown renderer finds in a file. */
function linksOf(text: string): string[] {
  const found: string[] = [];
  const md = new MarkdownIt();
  const walk = (tokens: ReturnType<typeof md.parse>) => {
    for (const t of tokens) {
      if (t.type === 'link_open') found.push(String(t.attrGet('href') ?? ''));
      if (t.type === 'image') found.push(String(t.attrGet('src') ?? ''));
      if (t.children) walk(t.children);
    }
  };
  walk(md.parse(text, {}));
  return found;
}

/** A link to another site, or to a place in the same page: not a file of the repository. */
const external = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#');

describe('the README', () => {
  const readme = read('README.md');

  it('is at most 200 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('links every page of docs/', () => {
    expect(docsPages.length).toBeGreaterThan(5);
    const links = new Set(linksOf(readme).map((href) => href.split('#')[0]));
    for (const page of docsPages) expect(links, page).toContain(page);
  });

  it('gives the test command CI runs: npm test, in its "Test it" section and in .ci/run', () => {
    const section = readme.slice(
      readme.indexOf('## Test it'),
      readme.indexOf('\n## ', readme.indexOf('## Test it') + 1),
    );
    expect(section).toMatch(/```sh\nnpm test\n```/);
    expect(read('.ci/run').split('\n')).toContain('npm test');
  });
});

describe.each(guides)('%s', (file) => {
  it('links only files of this repository that exist', () => {
    const links = linksOf(read(file)).filter((href) => !external(href));
    for (const href of links) {
      const target = resolve(ROOT, dirname(file), decodeURI(href.split('#')[0]!));
      const inside = relative(ROOT, target);
      expect(inside.startsWith('..') || inside.startsWith(sep), `${href}: outside the repository`).toBe(false);
      expect(existsSync(target) && (statSync(target).isFile() || statSync(target).isDirectory()), href).toBe(true);
    }
  });
});
