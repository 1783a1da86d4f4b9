// Structural validation of a spec against the committed JSON Schema (the same one editors use),
// with Ajv's errors turned into positioned diagnostics that say what to do.
import type { ErrorObject, ValidateFunction } from "ajv";
import { closest, type Diagnostic, type DiagnosticCode } from "./diagnostics.ts";
import type { SpecPath, SpecSource } from "./source.ts";
import { readSchemaTexts, specValidators, type SchemaName } from "./spec-schema.ts";

let validators: Readonly<Record<SchemaName, ValidateFunction>> | undefined;

function validatorFor(name: SchemaName): ValidateFunction {
  validators ??= specValidators(readSchemaTexts());
  return validators[name];
}

export interface SchemaResult {
  readonly diagnostics: readonly Diagnostic[];
  /** Tools (by index) with a structural error; the rest of a server spec can still be checked. */
  readonly brokenTools: ReadonlySet<number>;
  /** Whether an error lies outside any single tool, so nothing can be built. */
  readonly brokenElsewhere: boolean;
}

export function checkSchema(source: SpecSource, schema: SchemaName): SchemaResult {
  const validate = validatorFor(schema);
  if (validate(source.data)) return { diagnostics: [], brokenTools: new Set(), brokenElsewhere: false };
  const errors = validate.errors ?? [];
  const toolIndexes = errors.map((e) =>
    schema === "server" ? /^\/tools\/(\d+)(?:\/|$)/.exec(e.instancePath)?.[1] : undefined,
  );
  // A failed `oneOf` (not-shown | list) reports every branch; keep the deeper, specific errors and
  // report the union itself only when nothing more specific was found under it.
  const unionPaths = new Set(errors.filter((e) => e.keyword === "oneOf").map((e) => e.instancePath));
  const diagnostics: Diagnostic[] = [];
  for (const error of errors) {
    const underUnion = unionPaths.has(error.instancePath) && error.keyword !== "oneOf";
    if (underUnion) continue;
    if (error.keyword === "oneOf" && errors.some((e) => e.instancePath.startsWith(`${error.instancePath}/`))) continue;
    diagnostics.push(toDiagnostic(source, error));
  }
  return {
    diagnostics: dedupe(diagnostics),
    brokenTools: new Set(toolIndexes.filter((i) => i !== undefined).map(Number)),
    brokenElsewhere: toolIndexes.includes(undefined),
  };
}

function toDiagnostic(source: SpecSource, error: ErrorObject): Diagnostic {
  const path = toPath(source.data, error.instancePath);
  const where = describePath(path, source.data);
  const position = source.at(path);
  const make = (code: DiagnosticCode, message: string, hint: string, at = position): Diagnostic => ({
    ...at,
    code,
    message,
    hint,
  });
  switch (error.keyword) {
    case "additionalProperties": {
      const key = String(error.params["additionalProperty"]);
      const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const suggestion = closest(key, allowed);
      return make(
        "unknown-key",
        `unknown key "${key}" in ${where}`,
        suggestion !== undefined ? `Did you mean "${suggestion}"?` : `Allowed keys: ${allowed.join(", ")}.`,
        source.keyAt(path, key),
      );
    }
    case "required": {
      const key = String(error.params["missingProperty"]);
      return make("missing-key", `${where} is missing required key "${key}"`, `Add "${key}:" to ${where}.`);
    }
    case "type":
      return make(
        "wrong-type",
        `${where} must be ${article(String(error.params["type"]))}, got ${typeName(error.data)}`,
        "Change the value to the expected type (quote it to make it a string).",
      );
    case "enum":
    case "const": {
      const allowed = (
        error.keyword === "enum" ? (error.params["allowedValues"] as unknown[]) : [error.params["allowedValue"]]
      ).map(String);
      const field = path[path.length - 1];
      const code: DiagnosticCode =
        field === "type" && path.includes("parameters")
          ? "unknown-type"
          : field === "format"
            ? "unknown-format"
            : "invalid-value";
      const suggestion = closest(String(error.data), allowed);
      return make(
        code,
        `${where} has ${
          code === "unknown-type" ? "unknown type" : code === "unknown-format" ? "unknown format" : "invalid value"
        } ${JSON.stringify(error.data)}`,
        `${suggestion !== undefined ? `Did you mean "${suggestion}"? ` : ""}Use one of: ${allowed.join(", ")}.`,
      );
    }
    case "oneOf":
      return make(
        "wrong-type",
        `${where} must be the string "not-shown" or a list`,
        "Write `not-shown` when the document does not show it, or a YAML list ([] for none).",
      );
    default:
      return make(
        "invalid-value",
        `${where} ${error.message ?? "is invalid"}`,
        "See the spec schema in specs/schema/.",
      );
  }
}

function toPath(data: unknown, pointer: string): SpecPath {
  const path: (string | number)[] = [];
  let node = data;
  for (const raw of pointer.split("/").slice(1)) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    const key = Array.isArray(node) ? Number(segment) : segment;
    path.push(key);
    node = node !== null && typeof node === "object" ? (node as Record<string | number, unknown>)[key] : undefined;
  }
  return path;
}

/**
 * Human path that names what it can: `tool GetWidget, parameter limit, minimum` rather than
 * `tools[0].parameters[1].minimum`; indexes remain where an entry has no usable name.
 */
export function describePath(path: SpecPath, data: unknown): string {
  if (path.length === 0) return "the spec";
  const parts: string[] = [];
  let node = data;
  path.forEach((segment, i) => {
    node = node !== null && typeof node === "object" ? (node as Record<string | number, unknown>)[segment] : undefined;
    const name =
      typeof segment === "number" && node !== null && typeof node === "object"
        ? (node as { name?: unknown }).name
        : undefined;
    const owner = path[i - 1];
    const named = typeof name === "string" && /^[\w.-]{1,80}$/.test(name) ? namedEntry(owner, name) : undefined;
    if (named !== undefined) parts[parts.length - 1] = named;
    else parts.push(typeof segment === "number" ? `${parts.pop() ?? ""}[${segment}]` : segment);
  });
  return parts.join(", ");
}

const entryWords: Record<string, string> = {
  tools: "tool",
  parameters: "parameter",
  secrets: "secret",
  keys: "object key",
  resources: "resource",
};

function namedEntry(owner: string | number | undefined, name: string): string | undefined {
  const word = typeof owner === "string" ? entryWords[owner] : undefined;
  return word === undefined ? undefined : `${word} ${name}`;
}

function article(type: string): string {
  return type === "integer" || type === "object" || type === "array" ? `an ${type}` : `a ${type}`;
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  return `${typeof value} ${JSON.stringify(value)}`;
}

function dedupe(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.line}:${d.col}:${d.code}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
