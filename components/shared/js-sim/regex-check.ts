/**
 * Which regular expression literals the simulator refuses before it runs them on the host's engine (natives.ts).
 *
 * A regular expression runs on the host's own RegExp, synchronously, with no step limit: a pattern that backtracks
 * catastrophically (`/(a+)+$/.test('a'.repeat(30) + 'b')` tries 2^30 ways) would hold the simulator until the time
 * budget ends it, with no line named. The classic cause is a quantifier of unbounded or variable count (`*`, `+`,
 * `{n,}`, `{n,m}` with m > n) inside a group that is itself repeated (star height above 1: `(a+)+`, `(\w*\s?)*`,
 * `((ab)*c)+`): such a literal is refused at parse time, naming its line (the same check safe-regex makes, written
 * out here because the simulator must not grow by a regular expression parser). A pattern whose danger is elsewhere
 * (overlapping alternatives, `(a|a)*`) is not caught here; the time budget is its bound.
 */

/** the count a quantifier at `i` allows: null if none starts there */
function quantifier(p: string, i: number): { repeats: boolean; variable: boolean; end: number } | null {
  const c = p[i];
  let end = i + 1;
  let repeats: boolean;
  let variable: boolean;
  if (c === '*' || c === '+') {
    repeats = true;
    variable = true;
  } else if (c === '?') {
    repeats = false;
    variable = true;
  } else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i));
    if (!m) return null;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    repeats = max > 1;
    variable = max > min;
    end = i + m[0].length;
  } else return null;
  if (p[end] === '?') end++; // lazy
  return { repeats, variable, end };
}

/** whether a repeated group of `pattern` (a literal's source) holds a quantifier of variable, unbounded count */
export function hasNestedQuantifier(pattern: string): boolean {
  // per open group: whether a quantifier of more than one variable count occurs inside it (at any depth)
  const groups: boolean[] = [];
  /** what the last atom was: a group with such a quantifier inside, or anything else */
  let lastGroupInner = false;
  let afterAtom = false;
  for (let i = 0; i < pattern.length;) {
    const c = pattern[i]!;
    if (c === '\\') {
      i += 2;
      afterAtom = true;
      lastGroupInner = false;
      continue;
    }
    if (c === '[') {
      // a character class: up to its unescaped ']' (a ']' first in it is literal)
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
      i = j + 1;
      afterAtom = true;
      lastGroupInner = false;
      continue;
    }
    if (c === '(') {
      groups.push(false);
      // (?:, (?=, (?!, (?<=, (?<!, (?<name>: the group's prefix is no atom
      if (pattern[i + 1] === '?') {
        const m = /^\(\?(?:[:=!]|<[=!]|<[^>]*>)/.exec(pattern.slice(i));
        i += m ? m[0].length : 2;
      } else i++;
      afterAtom = false;
      continue;
    }
    if (c === ')') {
      const inner = groups.pop() ?? false;
      if (inner && groups.length > 0) groups[groups.length - 1] = true;
      lastGroupInner = inner;
      afterAtom = true;
      i++;
      continue;
    }
    const q = afterAtom ? quantifier(pattern, i) : null;
    if (q) {
      if (q.repeats && lastGroupInner) return true;
      if (q.variable && q.repeats && groups.length > 0) groups[groups.length - 1] = true;
      afterAtom = false;
      lastGroupInner = false;
      i = q.end;
      continue;
    }
    afterAtom = c !== '|' && c !== '^' && c !== '$';
    lastGroupInner = false;
    i++;
  }
  return false;
}
