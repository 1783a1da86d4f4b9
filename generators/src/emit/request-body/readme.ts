// The README's table of a captured request body's fields: one row per field, nested objects and
// array items flattened to dotted paths (`items[].sku`), components expanded where they are used.
// Every engine string goes through markdownText or markdownCode.
import type { BodySchema, CapturedRequestBody } from "../../ir/request-body.ts";
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
  const rows = bodyRows(body);
  if (rows.length === 0) return `${intro} ${markdownText(summary(body.root, body))}.`;
  const table = rows.map((r) => `| ${markdownCode(r.path)} | ${markdownText(r.type)} | ${r.required ? "yes" : "no"} | ${markdownText(r.notes)} |`);
  return [intro, "", "| Field | Type | Required | Notes |", "| --- | --- | --- | --- |", ...table].join("\n");
}

/** Rows of every field reachable without passing through a oneOf or anyOf, or a component twice. */
function bodyRows(body: CapturedRequestBody): Row[] {
  const rows: Row[] = [];
  const walk = (schema: BodySchema, prefix: string, open: readonly string[]): void => {
    const target = resolve(schema, body);
    if (schema.kind === "ref" && open.includes(schema.name)) return;
    const inner = schema.kind === "ref" ? [...open, schema.name] : open;
    if (target.kind === "object") {
      for (const p of target.properties) {
        const path = prefix === "" ? p.name : `${prefix}.${p.name}`;
        rows.push({ path, type: summary(p.schema, body), required: p.required, notes: notes(resolve(p.schema, body)) });
        walk(p.schema, path, inner);
      }
    } else if (target.kind === "array") {
      walk(target.items, `${prefix}[]`, inner);
    } else if (target.kind === "allOf") {
      for (const option of target.options) walk(option, prefix, inner);
    }
  };
  walk(body.root, "", []);
  return rows;
}

function resolve(schema: BodySchema, body: CapturedRequestBody): BodySchema {
  return schema.kind === "ref" ? (body.components.find((c) => c.name === schema.name)?.schema ?? { kind: "any" }) : schema;
}

/** A short type: `string`, `array of Address`, `one of: string, integer`, `"a" | "b"`. */
function summary(schema: BodySchema, body: CapturedRequestBody): string {
  const nullable = "nullable" in schema && schema.nullable ? " or null" : "";
  switch (schema.kind) {
    case "ref":
      return `${schema.name} (${summary(resolve(schema, body), body)})${nullable}`;
    case "array":
      return `array of ${summary(schema.items, body)}${nullable}`;
    case "enum":
      return `${schema.values.map((v) => JSON.stringify(v)).join(" | ")}${nullable}`;
    case "oneOf":
    case "anyOf":
    case "allOf":
      return `${schema.kind === "oneOf" ? "one of" : schema.kind === "anyOf" ? "any of" : "all of"}: ${schema.options.map((o) => summary(o, body)).join("; ")}${nullable}`;
    case "any":
      return "any";
    default:
      return `${schema.kind}${nullable}`;
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
