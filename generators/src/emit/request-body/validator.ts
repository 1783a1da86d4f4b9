// Straight-line checks of a captured request body, emitted into src/validators.ts: one function per
// tool with a captured schema (and one per definition it names, and one per part of a large schema),
// reporting every issue under `/request_body/...`. Each keyword's code comes from the check table
// (checks.ts); this file walks the schema and lays out functions, guards and paths. The validator
// parses the JSON text once; these run on the parsed value, which JSON.parse makes plain data, so
// they never run user code.
import { pointer } from "../../../../packages/runtime/src/validation.ts";
import type { ToolNames } from "../../ir/naming.ts";
import type { CapturedRequestBody } from "../../ir/request-body.ts";
import type { Schema } from "../../ir/schema.ts";
import type { Tool } from "../../ir/types.ts";
import { keywordsOf, type Applies } from "../../ir/vocabulary.ts";
import type { CodeWriter } from "../core/code-writer.ts";
import { jsonLiteral, stringLiteral } from "../core/escape.ts";
import type { InternalName } from "../core/runtime-names.ts";
import { call, prefixed, suffixed, writeIf, writeLaidOut, type Code } from "../core/layout.ts";
import { functionDeclaration } from "../core/source-file.ts";
import { checks, emits, type BodyChecks, type CheckSite } from "./checks.ts";

/** Records a runtime helper as used and returns its name, for the import list. */
export type UseHelper = (name: InternalName) => string;

/**
 * Emits the request_body check of a tool with a captured body, on a value known to be a string:
 * one parse is both the JSON-text check (`failFormat` when it fails) and the tree the body check
 * walks. The validator adds the body's issues to its own; `guardFail`, given in a guard, writes its
 * answer to any.
 */
export function writeRequestBodyCheck(
  w: CodeWriter,
  tool: Tool,
  names: ToolNames,
  local: string,
  use: UseHelper,
  guardFail: (() => void) | undefined,
  failFormat: () => void,
): void {
  w.writeLine(`const body = ${use("parseJson")}(${local});`);
  writeIf(w, "body === undefined", failFormat, () => {
    if (guardFail !== undefined) return writeIf(w, `${names.requestBodyCheck}(body).length > 0`, guardFail);
    w.writeLine(`const bodyIssues = ${names.requestBodyCheck}(body);`);
    w.writeLine("if (bodyIssues.length > 0) (issues ??= []).push(...bodyIssues);");
  });
}

/** The statements of a tool's captured body checks (patterns, then functions); none when nothing was captured. */
export function requestBodyChecks(tool: Tool, names: ToolNames, use: UseHelper): string[] {
  const body = tool.requestBody;
  if (body === undefined) return [];
  const writer = new BodyWriter(body, names.requestBodyCheck, use);
  const root = functionDeclaration({
    exported: false,
    doc:
      `Checks a parsed \`${tool.fullName}\` request body against the schema captured in\n${body.file}. Never ` +
      "throws on JSON input.",
    name: names.requestBodyCheck,
    parameters: ["body: unknown"],
    returnType: "ValidationIssue[]",
    body: (w) => {
      w.writeLine("const issues: ValidationIssue[] = [];");
      writer.fresh(() => writer.check(w, body.root, "body", writer.staticPath(pointer("request_body")), "issues"));
      w.writeLine("return issues;");
    },
  });
  const definitions = body.definitions.map((d, index) =>
    functionDeclaration({
      exported: false,
      doc: `Checks a value against ${jsonLiteral(d.pointer)} of the \`${tool.fullName}\` request body.`,
      name: writer.definition(index),
      parameters: ["value: unknown", "path: string", "issues: ValidationIssue[]"],
      returnType: "void",
      body: (w) => writer.fresh(() => writer.check(w, d.schema, "value", "path", "issues")),
    }),
  );
  return [...writer.patterns, root, ...definitions, ...writer.parts];
}

/**
 * Checks (schemas and fields) written into one function before the rest moves to a function of its
 * own. TypeScript follows narrowing back through every branch of a function body and gives up past
 * 2,000 levels (TS2563), which a few hundred fields inline reach; forty keep each body far below it.
 */
const maxChecksPerFunction = 40;

/** The test that a value is of the kind a group of keywords applies to. */
const guards: Readonly<Record<Exclude<Applies, "any">, (value: string, use: UseHelper) => string>> = {
  string: (v) => `typeof ${v} === "string"`,
  number: (v) => `typeof ${v} === "number"`,
  array: (v) => `Array.isArray(${v})`,
  object: (v, use) => `${use("isObject")}(${v})`,
};

class BodyWriter implements BodyChecks {
  private counter = 0;
  /** Path expressions that are string literals, with their value, so children fold into one literal. */
  private readonly statics = new Map<string, string>();
  /** Checks written into the function being written. */
  private checks = 0;
  /** Functions split off large schemas, in the order they are called first. */
  readonly parts: string[] = [];
  /** Module constants: each pattern compiled once, when the module loads. */
  readonly patterns: string[] = [];
  private readonly patternNames = new Map<string, string>();
  private readonly definitions: ReadonlyMap<string, number>;
  constructor(
    private readonly body: CapturedRequestBody,
    private readonly checkName: string,
    readonly use: UseHelper,
  ) {
    this.definitions = new Map(body.definitions.map((d, index) => [d.name, index]));
  }

  definition(index: number): string {
    return `${this.checkName}Component${index}`;
  }

  definitionCall(name: string): string {
    return this.definition(this.definitions.get(name) ?? -1);
  }

  pattern(source: string): string {
    let name = this.patternNames.get(source);
    if (name === undefined) {
      name = `${this.checkName}Pattern${this.patternNames.size}`;
      this.patternNames.set(source, name);
      this.patterns.push(`const ${name} = new RegExp(${stringLiteral(source)}, "u");`);
    }
    return name;
  }

  /** Writes a new function's body with a fresh count of checks, restoring the caller's afterwards. */
  fresh(write: () => void): void {
    const outer = this.checks;
    this.checks = 0;
    write();
    this.checks = outer;
  }

  /** Whether the function being written is full, counting one more check when it is not. */
  full(): boolean {
    if (this.checks >= maxChecksPerFunction) return true;
    this.checks++;
    return false;
  }

  /** Writes a call of a new function whose body `write` emits (on `value`, `path`, `issues`). */
  split(
    w: CodeWriter,
    valueType: string,
    args: readonly [string, string, string],
    write: (w: CodeWriter) => void,
  ): void {
    const index = this.parts.length;
    const name = `${this.checkName}Part${index}`;
    this.parts.push("");
    this.parts[index] = functionDeclaration({
      exported: false,
      doc: `Part of the checks of \`${this.body.file}\`, split off to keep each function small.`,
      name,
      parameters: [`value: ${valueType}`, "path: string", "issues: ValidationIssue[]"],
      returnType: "void",
      body: (inner) => this.fresh(() => write(inner)),
    });
    w.writeLine(`${name}(${args.join(", ")});`);
  }

  /** A fresh local name; body checks nest, so every level gets its own. */
  local(base: string): string {
    return `${base}${this.counter++}`;
  }

  staticPath(value: string): string {
    const literal = stringLiteral(value);
    this.statics.set(literal, value);
    return literal;
  }

  /** The path of a field: one literal below a literal path, otherwise a concatenation held in a local. */
  child(w: CodeWriter, path: string, segment: string | { readonly code: string }): string {
    const parent = this.statics.get(path);
    if (typeof segment === "string" && parent !== undefined) return this.staticPath(parent + pointer(segment));
    const at = this.local("at");
    w.writeLine(
      `const ${at} = ${path} + ${typeof segment === "string" ? stringLiteral(pointer(segment)) : segment.code};`,
    );
    return at;
  }

  push(w: CodeWriter, issues: string, helper: InternalName, args: readonly Code[]): void {
    writeLaidOut(w, prefixed(`${issues}.push(`, suffixed(call(this.use(helper), args), ")")), ";");
  }

  /** Checks `value` against `schema` into a list of its own; returns the list's name. */
  matches(w: CodeWriter, schema: Schema, value: string, path: string): string {
    const list = this.local("option");
    w.writeLine(`const ${list}: ValidationIssue[] = [];`);
    this.check(w, schema, value, path, list);
    return list;
  }

  /** Emits the checks of `value` (an expression) at `path` (an expression), pushing to `issues`. */
  check(w: CodeWriter, schema: Schema, value: string, path: string, issues: string): void {
    if (schema === true) return;
    if (this.full()) {
      this.split(w, "unknown", [value, path, issues], (inner) => this.check(inner, schema, "value", "path", "issues"));
      return;
    }
    if (schema === false) {
      this.push(w, issues, "issueNotAllowed", [
        path,
        stringLiteral("is not allowed here (the schema is false)"),
        value,
      ]);
      return;
    }
    const site = (at: string): CheckSite => ({ w, node: schema, value: at, path, issues });
    for (const keyword of keywordsOf(schema, "any")) checks[keyword](schema[keyword] as never, site(value), this);
    for (const applies of ["string", "number", "array", "object"] as const) {
      const group = keywordsOf(schema, applies).filter((keyword) => emits(schema, keyword));
      if (group.length === 0) continue;
      writeIf(w, guards[applies](value, this.use), () => {
        for (const keyword of group) checks[keyword](schema[keyword] as never, site(value), this);
      });
    }
  }
}
