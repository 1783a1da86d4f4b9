// Reads JSON Schema (OpenAPI 3.0/3.1 Schema Objects) into the schema IR, one keyword at a time by
// the vocabulary's value kinds. Every key of a schema object is either a keyword read here, an
// annotation, an `x-` extension, or a problem naming it: nothing is accepted and then ignored.
// Refs are local JSON pointers into the document; each target is read once, as a definition.
import type { JsonValue } from "../ir/json.ts";
import type { Definition, Keyword, Named, Schema, SchemaNode, TypeName } from "../ir/schema.ts";
import { isKeyword, keywords, vocabulary, type ValueKind } from "../ir/vocabulary.ts";
import type { AnswerPath, BodyProblem } from "./body-problem.ts";
import { unsafePattern } from "./pattern-safety.ts";

type JsonObject = { readonly [key: string]: JsonValue };

/** Keywords kept as documentation only (description is kept in the IR; these are not). */
const annotations = new Set([
  "title",
  "default",
  "example",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "discriminator",
  "externalDocs",
  "xml",
  "$schema",
  "$comment",
  "contentMediaType",
  "contentEncoding",
  "contentSchema",
  "description",
  "nullable",
  "$defs",
]);
/** Keywords of JSON Schema that toolcat cannot check, each with why. */
const refused: Readonly<Record<string, string>> = {
  $id: "a nested base URI is not supported: refs must be local JSON pointers (#/...)",
  $anchor: "anchors are not supported: refs must be local JSON pointers (#/...)",
  $dynamicRef: "dynamic refs are not supported",
  $dynamicAnchor: "dynamic anchors are not supported",
  $recursiveRef: "recursive refs (draft 2019-09) are not supported",
  $recursiveAnchor: "recursive anchors (draft 2019-09) are not supported",
  $vocabulary: "custom vocabularies are not supported",
  unevaluatedProperties: "unevaluatedProperties is not supported",
  unevaluatedItems: "unevaluatedItems is not supported",
  dependencies: "dependencies (draft 7) is not supported: use dependentRequired or dependentSchemas",
  definitions: "definitions (draft 7) is not supported: use $defs or components.schemas",
};
const typeNames: ReadonlySet<string> = new Set<TypeName>([
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
]);
const componentName = /^[A-Za-z0-9._-]+$/;
/** Deeper schemas are not request bodies; the limit keeps the readers and emitters off deep recursion. */
export const maxDepth = 32;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export class SchemaReader {
  /** Where each `$ref` was read, for the positions of the ref checks. */
  readonly refPaths = new Map<SchemaNode, AnswerPath>();
  private readonly definitionList: { name: string; pointer: string; schema: Schema }[] = [];
  private readonly byPointer = new Map<string, number>();

  /**
   * `document` is what pointers resolve in; `root` is the schema at `rootPath` in it, as read (an
   * answer's root schema comes without its sibling `components`).
   */
  constructor(
    private readonly document: JsonValue,
    private readonly root: JsonValue,
    private readonly rootPath: AnswerPath,
    private readonly problems: BodyProblem[],
  ) {}

  get definitions(): readonly Definition[] {
    return this.definitionList;
  }

  private problem(path: AnswerPath, message: string): void {
    this.problems.push({ path, message });
  }

  schema(node: JsonValue | undefined, path: AnswerPath, depth: number): Schema {
    if (depth > maxDepth) {
      this.problem(path, `schemas nest deeper than ${maxDepth} levels`);
      return true;
    }
    if (typeof node === "boolean") return node;
    if (!isObject(node)) {
      this.problem(path, `a schema must be an object or a boolean, not ${describe(node)}`);
      return true;
    }
    const out: { -readonly [K in keyof SchemaNode]: unknown } = {};
    for (const key of Object.keys(node)) {
      if (isKeyword(key) || annotations.has(key) || key.startsWith("x-")) continue;
      const why = refused[key];
      this.problem(
        [...path, key],
        why === undefined ? `unsupported schema keyword ${JSON.stringify(key)}` : `${JSON.stringify(key)}: ${why}`,
      );
    }
    const description = node["description"];
    if (description !== undefined) {
      if (typeof description === "string") out.description = description;
      else this.problem([...path, "description"], "description must be a string");
    }
    for (const keyword of keywords) {
      const value = node[keyword];
      if (value === undefined) continue;
      const read = this.keyword(keyword, vocabulary[keyword].value, value, [...path, keyword], depth);
      if (read !== undefined) out[keyword] = read;
    }
    this.openApi30(node, path, out);
    const defs = node["$defs"];
    if (defs !== undefined) {
      // Read for their problems; a definition some $ref names is read again as that definition.
      if (isObject(defs))
        for (const [name, schema] of Object.entries(defs)) this.schema(schema, [...path, "$defs", name], depth + 1);
      else this.problem([...path, "$defs"], "$defs must be an object of schemas");
    }
    const read = out as SchemaNode;
    if (read.$ref !== undefined) this.refPaths.set(read, [...path, "$ref"]);
    return read;
  }

  /** OpenAPI 3.0: `nullable: true` allows null; a boolean exclusiveMinimum/Maximum makes the plain bound exclusive. */
  private openApi30(node: JsonObject, path: AnswerPath, out: { -readonly [K in keyof SchemaNode]: unknown }): void {
    const nullable = node["nullable"];
    if (nullable !== undefined && typeof nullable !== "boolean")
      this.problem([...path, "nullable"], "nullable must be true or false");
    if (nullable === true) {
      const types = out.type as TypeName[] | undefined;
      if (types !== undefined && !types.includes("null")) out.type = [...types, "null"];
      const values = out.enum as JsonValue[] | undefined;
      if (values !== undefined && !values.includes(null)) out.enum = [...values, null];
    }
    for (const [plain, exclusive] of [
      ["minimum", "exclusiveMinimum"],
      ["maximum", "exclusiveMaximum"],
    ] as const) {
      const flag = node[exclusive];
      if (typeof flag !== "boolean") continue;
      delete out[exclusive];
      if (flag && out[plain] !== undefined) {
        out[exclusive] = out[plain];
        delete out[plain];
      }
    }
  }

  private keyword(keyword: Keyword, kind: ValueKind, value: JsonValue, path: AnswerPath, depth: number): unknown {
    const fail = (what: string): undefined => void this.problem(path, `${keyword} must be ${what}`);
    switch (kind) {
      case "ref":
        return this.ref(value, path);
      case "types":
        return this.types(value, path);
      case "json":
        return value;
      case "json-list":
        return Array.isArray(value) ? value : fail("an array");
      case "schema":
        return this.schema(value, path, depth + 1);
      case "schemas":
        return Array.isArray(value) && value.length > 0
          ? value.map((s, i) => this.schema(s, [...path, i], depth + 1))
          : fail("a non-empty array of schemas");
      case "schema-map":
        return isObject(value)
          ? this.named(value, (s, name) => this.schema(s, [...path, name], depth + 1))
          : fail("an object of schemas");
      case "pattern-map":
        if (!isObject(value)) return fail("an object of schemas by pattern");
        return this.named(value, (s, name) =>
          this.pattern(name, [...path, name]) === undefined ? undefined : this.schema(s, [...path, name], depth + 1),
        );
      case "positive":
        return typeof value === "number" && value > 0 ? value : fail("a number above 0");
      case "number":
        // OpenAPI 3.0's boolean exclusive bounds are read by openApi30.
        if (typeof value === "boolean" && (keyword === "exclusiveMinimum" || keyword === "exclusiveMaximum"))
          return undefined;
        return typeof value === "number"
          ? value
          : fail(keyword.startsWith("exclusive") ? "a number (3.1) or a boolean (3.0)" : "a number");
      case "count":
        return typeof value === "number" && Number.isSafeInteger(value) && value >= 0
          ? value
          : fail("a non-negative integer");
      case "pattern":
        return this.pattern(value, path);
      case "text":
        return typeof value === "string" ? value : fail("a string");
      case "boolean":
        return typeof value === "boolean" ? value : fail("true or false");
      case "names":
        return this.names(value, path, keyword);
      case "names-map":
        return isObject(value)
          ? this.named(value, (list, name) => this.names(list, [...path, name], keyword))
          : fail("an object of property-name lists");
    }
  }

  private named<T>(value: JsonObject, read: (value: JsonValue, name: string) => T | undefined): Named<T>[] {
    return Object.entries(value).flatMap(([name, v]) => {
      const item = read(v, name);
      return item === undefined ? [] : [{ name, value: item }];
    });
  }

  private names(value: JsonValue, path: AnswerPath, keyword: string): string[] | undefined {
    if (
      Array.isArray(value) &&
      value.every((v): v is string => typeof v === "string") &&
      new Set(value).size === value.length
    )
      return value;
    this.problem(path, `${keyword} must be an array of distinct property names`);
    return undefined;
  }

  private types(value: JsonValue, path: AnswerPath): TypeName[] | undefined {
    const list = Array.isArray(value) ? value : [value];
    const types: TypeName[] = [];
    for (const [i, t] of list.entries()) {
      if (typeof t === "string" && typeNames.has(t) && !types.includes(t as TypeName)) types.push(t as TypeName);
      else
        this.problem([...path, ...(Array.isArray(value) ? [i] : [])], `unknown or repeated type ${JSON.stringify(t)}`);
    }
    if (list.length === 0) this.problem(path, "type must name at least one type");
    return types.length === list.length && types.length > 0 ? types : undefined;
  }

  private pattern(value: JsonValue, path: AnswerPath): string | undefined {
    if (typeof value !== "string") return void this.problem(path, "a pattern must be a string");
    try {
      new RegExp(value, "u");
    } catch {
      return void this.problem(
        path,
        `pattern ${JSON.stringify(value)} is not an ECMAScript regular expression (with the u flag)`,
      );
    }
    const unsafe = unsafePattern(value);
    if (unsafe !== undefined) return void this.problem(path, `pattern ${JSON.stringify(value)} is refused: ${unsafe}`);
    return value;
  }

  /** The definition a local `$ref` names, read on first use. */
  private ref(value: JsonValue, path: AnswerPath): string | undefined {
    if (typeof value !== "string") return void this.problem(path, "$ref must be a string");
    if (!value.startsWith("#"))
      return void this.problem(
        path,
        `$ref ${JSON.stringify(value)} is not local: only JSON pointers into the answer (#/...) are supported`,
      );
    const segments = decodeFragment(value.slice(1));
    if (segments === undefined)
      return void this.problem(path, `$ref ${JSON.stringify(value)} is not a JSON pointer (anchors are not supported)`);
    const key = segments.map((s) => `/${s.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
    if (this.byPointer.has(key)) return this.define(key, segments, null);
    const target = this.resolve(segments);
    if (target === undefined)
      return void this.problem(path, `$ref ${JSON.stringify(value)} does not point at a value in the answer`);
    return this.define(key, segments, target);
  }

  /** Reads a definition at `segments` (a JSON pointer, decoded) once; returns its name. */
  define(key: string, segments: readonly string[], target: JsonValue): string {
    const known = this.byPointer.get(key);
    if (known !== undefined) return this.definitionList[known]?.name ?? "";
    const [first, second, third] = segments;
    const component =
      segments.length === 3 &&
      first === "components" &&
      second === "schemas" &&
      third !== undefined &&
      componentName.test(third);
    const name = component ? third : `ref:${this.definitionList.length}`;
    const index = this.definitionList.push({ name, pointer: `#${key}`, schema: true }) - 1;
    this.byPointer.set(key, index);
    const schema = this.schema(target, segments, 0);
    this.definitionList[index] = { name, pointer: `#${key}`, schema };
    return name;
  }

  private resolve(segments: readonly string[]): JsonValue | undefined {
    if (segments.length === this.rootPath.length && segments.every((s, i) => s === String(this.rootPath[i])))
      return this.root;
    let at: JsonValue | undefined = this.document;
    for (const segment of segments) {
      if (Array.isArray(at)) at = /^(0|[1-9]\d*)$/.test(segment) ? at[Number(segment)] : undefined;
      else if (isObject(at)) at = Object.hasOwn(at, segment) ? at[segment] : undefined;
      else return undefined;
    }
    return at;
  }
}

/** The segments of a URI fragment holding a JSON pointer (`~1` is `/`, `~0` is `~`, %-escapes decoded). */
function decodeFragment(fragment: string): string[] | undefined {
  let text: string;
  try {
    text = decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
  if (text === "") return [];
  if (!text.startsWith("/")) return undefined;
  return text
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? "a string" : `a ${typeof value}`;
}
