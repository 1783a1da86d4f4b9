// OpenAI strict forms list every property as required and make the optional ones nullable, so a
// model sends null for a parameter it leaves out. Before the full validator runs, those nulls are
// removed, and only at the pointers the strict lowering made nullable: a null anywhere else is
// still the validator's to report.

/** `value` without the nulls at `pointers` (argument pointers, `/max_rows`); never mutates, never throws. */
export function stripStrictNulls(value: unknown, pointers: readonly string[]): unknown {
  let result = value;
  for (const at of pointers) {
    try {
      result = without(result, at.split("/").slice(1).map(unescape));
    } catch {
      // A proxy or throwing getter: the validator reports the input as given.
      return value;
    }
  }
  return result;
}

function unescape(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** A copy of `value` with the null at `path` removed; `value` itself when there is none there. */
function without(value: unknown, path: readonly string[]): unknown {
  const [key, ...rest] = path;
  if (key === undefined || !isPlainRecord(value) || !Object.hasOwn(value, key)) return value;
  if (rest.length === 0) {
    if (value[key] !== null) return value;
    const { [key]: _null, ...kept } = value;
    return kept;
  }
  const inner = without(value[key], rest);
  return inner === value[key] ? value : { ...value, [key]: inner };
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
