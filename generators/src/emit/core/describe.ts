// Plain-language facts about tools and parameters, shared by JSDoc, the manifest and the README so
// the three always say the same thing.
import { formatDescriptions } from "../../../../packages/runtime/src/internal/issues.ts";
import type { JsonValue } from "../../ir/json.ts";
import type { SchemaNode } from "../../ir/schema.ts";
import type { Parameter, Rule, Tool } from "../../ir/types.ts";

/** Short type text for tables: `integer`, `string (a YYYY-MM-DD date)`, `"A" | "B"`. */
export function typeSummary(node: SchemaNode): string {
  const oneOf = (values: readonly JsonValue[]) => values.map((v) => JSON.stringify(v)).join(" | ");
  if (node.enum !== undefined) return oneOf(node.enum);
  if (node.valuesNotShown) return `string (${node.enumName ?? "enum"}, values not shown)`;
  switch (node.type?.[0]) {
    case "string":
      return node.toolFormat === undefined ? "string" : `string (${formatDescriptions[node.toolFormat]})`;
    case "object":
      return node.maxProperties === 0 ? "object (empty)" : "object";
    case "array": {
      const items = typeof node.items === "object" ? node.items.enum : undefined;
      return `array of ${items === undefined ? "string" : oneOf(items)}`;
    }
    default:
      return node.type?.join(" or ") ?? "any";
  }
}

/** Constraint sentences for a parameter ("Minimum 1, maximum 1000."). */
export function constraintFacts(parameter: Parameter, executeValue: string): string[] {
  const facts: string[] = [];
  const node = parameter.schema;
  if (parameter.requirement === "execute") facts.push(`Required when mode is ${executeValue}.`);
  const range = [
    node.minimum !== undefined && `minimum ${node.minimum}`,
    node.maximum !== undefined && `maximum ${node.maximum}`,
  ].filter(Boolean);
  if (range.length > 0) facts.push(`${capitalize(range.join(", "))}.`);
  if (node.toolFormat !== undefined) facts.push(`Format: ${formatDescriptions[node.toolFormat]}.`);
  if (node.enum !== undefined) facts.push(`One of: ${node.enum.join(", ")}.`);
  if (node.valuesNotShown) facts.push(`Values of ${node.enumName ?? "the enum"}: not shown in the catalog.`);
  const items = typeof node.items === "object" ? node.items.enum : undefined;
  if (items !== undefined) facts.push(`Items: one of ${items.join(", ")}.`);
  const keys = node.keys ?? [];
  if (keys.length > 0)
    facts.push(
      "Keys named by the catalog: " +
        `${keys.map((k) => (k.description ? `${k.name} (${k.description})` : k.name)).join(", ")}.`,
    );
  if (node.maxProperties === 0) facts.push("Must be an empty object.");
  else if (node.minProperties !== undefined && node.minProperties === node.maxProperties)
    facts.push(`Exactly ${node.minProperties} key${node.minProperties === 1 ? "" : "s"}.`);
  else {
    if (node.minProperties !== undefined) facts.push(`At least ${node.minProperties} keys.`);
    if (node.maxProperties !== undefined) facts.push(`At most ${node.maxProperties} keys.`);
  }
  if (parameter.default !== undefined) facts.push(`Default: ${JSON.stringify(parameter.default)}.`);
  // Notes such as "absent: any version" already say when they apply.
  if (parameter.defaultNote !== undefined)
    facts.push(`When absent: ${parameter.defaultNote.replace(/^absent:\s*/i, "")}.`);
  return facts;
}

/** Everything known about a parameter, as sentences: description, constraints, notes. */
export function parameterFacts(parameter: Parameter, executeValue: string): string[] {
  return [
    ...(parameter.description === undefined ? [] : [sentence(parameter.description)]),
    ...constraintFacts(parameter, executeValue),
    ...parameter.notes.map(sentence),
  ];
}

export function ruleText(rule: Rule): string {
  switch (rule.kind) {
    case "required-when":
      return `${rule.parameter} is required when ${rule.when} is ${rule.equals}.`;
    case "requires":
      return `${rule.parameter} must be given together with ${rule.requires}.`;
    case "precedence":
      return `${rule.parameter} takes precedence over ${rule.over}.`;
  }
}

/** Secrets and scopes of a tool, as sentences. */
export function accessFacts(tool: Tool): string[] {
  const facts = [tool.secrets.length === 0 ? "Declares no secrets." : `Secrets: ${tool.secrets.join(", ")}.`];
  if (tool.scopes !== undefined) {
    facts.push(
      !tool.scopes.known
        ? "OAuth scopes: not shown in the catalog."
        : tool.scopes.value.length === 0
          ? "OAuth scopes: none."
          : `OAuth scopes: ${tool.scopes.value.join(", ")}.`,
    );
  }
  return facts;
}

/**
 * A judgment in one short clause, for text a model or a reader of declarations sees: its sentence
 * that says what toolcat does, told as what the tool accepts (`toolcat rejects a null cell` becomes
 * `Rejects a null cell`), or else its first sentence. A model needs what the tool takes, not who
 * decided it; the README keeps the whole reading, attributed.
 */
export function judgmentBrief(text: string): string {
  const sentences = text.trim().split(/(?<=\.)\s+/);
  const own = sentences.find((s) => /\btoolcat\b/.test(s));
  if (own === undefined) return sentence(sentences[0] ?? "");
  return sentence(own.replace(/^toolcat\s+/, "").replace(/\btoolcat\b/g, "the tool"));
}

export function sentence(text: string): string {
  const trimmed = capitalize(text.trim());
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * Capitalizes a leading plain word; a leading identifier (`get_request_schema`, `max_rows`) and the name toolcat stay
 * as written.
 */
function capitalize(text: string): string {
  return /^[a-z]+(?=[\s,.;:!?]|$)/.test(text) && !/^toolcat\b/.test(text)
    ? text.charAt(0).toUpperCase() + text.slice(1)
    : text;
}
