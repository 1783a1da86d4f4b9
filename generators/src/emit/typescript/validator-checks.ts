// The checks of one tool's input, written into its validator (which reports every issue) and its
// guard (which answers false at the first problem) from the parameter list's schema node: the reads,
// the order of the checks and the mode pattern are written here; the object checks (required,
// rules, unknown keys) are the keyword table's (object-checks.ts), which this file answers for the
// list (how a parameter is held, what a failure reports, how the keys are walked), and each
// value's checks are the schema writer's (schema-checks.ts). Both walk the same checks in the same
// order, so they agree on every input; only what a failed check writes, and how the function ends,
// differ. The pointers the emitted code reports are the runtime's own, built by the same function.
import { pointer } from "../../../../packages/runtime/src/validation.ts";
import { parameterListSchema } from "../../ir/parameter-schema.ts";
import type { ModePattern, Schema, SchemaNode } from "../../ir/schema.ts";
import { toolNames, type ServerNames } from "../../ir/naming.ts";
import type { Tool } from "../../ir/types.ts";
import { isUsableIdentifier, stringLiteral } from "../core/escape.ts";
import type { CodeWriter } from "../core/code-writer.ts";
import type { InternalName } from "../core/runtime-names.ts";
import { chain, parenthesized, prefixed, writeIf, writeLaidOut, type Code } from "../core/layout.ts";
import type { CheckSite, Issue, ObjectSite, Sink } from "./check-site.ts";
import { writeKeyword } from "./keyword-checks.ts";
import { whenLacking } from "./object-checks.ts";
import { SchemaWriter } from "./schema-checks.ts";

/** The module being written: the runtime names it imports and the names its functions must not shadow. */
export interface ModuleContext {
  readonly executeValue: string;
  readonly names: ServerNames;
  /** Mode values with which a mode-pattern tool ignores its other parameters. */
  readonly ignoringModes: readonly string[];
  /** The module's scope: a parameter's local must not shadow any of it (a function calls itself again). */
  readonly moduleNames: ReadonlySet<string>;
  /** Records a runtime helper as used and returns its name. */
  helper(name: InternalName): string;
  /** Records a format predicate as used and returns its name. */
  format(name: InternalName): string;
  /** Records a helper or format predicate as used and returns its name. */
  use(name: InternalName): string;
}

/** How the function being written reports a problem and ends. */
export interface Outcome {
  /** The function's own name, called again on a copy of an input read through a proxy or prototype. */
  readonly self: string;
  /** Whether checking goes on after a problem (the validator), so an array walk needs its bound. */
  readonly collects: boolean;
  /**
   * Writes what a failed check does, given the runtime issue builder (its name) and its arguments;
   * `subject` names the parameter whose value, read as present, decided the failure.
   */
  fail(w: CodeWriter, helper: string, args: readonly Code[], subject: string | undefined): void;
  /** Writes the return once every check has run; `value` is what a valid input yields. */
  finish(w: CodeWriter, value: string): void;
}

/** Names the function bodies use themselves; a parameter's local never takes one. */
const bodyNames = new Set([
  ...["input", "seen", "issues", "unchecked", "bodyIssues", "body", "key", "count", "item", "i", "error"],
  // Globals beyond the module's own; the loader's snake_case rule keeps parameters off them, this keeps it so.
  ...["undefined", "arguments", "eval"],
]);

/**
 * A readable local per parameter (`max_rows` → `maxRows`), unique within the function and never a
 * reserved word, a name the body uses or a name of the module's scope (which includes the
 * function's own name, called again on a copy of the input): a clash gets a `Value` suffix, then a
 * number.
 */
export function localNames(parameters: readonly string[], moduleNames: ReadonlySet<string>): Map<string, string> {
  // Copying the module's names into one set per tool made this quadratic in a server's tools.
  const chosen = new Set<string>();
  const taken = (name: string): boolean => chosen.has(name) || bodyNames.has(name) || moduleNames.has(name);
  const locals = new Map<string, string>();
  for (const parameter of parameters) {
    const base = parameter.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9_$]/g, "_");
    let name = isUsableIdentifier(base) && !taken(base) ? base : `${base}Value`;
    for (let n = 2; !isUsableIdentifier(name) || taken(name); n++) name = `${base}Value${n}`;
    chosen.add(name);
    locals.set(parameter, name);
  }
  return locals;
}

/**
 * Writes every check of a tool with known parameters, from the key walk to the final return, from
 * its parameter list's schema node; `parameterList` names the module constant listing its parameters.
 */
export function writeChecks(
  w: CodeWriter,
  tool: Tool & { readonly parameters: { kind: "known" } },
  ctx: ModuleContext,
  outcome: Outcome,
  parameterList: string,
): void {
  const node = parameterListNode(tool, ctx);
  const properties = node.properties ?? [];
  const locals = localNames(
    properties.map((p) => p.name),
    ctx.moduleNames,
  );
  const content = tool.requestBody === undefined ? undefined : toolNames(ctx.names, tool.name).requestBodyCheck;
  const writer = new SchemaWriter("parameter", ctx.use, undefined, content, locals.values());
  const checks = new Checks(ctx, outcome, locals, writer, parameterList);
  // The list's object checks are the keyword table's (object-checks.ts), answered by `checks`.
  const list: CheckSite = { w, node, value: "input", path: '""', label: '""', sink: checks.sink, object: checks };
  const keyword = (name: "required" | "requiredWhen" | "dependentRequired" | "additionalProperties"): void => {
    if (node[name] !== undefined) writeKeyword(name, list, writer);
  };
  // Each value is read just before its check, which V8 runs about a third faster than reading them
  // all first, and a guard failing early skips the rest. A mode pattern reads them all first: its
  // checks sit in a block the mode may skip, and the count after the walk needs every value. (Only
  // a mode pattern has `~` parameters, whose check reads `mode` too: the loader rejects any other.)
  const modePattern = node.modePattern;
  const lazy = modePattern === undefined;
  const checkValues = (): void => {
    for (const { name, value } of properties) {
      if (lazy) checks.read(w, name);
      checks.parameter(list, name, value);
    }
    keyword("required");
    keyword("requiredWhen");
    keyword("dependentRequired");
  };
  if (!lazy) for (const name of locals.keys()) checks.read(w, name);
  if (outcome.collects) {
    // Every issue is wanted: unknown keys first, then each value.
    keyword("additionalProperties");
    if (!lazy) checks.elsewhere(w);
    if (modePattern !== undefined) checks.ignoringModes(w, modePattern);
    checkValues();
    if (lazy) checks.elsewhere(w);
  } else {
    // The first problem is the answer: values (a field load each) before the walk over the keys.
    if (modePattern !== undefined) checks.unlessIgnoring(w, modePattern, checkValues);
    else checkValues();
    keyword("additionalProperties");
    checks.elsewhere(w);
  }
  outcome.finish(w, "input");
}

/** A tool's parameter list as its schema node (ir/parameter-schema.ts), without its prose. */
export function parameterListNode(tool: Tool, ctx: Pick<ModuleContext, "executeValue" | "ignoringModes">): SchemaNode {
  return parameterListSchema(tool, { executeValue: ctx.executeValue, ignoring: ctx.ignoringModes }, () => "");
}

/** `return self(copy of input)`: the input checked again as its own enumerable properties (see `Checks.read`). */
export function writeCopyCheck(w: CodeWriter, ctx: ModuleContext, self: string): void {
  w.writeLine(`return ${self}(${ctx.helper("ownProperties")}(input));`);
}

/**
 * The parameter list's writer, and its answers to the object checks: a parameter is held when its
 * local has a value, `required` is checked with that value, and the keys are walked by `for...in`
 * (see `read`).
 */
class Checks implements ObjectSite {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly outcome: Outcome,
    private readonly locals: ReadonlyMap<string, string>,
    private readonly writer: SchemaWriter,
    /** The module constant listing the parameters, which an unknown-parameter issue names. */
    private readonly parameterList: string,
  ) {}

  readonly requiredWithValue = true;

  holds(name: string, held: boolean): string {
    return `${this.valueOf(name)} ${held ? "!==" : "==="} undefined`;
  }

  member(name: string): { readonly path: string; readonly label: string } {
    return { path: stringLiteral(pointer(name)), label: stringLiteral(name) };
  }

  unknownIssue(key: string): Issue {
    return { helper: "issueUnknownParameter", args: [key, this.parameterList] };
  }

  requiresIssue(required: string, given: string): Issue {
    return { helper: "issueRequires", args: [pointer(required), required, given].map(stringLiteral) };
  }

  /** How a value's failed check is reported: added to the issues, or the guard's answer. */
  readonly sink: Sink = {
    fail: (w, helper, args) => this.fail(w, helper, args),
    stop: (w, rest) => {
      // A huge or sparse array must not cost unbounded time: stop once the issue list is full.
      if (!this.outcome.collects) return;
      writeIf(w, `issues !== undefined && issues.length > ${this.ctx.helper("MAX_ISSUES")}`, () => {
        if (rest !== undefined) w.writeLine(`unchecked += ${rest};`);
        w.writeLine("break;");
      });
    },
    failWith: (w, issues) => {
      if (!this.outcome.collects)
        return writeIf(w, `${issues}.length > 0`, () => this.outcome.fail(w, "", [], this.subject));
      w.writeLine(`const bodyIssues = ${issues};`);
      w.writeLine("if (bodyIssues.length > 0) (issues ??= []).push(...bodyIssues);");
    },
  };

  /** Parameters whose value has been read into its local. */
  private readonly readParameters = new Set<string>();

  /** The local holding a declared parameter's value; the loader rejects rules and `~` naming any other. */
  valueOf(name: string): string {
    const local = this.locals.get(name);
    if (local === undefined) throw new Error(`toolcat internal error: no local for parameter ${name}`);
    return local;
  }

  /** The parameter whose present value the check being written reads; undefined for an absence. */
  private subject: string | undefined;

  private fail(w: CodeWriter, helper: InternalName, args: readonly Code[]): void {
    this.outcome.fail(w, this.ctx.helper(helper), args, this.subject);
  }

  /** Writes `write` with `subject` as the parameter a failure there is about. */
  about(subject: string | undefined, write: () => void): void {
    this.subject = subject;
    write();
    this.subject = undefined;
  }

  /**
   * Reads one parameter's value into its local, once.
   *
   * The input is read as JSON would send it: own enumerable properties. It is read in place: each
   * parameter is one property read, and one `for...in` pass over its own keys finds unknown keys and
   * counts the known ones (the validator walks the keys before checking values, the guard after).
   * The count guards the reads: when more parameters have a value than known own keys were seen (a
   * class instance's or a proxy's answer from elsewhere, an inherited or non-enumerable property), the
   * input is checked again as a copy of its own enumerable properties; a guard whose value check
   * fails before the walk looks for that one own key instead. The copy has a null prototype and only
   * data properties, so its check never copies again. Asking each key whether it is own, rather than
   * the input for its prototype, costs V8 little inside `for...in` (it answers from the walk's key
   * cache), while `Object.getPrototypeOf` on an input of several shapes is a builtin call that cost
   * about a third of a valid guard call. The reads are of `input` itself: through a `source`
   * that was either the input or its copy they cost about a quarter more per valid call. The loader
   * rejects Object.prototype's names.
   */
  read(w: CodeWriter, name: string): void {
    if (this.readParameters.has(name)) return;
    this.readParameters.add(name);
    // The cast is for TypeScript alone: the written-out object test narrows `input` to `object`.
    const read = { ...parenthesized(stringLiteral(name)), open: "(input as Record<string, unknown>)[", close: "]" };
    writeLaidOut(w, prefixed(`const ${this.valueOf(name)} = `, read), ";");
  }

  /** The walk over the own keys that `read` describes (see there), counting the known keys seen. */
  walkKeys(w: CodeWriter, known: readonly string[], unknown: (key: string) => void): void {
    if (known.length > 0) w.writeLine("let seen = 0;");
    w.write("for (const key in input) ").inlineBlock(() => {
      const own = `${this.ctx.helper("isOwnKey")}(input, key)`;
      if (known.length === 0) return writeIf(w, own, () => unknown("key"));
      w.writeLine(`if (!${own}) continue;`);
      w.write("switch (key) ").inlineBlock(() => {
        for (const name of known) w.writeLine(`case ${stringLiteral(name)}:`);
        w.indent(() => {
          w.writeLine("seen++;");
          w.writeLine("break;");
        });
        w.writeLine("default:");
        w.indent(() => unknown("key"));
      });
      w.newLine();
    });
    w.newLine();
  }

  /** After the walk and every read: rechecks a copy when a value came from elsewhere (see `read`). */
  elsewhere(w: CodeWriter): void {
    const { locals } = this;
    if (locals.size === 0) return;
    const given = chain(
      "+",
      [...locals.values()].map((local) => `(${local} === undefined ? 0 : 1)`),
    );
    // With every known key seen, each value read has its key; otherwise count the values read.
    w.writeLine(
      "// Fewer known own keys seen than parameters with a value: a value came from a prototype, a proxy or a getter.",
    );
    const elsewhere = chain("&&", [`seen !== ${locals.size}`, prefixed("seen < ", parenthesized(given))]);
    writeIf(w, elsewhere, () => writeCopyCheck(w, this.ctx, this.outcome.self));
  }

  /**
   * Document A, rule 3: with a mode other than execute (get_request_schema) every other parameter is
   * ignored whatever its value, so only unknown keys count and the validated value keeps `mode` alone
   * (the client sends nothing else).
   */
  ignoringModes(w: CodeWriter, { property, ignoring }: ModePattern): void {
    if (ignoring.length === 0) return;
    const mode = this.valueOf(property);
    const ignored = chain(
      "||",
      ignoring.map((value) => `${mode} === ${stringLiteral(value)}`),
    );
    // The value already read and compared, not a second read a getter could answer differently.
    writeIf(w, ignored, () => this.outcome.finish(w, `{ ${property}: ${mode} }`));
  }

  /** The guard's form of `ignoringModes`: the value checks run unless the mode ignores them. */
  unlessIgnoring(w: CodeWriter, { property, ignoring }: ModePattern, values: () => void): void {
    if (ignoring.length === 0) return values();
    const mode = this.valueOf(property);
    writeIf(
      w,
      chain(
        "&&",
        ignoring.map((value) => `${mode} !== ${stringLiteral(value)}`),
      ),
      values,
    );
  }

  /** The checks of one parameter of the list at `site`, whose value is the schema node `value`. */
  parameter(site: CheckSite, name: string, value: Schema): void {
    const { w } = site;
    const { path, label } = this.member(name);
    const check = (): void =>
      this.about(name, () => this.writer.check({ w, value: this.valueOf(name), path, label, sink: this.sink }, value));
    const lacking = whenLacking(name, site, this.writer);
    if (lacking === undefined) return writeIf(w, this.holds(name, true), check);
    writeIf(w, this.holds(name, false), lacking, check);
  }
}
