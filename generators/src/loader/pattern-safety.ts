// The bound on `pattern`: a generated validator tests engine-given patterns against caller-given
// strings, and a backtracking engine can take exponential time on a pattern that repeats a repeated
// part, such as `(a+)+$`. Such patterns (an unbounded quantifier on a group that holds one) are
// refused when read. Alternations whose branches overlap (`(a|a)*`) and backreferences are not
// detected; the time they take still grows with the input's length.

/** Why `pattern` is unsafe to run on untrusted strings, or undefined when it passes. */
export function unsafePattern(pattern: string): string | undefined {
  // One frame per open group: whether it holds an unbounded quantifier.
  const groups: boolean[] = [false];
  let lastGroupRepeats = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      i++;
      lastGroupRepeats = false;
      continue;
    }
    if (c === "[") {
      i = classEnd(pattern, i);
      lastGroupRepeats = false;
      continue;
    }
    if (c === "(") {
      groups.push(false);
      continue;
    }
    if (c === ")") {
      lastGroupRepeats = groups.pop() ?? false;
      if (groups.length === 0) groups.push(false);
      const quantifier = unboundedAt(pattern, i + 1);
      if (quantifier && lastGroupRepeats)
        return "it repeats a group that itself repeats (nested unbounded quantifiers backtrack exponentially)";
      if (quantifier || lastGroupRepeats) groups[groups.length - 1] = true;
      continue;
    }
    if (unboundedAt(pattern, i)) groups[groups.length - 1] = true;
    lastGroupRepeats = false;
  }
  return undefined;
}

/** Whether an unbounded quantifier (`*`, `+`, `{n,}`) starts at `i`. */
function unboundedAt(pattern: string, i: number): boolean {
  const c = pattern[i];
  if (c === "*" || c === "+") return true;
  return c === "{" && /^\{\d+,\}/.test(pattern.slice(i, i + 24));
}

/** The index of the `]` closing the class opened at `start` (or the last index). */
function classEnd(pattern: string, start: number): number {
  for (let i = start + 1; i < pattern.length; i++) {
    if (pattern[i] === "\\") i++;
    else if (pattern[i] === "]") return i;
  }
  return pattern.length - 1;
}
