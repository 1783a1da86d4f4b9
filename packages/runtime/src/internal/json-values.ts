// Measures and comparisons of parsed JSON values for request-body checks (string lengths, enum,
// const, uniqueItems, multipleOf). Inputs come from JSON.parse, so they are plain data; walks use
// an explicit stack, so no depth of nesting can overflow the call stack and a check never throws.

class Token {
  constructor(readonly text: string) {}
}

/**
 * The value as JSON text with object keys sorted: two values are equal in JSON Schema's sense
 * exactly when their texts are (1 and 1.0 are one number once parsed; key order does not count).
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const work: unknown[] = [value];
  while (work.length > 0) {
    const item = work.pop();
    if (item instanceof Token) out.push(item.text);
    else if (Array.isArray(item)) {
      work.push(new Token("]"));
      for (let i = item.length - 1; i >= 0; i--) work.push(item[i], ...(i > 0 ? [new Token(",")] : []));
      work.push(new Token("["));
    } else if (typeof item === "object" && item !== null) {
      const record = item as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      work.push(new Token("}"));
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] ?? "";
        work.push(record[key], new Token(`${i > 0 ? "," : ""}${JSON.stringify(key)}:`));
      }
      work.push(new Token("{"));
    } else out.push(JSON.stringify(item) ?? "null");
  }
  return out.join("");
}

/** The indexes of the first two equal items, or undefined when all differ. */
export function duplicateItems(items: readonly unknown[]): readonly [number, number] | undefined {
  const seen = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    // Strings, booleans and null are their own keys; only numbers and structures need the text.
    const key =
      typeof item === "object" && item !== null ? `j${canonicalJson(item)}` : `${typeof item}:${String(item)}`;
    const first = seen.get(key);
    if (first !== undefined) return [first, i];
    seen.set(key, i);
  }
  return undefined;
}

/** Whether `value` is a whole multiple of `divisor` (> 0); a quotient past the largest number is not. */
export function isMultipleOf(value: number, divisor: number): boolean {
  const quotient = value / divisor;
  return Number.isFinite(quotient) && Number.isInteger(quotient);
}

/**
 * How many code points `text` has (what `[...text].length` gives, and what JSON Schema's length
 * keywords count): a surrogate pair is one, a lone surrogate one. Counted without making an array.
 */
export function codePointLength(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}
