/** The shapes of the deck's text: blocks of slide and note text, and the code languages they may show. */

/** Languages the code panel highlights (highlight.js core with only these registered). */
export type CodeLang = 'javascript' | 'typescript' | 'python' | 'c' | 'go' | 'java' | 'bash';

/**
 * A block of slide or note text. Strings may use `backticks` for inline code and **stars** for emphasis;
 * nothing else is interpreted, and nothing is ever parsed as HTML.
 */
export type Block =
  | { p: string }
  | { ul: readonly string[] }
  | { code: string; lang: CodeLang; caption?: string }
  /**
   * Secondary blocks (a table, a listing, the longer explanation) behind a disclosure: open in the self-paced view
   * and in print, closed while the deck is presented, so that the hall reads the slide's one idea. `summary` names
   * it (the deck's "More" when absent).
   */
  | { details: readonly Block[]; summary?: string };

export interface Source {
  title: string;
  url: string;
}
