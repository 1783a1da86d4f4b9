// The README's table of a captured request body's fields: one row per field, nested objects and
// array items flattened to dotted paths (`items[].sku`), a component's fields listed where it is
// first used.
// Every engine string goes through markdownText or markdownCode.
import { isCheckedFormat, type Schema, type SchemaNode } from "../../ir/schema.ts";
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
  const intro =
    `\`request_body\` fields (type ${markdownCode(typeName)}), from the schema captured from ` +
    `${markdownCode(body.capturedFrom)} at ${markdownText(body.capturedAt)}; the validator checks them:`;
  const components = new Map(body.definitions.map((c) => [c.name, c.schema]));
  const summaries = new Summaries(components);
  const rows = bodyRows(body.root, components, summaries);
  if (rows.length === 0) return `${intro} ${markdownText(summaries.of(body.root))}.`;
  const table = rows.map(
    (r) =>
      `| ${markdownCode(r.path)} | ${markdownText(r.type)} | ${r.required ? "yes" : "no"} | ${markdownText(r.notes)} |`,
  );
  return [intro, "", "| Field | Type | Required | Notes |", "| --- | --- | --- | --- |", ...table].join("\n");
}

/**
 * Rows of every field reachable without passing through a oneOf or anyOf. A component's fields are
 * listed once, where it is first used; later uses (and recursion) point there, so the table grows
 * with the schema's size, not with how often components refer to each other.
 */
function bodyRows(root: Schema, components: ReadonlyMap<string, Schema>, summaries: Summaries): Row[] {
  const rows: Row[] = [];
  const listedAt = new Map<string, string>();
  const walk = (schema: Schema, prefix: string): void => {
    if (typeof schema === "boolean") return;
    if (schema.$ref !== undefined) {
      if (!listedAt.has(schema.$ref)) {
        listedAt.set(schema.$ref, prefix);
        walk(components.get(schema.$ref) ?? true, prefix);
      }
    }
    const required = new Set(schema.required ?? []);
    const listed = schema.properties ?? [];
    const unlisted = [...required]
      .filter((name) => !listed.some((p) => p.name === name))
      .map((name) => ({ name, value: true }));
    for (const p of [...listed, ...unlisted]) {
      const path = prefix === "" ? p.name : `${prefix}.${p.name}`;
      const shared = componentOf(p.value);
      const listedPath = shared === undefined ? undefined : listedAt.get(shared);
      const seeAlso =
        listedPath === undefined ? [] : [`fields listed under ${listedPath === "" ? "the top level" : listedPath}`];
      rows.push({
        path,
        type: summaries.of(p.value),
        required: required.has(p.name),
        notes: [notes(resolve(p.value, components)), ...seeAlso].filter((n) => n !== "").join("; "),
      });
      walk(p.value, path);
    }
    if (schema.items !== undefined) walk(schema.items, `${prefix}[]`);
    for (const option of schema.allOf ?? []) walk(option, prefix);
  };
  walk(root, "");
  return rows;
}

/** The definition whose fields a field's rows would list: its own, or its (nested) items'. */
function componentOf(schema: Schema): string | undefined {
  if (typeof schema === "boolean") return undefined;
  return schema.$ref ?? (schema.items === undefined ? undefined : componentOf(schema.items));
}

function resolve(schema: Schema, components: ReadonlyMap<string, Schema>): Schema {
  return typeof schema !== "boolean" && schema.$ref !== undefined && Object.keys(schema).length === 1
    ? (components.get(schema.$ref) ?? true)
    : schema;
}

/** Summaries are cut at this length: a type column is for reading, the schema is in the manifest. */
const maxSummary = 200;

/**
 * Short types: `string`, `array of Address (object)`, `one of: string; integer`, `"a" | "b"`. A
 * definition is shown by name with its own summary one level deep, computed once per definition.
 */
class Summaries {
  private readonly targets = new Map<string, string>();
  constructor(private readonly components: ReadonlyMap<string, Schema>) {}

  of(schema: Schema): string {
    return this.summary(schema, true);
  }

  private summary(schema: Schema, expandRefs: boolean): string {
    if (typeof schema === "boolean") return schema ? "any" : "nothing";
    const parts: string[] = [];
    if (schema.$ref !== undefined)
      parts.push(expandRefs ? `${schema.$ref} (${this.target(schema.$ref)})` : schema.$ref);
    if (schema.enum !== undefined) parts.push(schema.enum.map((v) => JSON.stringify(v)).join(" | "));
    else if (schema.const !== undefined) parts.push(JSON.stringify(schema.const));
    else if (schema.type !== undefined) {
      parts.push(
        schema.type
          .map((t) =>
            t === "array" && schema.items !== undefined ? `array of ${this.summary(schema.items, expandRefs)}` : t,
          )
          .join(" or "),
      );
    }
    for (const kind of ["oneOf", "anyOf", "allOf"] as const) {
      const options = schema[kind];
      if (options !== undefined)
        parts.push(
          `${kind === "oneOf" ? "one of" : kind === "anyOf" ? "any of" : "all of"}: ` +
            options.map((o) => this.summary(o, expandRefs)).join("; "),
        );
    }
    const text = parts.length === 0 ? "any" : parts.join(", ");
    // Cut by code points, so no surrogate pair is split.
    return text.length > maxSummary ? `${Array.from(text).slice(0, maxSummary).join("")}…` : text;
  }

  private target(name: string): string {
    let text = this.targets.get(name);
    if (text === undefined) {
      text = this.summary(this.components.get(name) ?? true, false);
      this.targets.set(name, text);
    }
    return text;
  }
}

function notes(schema: Schema): string {
  if (typeof schema === "boolean") return schema ? "" : "no value is allowed";
  const parts: string[] = [];
  if (schema.description !== undefined) parts.push(schema.description);
  const bounds = (label: string, min: number | undefined, max: number | undefined): void => {
    if (min !== undefined) parts.push(`${label} at least ${min}`);
    if (max !== undefined) parts.push(`${label} at most ${max}`);
  };
  bounds("length", schema.minLength, schema.maxLength);
  if (schema.pattern !== undefined) parts.push(`matches ${schema.pattern}`);
  if (schema.format !== undefined)
    parts.push(`format ${schema.format}${isCheckedFormat(schema.format) ? "" : " (not checked)"}`);
  bounds("value", schema.minimum, schema.maximum);
  if (schema.exclusiveMinimum !== undefined) parts.push(`greater than ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) parts.push(`less than ${schema.exclusiveMaximum}`);
  if (schema.multipleOf !== undefined) parts.push(`a multiple of ${schema.multipleOf}`);
  bounds("items", schema.minItems, schema.maxItems);
  if (schema.uniqueItems === true) parts.push("items unique");
  if (schema.additionalProperties === false) parts.push("no other fields");
  if (hasConditions(schema)) parts.push("further conditions in the schema");
  return parts.join("; ");
}

/** Keywords a row does not spell out; the manifest's schema has them. */
function hasConditions(schema: SchemaNode): boolean {
  return [
    "not",
    "if",
    "contains",
    "prefixItems",
    "patternProperties",
    "propertyNames",
    "dependentRequired",
    "dependentSchemas",
    "anyOf",
    "oneOf",
  ].some((k) => k in schema);
}
