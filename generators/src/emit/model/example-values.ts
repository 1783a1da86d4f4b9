// Example values for one parameter, built from what its spec entry states: enum values, formats,
// bounds and defaults first, then the kind of value its name says it holds (an id, an e-mail
// address, a page size, a date), in the catalog's own terms where the documents give them (the
// server's event type names, `<Server>.<Tool>` tool names). A parameter whose value the spec cannot
// ground (an enum whose values are not shown, an object whose keys are not named, a free-form string
// the name says nothing about) has no example value: the caller leaves it out, or gives the tool no
// example when it is required. Everything here is a pure function of the spec: no clock, no randomness.
import type { JsonValue } from "../../ir/json.ts";
import type { FormatName } from "../../ir/formats.ts";
import { isEnum } from "../../ir/parameter-schema.ts";
import type { ObjectKey, SchemaNode } from "../../ir/schema.ts";
import type { Parameter, Server } from "../../ir/types.ts";

/** What a value may be drawn from besides the parameter itself. */
export interface ExampleScope {
  readonly server: Server;
}

/** The value a request_body of the mode pattern takes in an example: the documents do not show its fields. */
export const minimalRequestBody = "{}";

const formatValues: Record<FormatName, string | undefined> = {
  date: "2026-03-02",
  "date-time": "2026-03-02T09:00:00Z",
  url: undefined,
  uri: undefined,
  "column-letters": "B",
  column: "C",
  csv: undefined,
  json: minimalRequestBody,
  // Two rows of the catalog's cell data: row numbers to column letters to values.
  "cell-data": '{"1":{"A":"Region","B":"Revenue"},"2":{"A":"North","B":1250}}',
  bearer: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyXzQyIn0.c2lnbmF0dXJl",
  jwt: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyXzQyIn0.c2lnbmF0dXJl",
};

/** Lowercase words of a name: `application_link_name` and `applicationLinkName` → application, link, name. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "")
    .map((word) => word.toLowerCase());
}

/** A stable four-digit number for a word, so one resource's id reads the same in every tool. */
function stableNumber(word: string): number {
  let hash = 0x811c9dc5;
  for (const character of word) hash = Math.imul(hash ^ character.codePointAt(0)!, 0x01000193) >>> 0;
  return 1000 + (hash % 9000);
}

/** Words that name a secret: such a parameter is never given a value in an example. */
const secretWords = new Set(["secret", "password", "key", "token"]);
/** Words of an opaque cursor from an earlier response: nothing to show before that response exists. */
const cursorWords = new Set(["cursor", "token"]);

/** Whether an example should leave the parameter out unless it is required: secrets and cursors. */
export function opaqueParameter(name: string): boolean {
  const words = nameWords(name);
  return words.some((word) => secretWords.has(word) || cursorWords.has(word)) && !words.includes("sort");
}

function isIdWord(word: string | undefined): boolean {
  return word === "id" || word === "ids" || word === "identifier" || word === "identifiers";
}

/** An id in a readable, stable form: the resource word and a number (`job_4821`). */
function idValue(words: readonly string[], scope: ExampleScope): string {
  const at = words.findIndex(isIdWord);
  const resource =
    (at > 0 ? words[at - 1] : words.find((word) => !isIdWord(word))) ?? resourceOf(words.join("_"), scope) ?? "item";
  return `${resource}_${stableNumber(resource)}`;
}

/**
 * The last word of the resource the server's documents identify by `name` (`id` → the interview schedule's `schedule`).
 */
function resourceOf(name: string, scope: ExampleScope): string | undefined {
  const resource = scope.server.resources.find((r) => r.identifiers.includes(name));
  return resource === undefined ? undefined : nameWords(resource.name).at(-1);
}

/** The value of an integer or number parameter: a realistic non-default choice inside its bounds. */
function numericValue(node: SchemaNode, words: readonly string[], fallbackDefault: JsonValue | undefined): number {
  const has = (...candidates: string[]) => candidates.some((word) => words.includes(word));
  const low = node.minimum ?? (has("offset", "skip", "index") ? 0 : 1);
  const high = node.maximum ?? Number.POSITIVE_INFINITY;
  let value: number;
  if (has("row")) value = 2;
  else if (has("position")) value = 2;
  else if (has("seconds", "timeout", "duration")) value = 30;
  else if (has("retry", "attempts")) value = 3;
  else if (words.at(-1) === "id") value = stableNumber(words.at(-2) ?? "id");
  else if (has("offset", "skip", "index")) value = 25;
  else if (has("limit", "size", "items", "results", "max", "maximum", "number", "page", "per"))
    value = fallbackDefault === 10 ? 20 : 10;
  else value = low;
  return Math.min(high, Math.max(low, value));
}

/** A date-time that reads as the bound it is: the start or the end of a month. */
function dateTimeValue(words: readonly string[]): string {
  if (words.includes("before")) return "2026-03-31T23:59:59Z";
  if (words.includes("after")) return "2026-03-01T00:00:00Z";
  return formatValues["date-time"]!;
}

/** A link in the example.com domain the documents' examples use, named for what it points to. */
function urlValue(words: readonly string[]): string {
  const path = words.filter((word) => !["url", "uri", "after", "request"].includes(word));
  return `https://example.com/${path.join("-") || "hook"}`;
}

/** Items of a comma-separated list the description names (`naming jobIds, targetHireDate and …`): the first two. */
function namedList(description: string | undefined): string | undefined {
  const named = /\bnaming\s+(.+)$/.exec(description ?? "")?.[1];
  if (named === undefined) return undefined;
  const items = named
    .split(/,\s*|\s+and\s+/)
    .map((item) => item.trim())
    .filter((item) => /^[A-Za-z][\w.]*$/.test(item));
  return items.length > 0 ? items.slice(0, 2).join(",") : undefined;
}

/** The server's documented event type names, when the parameter is about event types. */
function eventTypes(words: readonly string[], scope: ExampleScope): readonly string[] | undefined {
  const { types } = scope.server.events;
  return words.includes("event") && types.known && types.value.length > 0 ? types.value : undefined;
}

/** A string the parameter's name grounds: people, contact details, catalog names, texts. */
function namedString(words: readonly string[], scope: ExampleScope): string | undefined {
  const has = (...candidates: string[]) => candidates.some((word) => words.includes(word));
  const last = words.at(-1);
  if (has("email")) return "jane.doe@example.com";
  if (has("phone")) return "+1 415 555 0100";
  if (has("given")) return "Jane";
  if (has("family")) return "Doe";
  if (has("url", "uri")) return urlValue(words);
  const events = eventTypes(words, scope);
  if (events !== undefined && has("type", "types", "filter")) return events[0];
  if (isIdWord(last)) return idValue(words, scope);
  if (has("private")) {
    const word = words.find((w) => !["zeta", "private", "link"].includes(w)) ?? "link";
    return `${word}_private_${stableNumber(words.join("_"))}`;
  }
  if (has("column")) return formatValues["column-letters"];
  if (has("owner")) return "jdoe";
  if (has("toolkit")) return scope.server.name;
  if (has("tool") && has("name", "authorization")) return scope.server.tools[0]?.fullName;
  if (has("format", "formats") && has("provider", "include")) return "openai";
  if (has("version")) return "1.2.0";
  if (has("connection") && has("type")) return "http";
  if (has("link", "reference") || (has("report", "form", "application", "app") && last === "name"))
    return linkName(words);
  if (has("sheet") && has("name")) return "Summary";
  if (has("event") && has("label")) return "Demo requested";
  if (has("event", "property") && has("name", "search"))
    return has("search") ? "demo" : has("property") ? "demo_source" : "demo_requested";
  if (has("object") && has("type")) return "contacts";
  if (has("filter") && has("criteria")) return 'Status == "Open"';
  if (has("query")) return "companies building solid-state batteries";
  if (last === "name" || has("candidate")) return "Jane Doe";
  if (has("title")) return has("project") ? "Campus hiring 2026" : "Q3 budget";
  if (has("note")) return "Figures checked against the March invoice.";
  if (has("description"))
    return has("job") ? "Backend engineer for the payments team." : "A prospect asked for a product demo.";
  if (last === "value") return "1250";
  return undefined;
}

/** The value of a string of a documented format, where the format alone does not say enough. */
function formattedString(
  format: FormatName,
  words: readonly string[],
  description: string | undefined,
  scope: ExampleScope,
): string | undefined {
  switch (format) {
    case "date-time":
      return dateTimeValue(words);
    case "url":
    case "uri":
      return urlValue(words);
    case "csv":
      return namedList(description) ?? eventTypes(words, scope)?.join(",");
    default:
      return formatValues[format];
  }
}

/** A low-code builder's link name (`application_link_name` → `order-tracker`), in the style its resources take. */
function linkName(words: readonly string[]): string {
  if (words.includes("report")) return "All_Orders";
  if (words.includes("form")) return "New_Order";
  return "order-tracker";
}

/**
 * A value for one object key the spec names, only where the key's name says its kind: an id, a
 * flag (`sendNotifications`), a time (`createdAt`) or a link. Key types are not documented, so a key
 * whose name could hold several kinds (`archiveEmail`: an address or a flag) is left out.
 */
function keyValue(key: ObjectKey, scope: ExampleScope): JsonValue | undefined {
  const words = nameWords(key.name);
  if (key.description?.includes("values not shown") || opaqueParameter(key.name)) return undefined;
  if (words.at(-1) === "at") return formatValues["date-time"]!;
  if (["send", "start", "allow", "enabled", "is"].includes(words[0] ?? "")) return true;
  if (isIdWord(words.at(-1))) return idValue(words, scope);
  if (words.includes("url")) return urlValue(words);
  return undefined;
}

/**
 * An object from its named keys: the keys with a grounded value, of the keys the spec marks optional
 * only the first (a document's "optionally one of"). An object whose keys the spec does not name
 * has a value only when its description names the one key it takes (the e-mail property).
 */
function objectValue(node: SchemaNode, description: string | undefined, scope: ExampleScope): JsonValue | undefined {
  if (node.maxProperties === 0) return {};
  const keys = node.keys ?? [];
  if (keys.length === 0)
    return /\bemail property\b/.test(description ?? "") ? { email: namedString(["email"], scope)! } : undefined;
  const entries: [string, JsonValue][] = [];
  let optionalShown = false;
  for (const key of keys) {
    const optional = key.description?.startsWith("optional") === true;
    if (optional && optionalShown) continue;
    const value = keyValue(key, scope);
    if (value === undefined) continue;
    entries.push([key.name, value]);
    optionalShown ||= optional;
  }
  if (entries.length < (node.minProperties ?? 1)) return undefined;
  return Object.fromEntries(entries.slice(0, node.maxProperties ?? entries.length));
}

/** An enum's example: the first value that is not the default, so the example shows a choice. */
function enumValue(values: readonly JsonValue[], fallbackDefault: JsonValue | undefined): JsonValue | undefined {
  return values.find((value) => value !== fallbackDefault) ?? values[0];
}

/** A value of `node` for a parameter or array item named `name`, or undefined when the spec cannot ground one. */
function typedValue(
  node: SchemaNode,
  name: string,
  description: string | undefined,
  fallbackDefault: JsonValue | undefined,
  scope: ExampleScope,
): JsonValue | undefined {
  const words = nameWords(name);
  if (isEnum(node)) return node.enum === undefined ? undefined : enumValue(node.enum, fallbackDefault);
  switch (node.type?.[0]) {
    case "integer":
    case "number":
      return numericValue(node, words, fallbackDefault);
    case "boolean":
      return typeof fallbackDefault === "boolean" ? !fallbackDefault : !words.includes("unsafe");
    case "object":
      return objectValue(node, description, scope);
    case "array": {
      const items = typeof node.items === "object" ? node.items : {};
      const events = isEnum(items) ? undefined : eventTypes(words, scope);
      if (events !== undefined) return [...events];
      // Title keywords to match (`spreadsheet_contains`) or to exclude (`spreadsheet_not_contains`).
      if (words.includes("contains")) return [words.includes("not") ? "draft" : "budget"];
      // An item is named by the list's name in the singular (`location_ids` → a location id).
      const item = typedValue(items, name.replace(/s$/, ""), undefined, undefined, scope);
      return item === undefined ? undefined : [item];
    }
    case "string": {
      const quoted = /^'([^']+)'/.exec(description ?? "")?.[1];
      if (quoted !== undefined) return quoted;
      return node.toolFormat === undefined
        ? namedString(words, scope)
        : formattedString(node.toolFormat, words, description, scope);
    }
    default:
      return undefined;
  }
}

/** The example value of a parameter, or undefined when the spec says too little to build a realistic one. */
export function exampleValue(parameter: Parameter, scope: ExampleScope): JsonValue | undefined {
  const value = typedValue(parameter.schema, parameter.name, parameter.description, parameter.default, scope);
  // A default shown back teaches nothing; a value equal to it is dropped for optional parameters.
  return parameter.requirement === "optional" &&
    value !== undefined &&
    JSON.stringify(value) === JSON.stringify(parameter.default)
    ? undefined
    : value;
}
