// Reads what an engine answered to mode get_request_schema into the body-schema IR. One reader for
// `schemas pull` (is the answer usable?) and the loader (file:line:col for a committed capture).
// Accepted: an OpenAPI 3.0 or 3.1 Schema Object, the same with a sibling `components`, `{ schema,
// components }`, a Request Body Object with application/json content, or any of these as JSON text.
import type { BodyRef, BodySchema } from "../ir/request-body.ts";
import type { JsonValue } from "../ir/json.ts";
import { answerValueProblems } from "./answer-values.ts";
import { refProblems } from "./body-refs.ts";
import type { AnswerPath, BodyProblem } from "./body-problem.ts";

export interface ReadAnswer {
  readonly root: BodySchema;
  readonly components: readonly { readonly name: string; readonly schema: BodySchema }[];
  /** The root and component schemas exactly as the answer has them. */
  readonly answer: { readonly root: JsonValue; readonly components: Readonly<Record<string, JsonValue>> };
}

type JsonObject = { readonly [key: string]: JsonValue };

/** Keywords whose value is checked here; anything else that is not `x-…` makes the answer unusable. */
const checkedKeywords = new Set([
  "type", "nullable", "properties", "required", "additionalProperties", "items", "enum", "const", "oneOf", "anyOf", "allOf", "$ref",
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems",
  "minProperties", "maxProperties", "description", "format",
]);
/** Annotations (and `pattern`, `uniqueItems`, `multipleOf`, which the generated validator does not check). */
const annotationKeywords = new Set([
  "title", "default", "example", "examples", "deprecated", "readOnly", "writeOnly", "discriminator", "externalDocs", "xml",
  "pattern", "uniqueItems", "multipleOf", "$schema", "$id", "$comment",
]);
const typeNames = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
const componentName = /^[A-Za-z0-9._-]+$/;
const refPrefix = "#/components/schemas/";
/** Deeper schemas are not request bodies; the limit keeps the readers and emitters off deep recursion. */
const maxDepth = 32;

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** The body schema in an answer, or every problem that makes it unusable. */
export function readAnswer(answer: unknown): { ok: true; value: ReadAnswer } | { ok: false; problems: BodyProblem[] } {
  const problems: BodyProblem[] = [];
  const located = locate(answer, problems);
  if (located === undefined) return { ok: false, problems };
  const { root, rootPath, components, componentsPath } = located;
  const names = new Set(Object.keys(components));
  const reader = new Reader(names, problems);
  const read = {
    root: reader.schema(root, rootPath, 0),
    components: Object.entries(components).map(([name, schema]) => {
      if (!componentName.test(name)) problems.push({ path: [...componentsPath, name], message: `component name ${JSON.stringify(name)} is not an OpenAPI component name` });
      return { name, schema: reader.schema(schema, [...componentsPath, name], 0) };
    }),
    answer: { root, components },
  };
  // Only a schema read without problems has sound refs to follow.
  if (problems.length === 0) problems.push(...refProblems(read, rootPath, (ref) => reader.refPaths.get(ref) ?? rootPath));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: read };
}

interface Located {
  readonly root: JsonValue;
  readonly rootPath: AnswerPath;
  readonly components: Readonly<Record<string, JsonValue>>;
  readonly componentsPath: AnswerPath;
}

function locate(answer: unknown, problems: BodyProblem[]): Located | undefined {
  let value = answer;
  const text = typeof answer === "string";
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      problems.push({ path: [], message: "the answer is text that is not JSON" });
      return undefined;
    }
  }
  problems.push(...answerValueProblems(value, text));
  if (problems.length > 0) return undefined;
  if (!isObject(value)) {
    problems.push({ path: [], message: `the answer is ${describe(value)}, not an OpenAPI schema object` });
    return undefined;
  }
  const json = value["content"];
  if (isObject(json) && isObject(json["application/json"]) && "schema" in json["application/json"]) {
    // A Request Body Object: its JSON media type's schema.
    return { root: json["application/json"]["schema"] ?? null, rootPath: ["content", "application/json", "schema"], ...componentsOf(value, problems) };
  }
  if ("schema" in value && !("type" in value) && !("properties" in value)) {
    return { root: value["schema"] ?? null, rootPath: ["schema"], ...componentsOf(value, problems) };
  }
  const { components: _components, ...root } = value;
  return { root, rootPath: [], ...componentsOf(value, problems) };
}

function componentsOf(value: JsonObject, problems: BodyProblem[]): Pick<Located, "components" | "componentsPath"> {
  const components = value["components"];
  if (components === undefined) return { components: {}, componentsPath: ["components", "schemas"] };
  const schemas = isObject(components) ? components["schemas"] : undefined;
  if (!isObject(components) || (schemas !== undefined && !isObject(schemas))) {
    problems.push({ path: ["components"], message: "components must be an object whose schemas is an object of schemas" });
    return { components: {}, componentsPath: ["components", "schemas"] };
  }
  return { components: schemas ?? {}, componentsPath: ["components", "schemas"] };
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? "a string" : `a ${typeof value}`;
}

class Reader {
  /** Where each $ref was read, for the positions of the ref checks. */
  readonly refPaths = new Map<BodyRef, AnswerPath>();

  constructor(
    private readonly components: ReadonlySet<string>,
    private readonly problems: BodyProblem[],
  ) {}

  private problem(path: AnswerPath, message: string): void {
    this.problems.push({ path, message });
  }

  schema(node: JsonValue | undefined, path: AnswerPath, depth: number): BodySchema {
    if (depth > maxDepth) {
      this.problem(path, `schemas nest deeper than ${maxDepth} levels`);
      return { kind: "any" };
    }
    if (node === true || (isObject(node) && Object.keys(node).length === 0)) return { kind: "any" };
    if (!isObject(node)) {
      this.problem(path, `a schema must be an object, not ${describe(node)}`);
      return { kind: "any" };
    }
    for (const key of Object.keys(node)) {
      if (!checkedKeywords.has(key) && !annotationKeywords.has(key) && !key.startsWith("x-")) {
        this.problem([...path, key], `unsupported schema keyword ${JSON.stringify(key)}`);
      }
    }
    const description = this.text(node, "description", path);
    const format = this.text(node, "format", path);
    const { types, nullable } = this.types(node, path);
    const base = { nullable, ...(description !== undefined && { description }) };
    const composite = (["oneOf", "anyOf", "allOf"] as const).filter((k) => node[k] !== undefined);
    const parts: BodySchema[] = [];
    if (node["$ref"] !== undefined) parts.push(this.ref(node, path, base));
    else if (node["enum"] !== undefined || node["const"] !== undefined) parts.push(this.enumeration(node, path, base));
    else if (types.length === 1) parts.push(this.typed(types[0] ?? "", node, path, depth, base, format));
    else if (types.length > 1) parts.push({ kind: "anyOf", options: types.map((t) => this.typed(t, node, path, depth, { nullable: false }, format)), ...base });
    else if (composite.length === 0) parts.push(this.untyped(node, path, depth, base, format));
    for (const kind of composite) {
      const list = node[kind];
      if (!Array.isArray(list) || list.length === 0) {
        this.problem([...path, kind], `${kind} must be a non-empty array of schemas`);
        continue;
      }
      parts.push({ kind, options: list.map((option, i) => this.schema(option, [...path, kind, i], depth + 1)), ...base });
    }
    if (parts.length === 1) return parts[0] ?? { kind: "any" };
    return parts.length === 0 ? { kind: "any" } : { kind: "allOf", options: parts, ...base };
  }

  /** `type` as a list without null, and whether null is allowed (3.0 `nullable`, 3.1 `"null"` in the list). */
  private types(node: JsonObject, path: AnswerPath): { types: string[]; nullable: boolean } {
    const raw = node["type"];
    const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const types: string[] = [];
    for (const [i, t] of list.entries()) {
      if (typeof t !== "string" || !typeNames.has(t)) this.problem([...path, "type", ...(Array.isArray(raw) ? [i] : [])], `unknown type ${JSON.stringify(t)}`);
      else types.push(t);
    }
    if (node["nullable"] !== undefined && typeof node["nullable"] !== "boolean") this.problem([...path, "nullable"], "nullable must be true or false");
    const nullable = node["nullable"] === true || (types.includes("null") && types.length > 1);
    return { types: types.length > 1 ? types.filter((t) => t !== "null") : types, nullable };
  }

  private ref(node: JsonObject, path: AnswerPath, base: { nullable: boolean; description?: string }): BodySchema {
    const ref = node["$ref"];
    const name = typeof ref === "string" && ref.startsWith(refPrefix) ? decodePointer(ref.slice(refPrefix.length)) : undefined;
    if (name === undefined || !this.components.has(name)) {
      this.problem([...path, "$ref"], `$ref ${JSON.stringify(ref)} does not name a schema under components.schemas of the answer`);
      return { kind: "any" };
    }
    const read: BodyRef = { kind: "ref", name, ...base };
    this.refPaths.set(read, [...path, "$ref"]);
    return read;
  }

  private enumeration(node: JsonObject, path: AnswerPath, base: { nullable: boolean; description?: string }): BodySchema {
    const key = node["enum"] !== undefined ? "enum" : "const";
    const list = key === "enum" ? node["enum"] : [node["const"] ?? null];
    if (!Array.isArray(list) || list.length === 0) {
      this.problem([...path, key], "enum must be a non-empty array");
      return { kind: "any" };
    }
    const values: (string | number | boolean)[] = [];
    let nullable = base.nullable;
    for (const [i, v] of list.entries()) {
      if (v === null) nullable = true;
      else if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") values.push(v);
      else this.problem([...path, key, ...(key === "enum" ? [i] : [])], "enum values must be strings, numbers, booleans or null");
    }
    return values.length === 0 ? { kind: "null", ...(base.description !== undefined && { description: base.description }) } : { kind: "enum", values, ...base, nullable };
  }

  /** A schema without `type`: its keywords say what it is. */
  private untyped(node: JsonObject, path: AnswerPath, depth: number, base: { nullable: boolean; description?: string }, format: string | undefined): BodySchema {
    if (["properties", "required", "additionalProperties", "minProperties", "maxProperties"].some((k) => k in node)) return this.typed("object", node, path, depth, base, format);
    if (["items", "minItems", "maxItems"].some((k) => k in node)) return this.typed("array", node, path, depth, base, format);
    return { kind: "any", ...(base.description !== undefined && { description: base.description }) };
  }

  private typed(type: string, node: JsonObject, path: AnswerPath, depth: number, base: { nullable: boolean; description?: string }, format: string | undefined): BodySchema {
    switch (type) {
      case "string":
        return { kind: "string", ...base, ...this.counts(node, path, ["minLength", "maxLength"]), ...(format !== undefined && { format }) };
      case "integer":
      case "number":
        return { kind: type, ...base, ...this.bounds(node, path) };
      case "boolean":
        return { kind: "boolean", ...base };
      case "null":
        return { kind: "null", ...(base.description !== undefined && { description: base.description }) };
      case "array":
        return { kind: "array", ...base, items: node["items"] === undefined ? { kind: "any" } : this.schema(node["items"], [...path, "items"], depth + 1), ...this.counts(node, path, ["minItems", "maxItems"]) };
      default:
        return this.object(node, path, depth, base);
    }
  }

  private object(node: JsonObject, path: AnswerPath, depth: number, base: { nullable: boolean; description?: string }): BodySchema {
    // Absent means none; null is not a schema map or a name list, so it is reported, not read as empty.
    const properties = node["properties"] === undefined ? {} : node["properties"];
    const required = node["required"] === undefined ? [] : node["required"];
    if (!isObject(properties)) this.problem([...path, "properties"], "properties must be an object of schemas");
    if (!Array.isArray(required) || required.some((r) => typeof r !== "string")) this.problem([...path, "required"], "required must be an array of property names");
    const requiredNames = new Set(Array.isArray(required) ? required.filter((r): r is string => typeof r === "string") : []);
    const named = isObject(properties) ? Object.entries(properties) : [];
    // A required name without a schema is still required; its value may be anything.
    const extra = [...requiredNames].filter((name) => !named.some(([key]) => key === name)).map((name): [string, JsonValue] => [name, {}]);
    const additional = node["additionalProperties"];
    return {
      kind: "object",
      ...base,
      properties: [...named, ...extra].map(([name, schema]) => ({ name, required: requiredNames.has(name), schema: this.schema(schema, [...path, "properties", name], depth + 1) })),
      additional: additional === undefined || typeof additional === "boolean" ? additional !== false : this.schema(additional, [...path, "additionalProperties"], depth + 1),
      ...this.counts(node, path, ["minProperties", "maxProperties"]),
    };
  }

  private counts<K extends string>(node: JsonObject, path: AnswerPath, keys: readonly K[]): Partial<Record<K, number>> {
    const out: Partial<Record<K, number>> = {};
    for (const key of keys) {
      const value = node[key];
      if (value === undefined) continue;
      if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) out[key] = value;
      else this.problem([...path, key], `${key} must be a non-negative integer`);
    }
    return out;
  }

  /** Numeric bounds; OpenAPI 3.0's boolean exclusiveMinimum/Maximum turn the plain bound exclusive. */
  private bounds(node: JsonObject, path: AnswerPath): Partial<Record<"minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum", number>> {
    const out: Partial<Record<"minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum", number>> = {};
    for (const [plain, exclusive] of [["minimum", "exclusiveMinimum"], ["maximum", "exclusiveMaximum"]] as const) {
      const bound = node[plain];
      const flag = node[exclusive];
      if (bound !== undefined && (typeof bound !== "number" || !Number.isFinite(bound))) this.problem([...path, plain], `${plain} must be a number`);
      if (flag !== undefined && typeof flag !== "boolean" && (typeof flag !== "number" || !Number.isFinite(flag))) this.problem([...path, exclusive], `${exclusive} must be a number (3.1) or a boolean (3.0)`);
      if (typeof flag === "number") out[exclusive] = flag;
      if (typeof bound === "number" && Number.isFinite(bound)) out[flag === true ? exclusive : plain] = bound;
    }
    return out;
  }

  private text(node: JsonObject, key: string, path: AnswerPath): string | undefined {
    const value = node[key];
    if (value === undefined) return undefined;
    if (typeof value === "string") return value;
    this.problem([...path, key], `${key} must be a string`);
    return undefined;
  }
}

/** A JSON pointer segment (`~1` is `/`, `~0` is `~`); undefined when it is more than one segment. */
function decodePointer(segment: string): string | undefined {
  return segment.includes("/") ? undefined : segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
