// The README's table of a captured request body's fields: one row per field, nested objects and
// array items flattened to dotted paths (`items[].sku`), a component's fields listed where it is
// first used.
// Every engine string goes through markdownText or markdownCode.
import type { BodySchema } from "../../ir/request-body.ts";
import type { Tool } from "../../ir/types.ts";
import { markdownCode, markdownText } from "../core/escape.ts";

interface Row {
  readonly path: string;
  readonly type: string;
  readonly required: boolean;
  readonly notes: string;
}

/** Markdown for a tool's captured body, or "" when none was captured. */
export function requestBodyReadme(tool: Tool, typeName: string): string {
  const body = tool.requestBody;
  if (body === undefined) return "";
  const intro = `\`request_body\` fields (type ${markdownCode(typeName)}), from the schema captured from ${markdownCode(body.capturedFrom)} at ${markdownText(body.capturedAt)}; the validator checks them:`;
  const components = new Map(body.components.map((c) => [c.name, c.schema]));
  const summaries = new Summaries(components);
  const rows = bodyRows(body.root, components, summaries);
  if (rows.length === 0) return `${intro} ${markdownText(summaries.of(body.root))}.`;
  const table = rows.map((r) => `| ${markdownCode(r.path)} | ${markdownText(r.type)} | ${r.required ? "yes" : "no"} | ${markdownText(r.notes)} |`);
  return [intro, "", "| Field | Type | Required | Notes |", "| --- | --- | --- | --- |", ...table].join("\n");
}

/**
 * Rows of every field reachable without passing through a oneOf or anyOf. A component's fields are
 * listed once, where it is first used; later uses (and recursion) point there, so the table grows
 * with the schema's size, not with how often components refer to each other.
 */
function bodyRows(root: BodySchema, components: ReadonlyMap<string, BodySchema>, summaries: Summaries): Row[] {
  const rows: Row[] = [];
  const listedAt = new Map<string, string>();
  const walk = (schema: BodySchema, prefix: string): void => {
    if (schema.kind === "ref") {
      if (listedAt.has(schema.name)) return;
      listedAt.set(schema.name, prefix);
    }
    const target = resolve(schema, components);
    if (target.kind === "object") {
      for (const p of target.properties) {
        const path = prefix === "" ? p.name : `${prefix}.${p.name}`;
        const shared = componentOf(p.schema);
        const listed = shared === undefined ? undefined : listedAt.get(shared);
        const seeAlso = listed === undefined ? [] : [`fields listed under ${listed === "" ? "the top level" : listed}`];
        rows.push({ path, type: summaries.of(p.schema), required: p.required, notes: [notes(resolve(p.schema, components)), ...seeAlso].filter((n) => n !== "").join("; ") });
        walk(p.schema, path);
      }
    } else if (target.kind === "array") {
      walk(target.items, `${prefix}[]`);
    } else if (target.kind === "allOf") {
      for (const option of target.options) walk(option, prefix);
    }
  };
  walk(root, "");
  return rows;
}

/** The component whose fields a field's rows would list: its own, or its (nested) items'. */
function componentOf(schema: BodySchema): string | undefined {
  if (schema.kind === "array") return componentOf(schema.items);
  return schema.kind === "ref" ? schema.name : undefined;
}

function resolve(schema: BodySchema, components: ReadonlyMap<string, BodySchema>): BodySchema {
  return schema.kind === "ref" ? (components.get(schema.name) ?? { kind: "any" }) : schema;
}

/** Summaries are cut at this length: a type column is for reading, the schema is in the manifest. */
const maxSummary = 200;

/**
 * Short types: `string`, `array of Address (object)`, `one of: string, integer`, `"a" | "b"`. A
 * component is shown by name with its own summary one level deep, computed once per component.
 */
class Summaries {
  private readonly targets = new Map<string, string>();
  constructor(private readonly components: ReadonlyMap<string, BodySchema>) {}

  of(schema: BodySchema): string {
    return this.summary(schema, true);
  }

  private summary(schema: BodySchema, expandRefs: boolean): string {
    const nullable = "nullable" in schema && schema.nullable ? " or null" : "";
    const text = ((): string => {
      switch (schema.kind) {
        case "ref":
          return expandRefs ? `${schema.name} (${this.target(schema.name)})` : schema.name;
        case "array":
          return `array of ${this.summary(schema.items, expandRefs)}`;
        case "enum":
          return schema.values.map((v) => JSON.stringify(v)).join(" | ");
        case "oneOf":
        case "anyOf":
        case "allOf":
          return `${schema.kind === "oneOf" ? "one of" : schema.kind === "anyOf" ? "any of" : "all of"}: ${schema.options.map((o) => this.summary(o, expandRefs)).join("; ")}`;
        default:
          return schema.kind;
      }
    })();
    // Cut by code points, so no surrogate pair is split.
    const clipped = text.length > maxSummary ? `${Array.from(text).slice(0, maxSummary).join("")}…` : text;
    return `${clipped}${nullable}`;
  }

  private target(name: string): string {
    let text = this.targets.get(name);
    if (text === undefined) {
      text = this.summary(this.components.get(name) ?? { kind: "any" }, false);
      this.targets.set(name, text);
    }
    return text;
  }
}

function notes(schema: BodySchema): string {
  const parts: string[] = [];
  if (schema.description !== undefined) parts.push(schema.description);
  const bounds = (label: string, min: number | undefined, max: number | undefined): void => {
    if (min !== undefined) parts.push(`${label} at least ${min}`);
    if (max !== undefined) parts.push(`${label} at most ${max}`);
  };
  switch (schema.kind) {
    case "string":
      bounds("length", schema.minLength, schema.maxLength);
      if (schema.format !== undefined) parts.push(`format ${schema.format} (not checked)`);
      break;
    case "integer":
    case "number":
      bounds("value", schema.minimum, schema.maximum);
      if (schema.exclusiveMinimum !== undefined) parts.push(`greater than ${schema.exclusiveMinimum}`);
      if (schema.exclusiveMaximum !== undefined) parts.push(`less than ${schema.exclusiveMaximum}`);
      break;
    case "array":
      bounds("items", schema.minItems, schema.maxItems);
      break;
    case "object":
      if (schema.additional === false) parts.push("no other fields");
      break;
  }
  return parts.join("; ");
}
