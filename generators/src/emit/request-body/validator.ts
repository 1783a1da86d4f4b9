// Straight-line checks of a captured request body, emitted into src/validators.ts: one function per
// tool with a captured schema (and one per component it names, and one per part of a large schema),
// reporting every issue under `/request_body/...`. The validator parses the JSON text once; these run
// on the parsed value, which JSON.parse makes plain data, so they never run user code.
import { pointer } from "../../../../packages/runtime/src/validation.ts";
import type { ToolNames } from "../../ir/naming.ts";
import type { BodyProperty, BodySchema, CapturedRequestBody } from "../../ir/request-body.ts";
import type { Tool } from "../../ir/types.ts";
import type { CodeWriter } from "../core/code-writer.ts";
import { jsonLiteral, stringLiteral } from "../core/escape.ts";
import type { InternalName } from "../core/runtime-names.ts";
import { arrayLiteral, call, prefixed, suffixed, writeIf, writeLaidOut, type Code } from "../core/layout.ts";
import { functionDeclaration } from "../core/source-file.ts";

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

/** The check functions of a tool's captured body; none when nothing was captured. */
export function requestBodyChecks(tool: Tool, names: ToolNames, use: UseHelper): string[] {
  const body = tool.requestBody;
  if (body === undefined) return [];
  const writer = new BodyWriter(body, names.requestBodyCheck, use);
  const root = functionDeclaration({
    exported: false,
    doc: `Checks a parsed \`${tool.fullName}\` request body against the schema captured in\n${body.file}. Never throws on JSON input.`,
    name: names.requestBodyCheck,
    parameters: ["body: unknown"],
    returnType: "ValidationIssue[]",
    body: (w) => {
      w.writeLine("const issues: ValidationIssue[] = [];");
      writer.fresh(() => writer.check(w, body.root, "body", writer.staticPath(pointer("request_body")), "issues"));
      w.writeLine("return issues;");
    },
  });
  const components = body.components.map((c, index) =>
    functionDeclaration({
      exported: false,
      doc: `Checks a value against \`components.schemas\` entry ${jsonLiteral(c.name)} of the \`${tool.fullName}\` request body.`,
      name: writer.component(index),
      parameters: ["value: unknown", "path: string", "issues: ValidationIssue[]"],
      returnType: "void",
      body: (w) => writer.fresh(() => writer.check(w, c.schema, "value", "path", "issues")),
    }),
  );
  return [root, ...components, ...writer.parts];
}

/**
 * Checks (schemas and fields) written into one function before the rest moves to a function of its
 * own. TypeScript follows narrowing back through every branch of a function body and gives up past
 * 2,000 levels (TS2563), which a few hundred fields inline reach; forty keep each body far below it.
 */
const maxChecksPerFunction = 40;

class BodyWriter {
  private counter = 0;
  /** Path expressions that are string literals, with their value, so children fold into one literal. */
  private readonly statics = new Map<string, string>();
  /** Checks written into the function being written. */
  private checks = 0;
  /** Functions split off large schemas, in the order they are called first. */
  readonly parts: string[] = [];
  private readonly components: ReadonlyMap<string, number>;
  constructor(
    private readonly body: CapturedRequestBody,
    private readonly checkName: string,
    private readonly use: UseHelper,
  ) {
    this.components = new Map(body.components.map((c, index) => [c.name, index]));
  }

  component(index: number): string {
    return `${this.checkName}Component${index}`;
  }

  /** Writes a new function's body with a fresh count of checks, restoring the caller's afterwards. */
  fresh(write: () => void): void {
    const outer = this.checks;
    this.checks = 0;
    write();
    this.checks = outer;
  }

  /** Whether the function being written is full, counting one more check when it is not. */
  private full(): boolean {
    if (this.checks >= maxChecksPerFunction) return true;
    this.checks++;
    return false;
  }

  /** Writes a call of a new function whose body `write` emits (on `value`, `path`, `issues`). */
  private split(w: CodeWriter, valueType: string, args: readonly [string, string, string], write: (w: CodeWriter) => void): void {
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
  private local(base: string): string {
    return `${base}${this.counter++}`;
  }

  staticPath(value: string): string {
    const literal = stringLiteral(value);
    this.statics.set(literal, value);
    return literal;
  }

  /** The path of a field: one literal below a literal path, otherwise a concatenation held in a local. */
  private child(w: CodeWriter, path: string, segment: string | { readonly code: string }): string {
    const parent = this.statics.get(path);
    if (typeof segment === "string" && parent !== undefined) return this.staticPath(parent + pointer(segment));
    const at = this.local("at");
    w.writeLine(`const ${at} = ${path} + ${typeof segment === "string" ? stringLiteral(pointer(segment)) : segment.code};`);
    return at;
  }

  /** Emits the checks of `value` (an expression) at `path` (an expression), pushing to `issues`. */
  check(w: CodeWriter, schema: BodySchema, value: string, path: string, issues: string): void {
    if (schema.kind === "any") return;
    if (this.full()) {
      this.split(w, "unknown", [value, path, issues], (inner) => this.check(inner, schema, "value", "path", "issues"));
      return;
    }
    if (schema.kind === "null") {
      writeIf(w, `${value} !== null`, () => this.push(w, issues, "issueType", [path, path, '"null"', value]));
      return;
    }
    if (schema.nullable) {
      writeIf(w, `${value} !== null`, () => this.checkValue(w, schema, value, path, issues));
      return;
    }
    this.checkValue(w, schema, value, path, issues);
  }

  private push(w: CodeWriter, issues: string, helper: InternalName, args: readonly Code[]): void {
    writeLaidOut(w, prefixed(`${issues}.push(`, suffixed(call(this.use(helper), args), ")")), ";");
  }

  private checkValue(w: CodeWriter, schema: Exclude<BodySchema, { kind: "any" | "null" }>, value: string, path: string, issues: string): void {
    const type = (expected: string) => (): void => this.push(w, issues, "issueType", [path, path, stringLiteral(expected), value]);
    switch (schema.kind) {
      case "string":
        return writeIf(w, `typeof ${value} !== "string"`, type("a string"), this.bounded(schema.minLength, schema.maxLength) ? () => this.lengths(w, `[...${value}].length`, "characters", schema.minLength, schema.maxLength, path, issues) : undefined);
      case "integer":
      case "number": {
        const wrong = schema.kind === "integer" ? `typeof ${value} !== "number" || !Number.isInteger(${value})` : `typeof ${value} !== "number" || !Number.isFinite(${value})`;
        const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
        const bounded = [minimum, maximum, exclusiveMinimum, exclusiveMaximum].some((b) => b !== undefined);
        return writeIf(w, wrong, type(schema.kind === "integer" ? "an integer" : "a number"), bounded ? () => {
          if (minimum !== undefined) writeIf(w, `${value} < ${minimum}`, () => this.push(w, issues, "issueTooSmall", [path, path, `${minimum}`, value]));
          if (maximum !== undefined) writeIf(w, `${value} > ${maximum}`, () => this.push(w, issues, "issueTooBig", [path, path, `${maximum}`, value]));
          if (exclusiveMinimum !== undefined) writeIf(w, `${value} <= ${exclusiveMinimum}`, () => this.push(w, issues, "issueExclusive", [path, '"greater than"', `${exclusiveMinimum}`, value]));
          if (exclusiveMaximum !== undefined) writeIf(w, `${value} >= ${exclusiveMaximum}`, () => this.push(w, issues, "issueExclusive", [path, '"less than"', `${exclusiveMaximum}`, value]));
        } : undefined);
      }
      case "boolean":
        return writeIf(w, `typeof ${value} !== "boolean"`, type("a boolean"));
      case "enum": {
        const allowed = this.local("allowed");
        writeLaidOut(w, prefixed(`const ${allowed}: readonly unknown[] = `, arrayLiteral(schema.values.map((v) => jsonLiteral(v)))), ";");
        return writeIf(w, `!${allowed}.includes(${value})`, () => {
          // Values are shown as JSON, so the string "1" and the number 1 read differently.
          w.writeLine(`const labels = ${allowed}.map((v) => JSON.stringify(v));`);
          this.push(w, issues, "issueEnum", [path, path, "labels", value]);
        });
      }
      case "ref": {
        const index = this.components.get(schema.name) ?? -1;
        w.writeLine(`${this.component(index)}(${value}, ${path}, ${issues});`);
        return;
      }
      case "array":
        return writeIf(w, `!Array.isArray(${value})`, type("an array"), () => {
          if (this.bounded(schema.minItems, schema.maxItems)) this.lengths(w, `${value}.length`, "items", schema.minItems, schema.maxItems, path, issues);
          if (schema.items.kind === "any") return;
          const i = this.local("i");
          w.write(`for (let ${i} = 0; ${i} < ${value}.length; ${i}++) `).inlineBlock(() => {
            // Once the list is full, further items only cost time: capIssues counts no more.
            writeIf(w, `${issues}.length > ${this.use("MAX_ISSUES")}`, () => w.writeLine("break;"));
            const item = this.local("item");
            w.writeLine(`const ${item}: unknown = ${value}[${i}];`);
            this.check(w, schema.items, item, this.child(w, path, { code: `"/" + ${i}` }), issues);
          });
          w.newLine();
        });
      case "object":
        return writeIf(w, `!${this.use("isObject")}(${value})`, type("an object"), () => this.object(w, schema, value, path, issues));
      case "allOf":
        for (const option of schema.options) this.check(w, option, value, path, issues);
        return;
      case "oneOf":
      case "anyOf": {
        // Each option is checked on its own list: only the number of clean lists matters.
        const lists = schema.options.map((option) => {
          const list = this.local("option");
          w.writeLine(`const ${list}: ValidationIssue[] = [];`);
          this.check(w, option, value, path, list);
          return list;
        });
        const matched = this.local("matched");
        w.writeLine(`const ${matched} = [${lists.join(", ")}].filter((list) => list.length === 0).length;`);
        const wrong = schema.kind === "oneOf" ? `${matched} !== 1` : `${matched} === 0`;
        return writeIf(w, wrong, () => this.push(w, issues, "issueNoMatch", [path, stringLiteral(schema.kind), matched, value]));
      }
    }
  }

  private object(w: CodeWriter, schema: Extract<BodySchema, { kind: "object" }>, value: string, path: string, issues: string): void {
    this.fields(w, schema.properties, value, path, issues);
    this.others(w, schema, value, path, issues);
  }

  /** The checks of each listed field; once the function is full, the rest go to a part of their own. */
  private fields(w: CodeWriter, properties: readonly BodyProperty[], value: string, path: string, issues: string): void {
    for (const [index, property] of properties.entries()) {
      if (this.full()) {
        const rest = properties.slice(index);
        this.split(w, "Record<string, unknown>", [value, path, issues], (inner) => this.fields(inner, rest, "value", "path", "issues"));
        return;
      }
      const local = this.local("field");
      const key = stringLiteral(property.name);
      const at = this.child(w, path, property.name);
      w.writeLine(`const ${local} = Object.hasOwn(${value}, ${key}) ? ${value}[${key}] : undefined;`);
      const present = (): void => this.check(w, property.schema, local, at, issues);
      if (property.required) writeIf(w, `${local} === undefined`, () => this.push(w, issues, "issueRequired", [at, at]), present);
      else if (property.schema.kind !== "any") writeIf(w, `${local} !== undefined`, present);
    }
  }

  /** Unlisted fields and the field count. */
  private others(w: CodeWriter, schema: Extract<BodySchema, { kind: "object" }>, value: string, path: string, issues: string): void {
    const { additional } = schema;
    if (additional !== true) {
      const known = schema.properties.map((p) => p.name);
      const key = this.local("key");
      w.write(`for (const ${key} of Object.keys(${value})) `).inlineBlock(() => {
        if (known.length > 0) {
          // One case per line keeps lines short however many fields the object has.
          w.write(`switch (${key}) `).inlineBlock(() => {
            for (const name of known) w.writeLine(`case ${stringLiteral(name)}:`);
            w.indent().write("continue;").newLine();
          });
          w.newLine();
        }
        const at = this.child(w, path, { code: `${this.use("pointer")}(${key})` });
        if (additional === false) this.push(w, issues, "issueUnknownField", [at, key, arrayLiteral(known.map(stringLiteral))]);
        else {
          const item = this.local("item");
          w.writeLine(`const ${item}: unknown = ${value}[${key}];`);
          this.check(w, additional, item, at, issues);
        }
      });
      w.newLine();
    }
    if (this.bounded(schema.minProperties, schema.maxProperties)) {
      const count = this.local("count");
      w.writeLine(`const ${count} = Object.keys(${value}).length;`);
      if (schema.minProperties !== undefined) writeIf(w, `${count} < ${schema.minProperties}`, () => this.push(w, issues, "issueTooFewKeys", [path, path, `${schema.minProperties}`, count]));
      if (schema.maxProperties !== undefined) writeIf(w, `${count} > ${schema.maxProperties}`, () => this.push(w, issues, "issueTooManyKeys", [path, path, `${schema.maxProperties}`, count]));
    }
  }

  private bounded(min: number | undefined, max: number | undefined): boolean {
    return min !== undefined || max !== undefined;
  }

  private lengths(w: CodeWriter, length: string, unit: "characters" | "items", min: number | undefined, max: number | undefined, path: string, issues: string): void {
    const size = this.local("length");
    w.writeLine(`const ${size} = ${length};`);
    if (min !== undefined) writeIf(w, `${size} < ${min}`, () => this.push(w, issues, "issueLength", [path, stringLiteral(unit), '"at least"', `${min}`, size]));
    if (max !== undefined) writeIf(w, `${size} > ${max}`, () => this.push(w, issues, "issueLength", [path, stringLiteral(unit), '"at most"', `${max}`, size]));
  }
}
