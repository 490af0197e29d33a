/** The shapes of the deck's text: blocks of slide and note text, and the code languages they may show. */

/** Languages the code panel highlights (highlight.js core with only these registered). */
export type CodeLang = 'javascript' | 'typescript' | 'python' | 'c' | 'go' | 'java' | 'bash';

/**
 * A block of slide or note text. Strings may use `backticks` for inline code and **stars** for emphasis;
 * nothing else is interpreted, and nothing is ever parsed as HTML.
 */
export type Block = { p: string } | { ul: readonly string[] } | { code: string; lang: CodeLang; caption?: string };

export interface SlideText {
  title: string;
  /** What the slide says, beside its demo. Keep it short: the demo does the explaining. */
  body: readonly Block[];
  /** Speaker notes: what the presenter says, at length. */
  notes: readonly Block[];
}

export interface Source {
  title: string;
  url: string;
}
