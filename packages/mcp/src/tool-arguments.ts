// Checks the arguments of the search and code modes' tools before any work. Each mistake is a message
// the model can act on (what was wrong, what to send); every check runs in time bounded by the
// input's first few hundred characters, so a huge or odd argument cannot stall the server.
import { editDistance } from "@toolcat/runtime/internal";

/** What a check gives: the value, or the message for an isError result. */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const fail = (message: string): Checked<never> => ({ ok: false, message });

/** Most names one describe_tools call takes: their schemas must fit in a model's context. */
export const maxDescribed = 20;
/** Longer names are no tool's name; only this much of one is compared when suggesting names. */
const maxNameLength = 200;

/**
 * The arguments as an object holding no key but `allowed`, as each tool's inputSchema says (additionalProperties:
 * false).
 */
function record(
  args: unknown,
  tool: string,
  keys: string,
  allowed: readonly string[],
): Checked<Record<string, unknown>> {
  if (typeof args !== "object" || args === null || Array.isArray(args))
    return fail(`${tool} takes an object with ${keys}`);
  // The key is not repeated: a model may have put anything there.
  for (const key in args)
    if (Object.hasOwn(args, key) && !allowed.includes(key))
      return fail(`${tool} takes only ${allowed.join(" and ")}; remove the other keys`);
  return { ok: true, value: args as Record<string, unknown> };
}

export function searchArguments(args: unknown): Checked<{ query: unknown; limit: unknown }> {
  const checked = record(args, "search_tools", "query (text) and an optional limit", ["query", "limit"]);
  return checked.ok ? { ok: true, value: { query: checked.value["query"], limit: checked.value["limit"] } } : checked;
}

export function describeArguments(args: unknown): Checked<string[]> {
  const checked = record(args, "describe_tools", "names: an array of tool names from search_tools", ["names"]);
  if (!checked.ok) return checked;
  const names = checked.value["names"];
  if (!Array.isArray(names) || names.length === 0)
    return fail("names must be a non-empty array of tool names, as search_tools returns them");
  if (names.length > maxDescribed)
    return fail(`names holds ${names.length} names; ask for at most ${maxDescribed} at a time`);
  if (!names.every((name): name is string => typeof name === "string"))
    return fail("every entry of names must be a tool name (text)");
  return { ok: true, value: names };
}

export function callArguments(args: unknown): Checked<{ name: string; arguments: Record<string, unknown> }> {
  const checked = record(args, "call_tool", "name (a tool name from search_tools) and arguments (an object)", [
    "name",
    "arguments",
  ]);
  if (!checked.ok) return checked;
  const { name, arguments: input = {} } = checked.value;
  if (typeof name !== "string" || name === "") return fail("name must be the tool's name, as search_tools returns it");
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return fail(`arguments must be an object of the tool's parameters (see describe_tools), got ${kindOf(input)}`);
  }
  return { ok: true, value: { name, arguments: input as Record<string, unknown> } };
}

const program =
  "the body of an async function that awaits the functions describe_tools declares and returns the result";

/** execute_code's program: text, not blank, and at most `maxBytes` long (its length is read before anything else). */
export function codeArguments(args: unknown, maxBytes: number): Checked<string> {
  const checked = record(args, "execute_code", `code: ${program}`, ["code"]);
  if (!checked.ok) return checked;
  const code = checked.value["code"];
  if (code === undefined) return fail(`code is missing: send { "code": "…" }, ${program}`);
  if (typeof code !== "string") return fail(`code must be the program as text (a string), got ${kindOf(code)}`);
  // UTF-8 takes a byte or more per UTF-16 unit, so a longer string is surely over; runCode counts the bytes.
  if (code.length > maxBytes)
    return fail(
      `code is ${code.length} characters long; a program is at most ${maxBytes} bytes. Do less in one program`,
    );
  if (code.trim() === "") return fail(`code is empty: send ${program}`);
  return { ok: true, value: code };
}

function kindOf(value: unknown): string {
  return Array.isArray(value) ? "an array" : value === null ? "null" : typeof value;
}

/** The message for a name no served tool has, with the closest served names to try instead. */
export function unknownName(name: string, served: readonly string[]): string {
  const asked = name.slice(0, maxNameLength).toLowerCase();
  const closest = served
    .map((candidate) => ({ candidate, distance: editDistance(asked, candidate.toLowerCase()) }))
    .sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : 1))
    .slice(0, 3)
    .map(({ candidate }) => candidate);
  // The name is not repeated: a mistyped one may be a pasted key, whose value no client has told us.
  return (
    `no tool of that name is served here; the closest names are ${closest.join(", ")}. Use a name search_tools ` +
    "returned."
  );
}
