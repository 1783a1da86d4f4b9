// The one validator writer of the schema IR: walks a node and writes each keyword's check from the
// keyword table (keyword-checks.ts), for a parameter's value and for a captured request body alike.
// The shape is the same for both: a node's type is tested first and the keywords that apply to that
// type nest under it, so they run on a value known to be of it; keywords that apply to a kind the
// node's types leave out are never written. Where the two differ is the place, which the writer is
// given: a parameter's value is named by the parameter (`tags[2]`) and its few locals keep fixed
// names, while a body's checks name every value by its path and number their locals, since they nest.
import { pointer } from "../../../../packages/runtime/src/validation.ts";
import type { Keyword, Schema, SchemaNode, ToolcatKeywords, TypeName } from "../../ir/schema.ts";
import { keywordsOf, type Applies } from "../../ir/vocabulary.ts";
import { stringLiteral } from "../core/escape.ts";
import type { InternalName } from "../core/runtime-names.ts";
import { call, chain, parenthesized, prefixed, suffixed, writeIf, writeLaidOut, type Code } from "../core/layout.ts";
import { functionDeclaration } from "../core/source-file.ts";
import { listOf, type CheckSite, type SchemaChecks, type Segment, type Sink } from "./check-site.ts";
import { emits, writeKeyword } from "./keyword-checks.ts";
import { formatCheck } from "./toolcat-checks.ts";

/** Records a runtime helper (or format predicate) as used and returns its name, for the import list. */
export type UseHelper = (name: InternalName) => string;

/**
 * Checks (schemas and fields) written into one function before the rest moves to a function of its
 * own. TypeScript follows narrowing back through every branch of a function body and gives up past
 * 2,000 levels (TS2563), which a few hundred fields inline reach; forty keep each body far below it.
 */
const maxChecksPerFunction = 40;

/**
 * The object test written out, as Ajv writes it, where nothing after it needs the value narrowed to
 * a record and the value is a local read once: V8 runs it about 5% of a one-parameter call faster
 * than the same test through the runtime's `isObject`, even inlined.
 */
export const notObjectInline = (v: string): Code =>
  chain("||", [`typeof ${v} !== "object"`, `${v} === null`, `Array.isArray(${v})`]);

const isLocal = (v: string): boolean => /^[A-Za-z_$][\w$]*$/.test(v);

/**
 * Each type's test that a value is not of it, and how messages name the type. `narrows`: the
 * keywords of the type follow the test and read the value as what the test narrowed it to.
 */
const typeTests: Readonly<
  Record<TypeName, { not: (v: string, body: SchemaChecks, narrows: boolean) => Code; noun: string }>
> = {
  string: { not: (v) => `typeof ${v} !== "string"`, noun: "a string" },
  // A caller's NaN or Infinity, or JSON text's 1e400, is no JSON number.
  number: { not: (v) => `typeof ${v} !== "number" || !Number.isFinite(${v})`, noun: "a number" },
  integer: { not: (v) => `typeof ${v} !== "number" || !Number.isInteger(${v})`, noun: "an integer" },
  boolean: { not: (v) => `typeof ${v} !== "boolean"`, noun: "a boolean" },
  null: { not: (v) => `${v} !== null`, noun: "null" },
  array: { not: (v) => `!Array.isArray(${v})`, noun: "an array" },
  object: {
    not: (v, body, narrows) => (narrows || !isLocal(v) ? `!${body.use("isObject")}(${v})` : notObjectInline(v)),
    noun: "an object",
  },
};

type Kind = Exclude<Applies, "any">;

/** The test that a value is of a kind, and the types that are of it. */
const kinds: Readonly<Record<Kind, { is: (value: string, use: UseHelper) => string; types: readonly TypeName[] }>> = {
  string: { is: (v) => `typeof ${v} === "string"`, types: ["string"] },
  number: { is: (v) => `typeof ${v} === "number"`, types: ["number", "integer"] },
  array: { is: (v) => `Array.isArray(${v})`, types: ["array"] },
  object: { is: (v, use) => `${use("isObject")}(${v})`, types: ["object"] },
};

/** toolcat's keywords that check a value, by the kind they apply to. */
const toolcatKeywords: Readonly<Partial<Record<Kind, readonly (keyof ToolcatKeywords)[]>>> = {
  string: ["toolFormat", "content"],
  object: ["requiredWhen"],
};

type Checked = Keyword | keyof ToolcatKeywords;

/** Where the checks go: a parameter's value (fixed locals, named by the parameter) or a body's. */
export type Places = "parameter" | "body";

/** What a writer writes into besides the function at hand: a captured body's module-level parts. */
export interface BodyParts {
  /** The name the body's functions derive theirs from (the tool's request body check). */
  readonly checkName: string;
  /** The captured file, named in the doc of each split-off part. */
  readonly file: string;
  /** Each definition's name, by index: its function is `<checkName>Component<index>`. */
  readonly definitions: readonly string[];
}

export class SchemaWriter implements SchemaChecks {
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
  /** A parameter's locals in scope where the writer is, which a new local must not shadow. */
  private inScope: Set<string>;

  constructor(
    private readonly places: Places,
    readonly use: UseHelper,
    private readonly body: BodyParts | undefined,
    /** The function that checks a JSON-text string's captured content (a parameter's request body). */
    private readonly content?: string,
    /** The names the function being written holds around the checks (a parameter's locals). */
    reserved: Iterable<string> = [],
  ) {
    this.inScope = new Set(reserved);
  }

  private name(suffix: string): string {
    if (this.body === undefined) throw new Error(`toolcat internal error: a parameter's check has no ${suffix}`);
    return `${this.body.checkName}${suffix}`;
  }

  definition(index: number): string {
    return this.name(`Component${index}`);
  }

  definitionCall(name: string): string {
    return this.definition(this.body?.definitions.indexOf(name) ?? -1);
  }

  contentCall(): string {
    if (this.content === undefined) throw new Error("toolcat internal error: no content check to call");
    return this.content;
  }

  pattern(source: string): string {
    let name = this.patternNames.get(source);
    if (name === undefined) {
      name = this.name(`Pattern${this.patternNames.size}`);
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
    if (this.places === "parameter") return false;
    if (this.checks >= maxChecksPerFunction) return true;
    this.checks++;
    return false;
  }

  /** Writes a call of a new function whose body `write` emits (on `value`, `path`, `issues`). */
  split(site: CheckSite, valueType: string, write: (site: CheckSite) => void): void {
    const index = this.parts.length;
    const name = this.name(`Part${index}`);
    this.parts.push("");
    const file = this.body?.file ?? "";
    this.parts[index] = functionDeclaration({
      exported: false,
      doc: `Part of the checks of \`${file}\`, split off to keep each function small.`,
      name,
      parameters: [`value: ${valueType}`, "path: string", "issues: ValidationIssue[]"],
      returnType: "void",
      body: (inner) =>
        this.fresh(() =>
          write({ ...site, w: inner, value: "value", path: "path", label: "path", sink: this.sink("issues") }),
        ),
    });
    site.w.writeLine(`${name}(${site.value}, ${site.path}, ${listOf(site.sink)});`);
  }

  /**
   * A local name. A body's checks nest deeply, so each gets a number; a parameter's keep the plain
   * name (`count`, `item`, `i`) unless one in scope has it.
   */
  local(base: string): string {
    if (this.places === "body") return `${base}${this.counter++}`;
    let name = base;
    while (this.inScope.has(name)) name = `${base}${this.counter++}`;
    this.inScope.add(name);
    return name;
  }

  staticPath(value: string): string {
    const literal = stringLiteral(value);
    this.statics.set(literal, value);
    return literal;
  }

  /**
   * The path and name of a place below the site. A parameter's are expressions written where they
   * are used (`"/tags" + "/" + i`, `"tags" + "[" + i + "]"`); a body's fold into one literal below a
   * literal path, and are otherwise held in a local.
   */
  child(site: CheckSite, segment: Segment): { readonly path: string; readonly label: string } {
    const { w, path, label } = site;
    if (this.places === "parameter") {
      if ("index" in segment)
        return { path: `${path} + "/" + ${segment.index}`, label: `${label} + "[" + ${segment.index} + "]"` };
      if ("name" in segment)
        return {
          path: `${path} + ${stringLiteral(pointer(segment.name))}`,
          label: `${label} + ${stringLiteral(`.${segment.name}`)}`,
        };
      return { path: `${path} + ${this.use("pointer")}(${segment.key})`, label: `${label} + "." + ${segment.key}` };
    }
    const parent = this.statics.get(path);
    if ("name" in segment && parent !== undefined) {
      const at = this.staticPath(parent + pointer(segment.name));
      return { path: at, label: at };
    }
    const at = this.local("at");
    const tail =
      "name" in segment
        ? stringLiteral(pointer(segment.name))
        : "index" in segment
          ? `"/" + ${segment.index}`
          : `${this.use("pointer")}(${segment.key})`;
    w.writeLine(`const ${at} = ${path} + ${tail};`);
    return { path: at, label: at };
  }

  /** A body's sink: each issue pushed to `list`. */
  sink(list: string): Sink {
    return {
      list,
      fail: (w, helper, args) =>
        writeLaidOut(w, prefixed(`${list}.push(`, suffixed(call(this.use(helper), args), ")")), ";"),
      stop: (w) => writeIf(w, `${list}.length > ${this.use("MAX_ISSUES")}`, () => w.writeLine("break;")),
      failWith: (w, issues) => w.writeLine(`${list}.push(...${issues});`),
    };
  }

  /** Checks `value` against `schema` into a list of its own; returns the list's name. */
  matches(site: Omit<CheckSite, "node" | "sink">, schema: Schema): string {
    const list = this.local("option");
    site.w.writeLine(`const ${list}: ValidationIssue[] = [];`);
    this.check({ ...site, sink: this.sink(list) }, schema);
    return list;
  }

  /** Writes the checks of `site.value` against `schema`; the locals they declare go out of scope after. */
  check(site: Omit<CheckSite, "node">, schema: Schema): void {
    const outer = new Set(this.inScope);
    this.checkNode(site, schema);
    this.inScope = outer;
  }

  // A site's own object answers (a parameter list's) are its node's alone: a node below answers with its own keys.
  private checkNode({ object, ...site }: Omit<CheckSite, "node">, schema: Schema): void {
    if (schema === true) return;
    if (this.full()) {
      this.split({ ...site, node: {} }, "unknown", (inner) => this.check(inner, schema));
      return;
    }
    const { w, value, path, sink } = site;
    if (schema === false) {
      sink.fail(w, "issueNotAllowed", [path, stringLiteral("is not allowed here (the schema is false)"), value]);
      return;
    }
    const at: CheckSite = { ...site, node: schema };
    if (schema.$ref !== undefined) writeKeyword("$ref", at, this);
    const types = schema.type;
    // A type every enum value has is checked by the enum itself.
    const typed = types !== undefined && !valuesHaveType(schema, types) ? types : undefined;
    if (typed !== undefined) this.typeCheck(at, typed);
    for (const keyword of keywordsOf(schema, "any")) if (keyword !== "$ref") writeKeyword(keyword, at, this);
    if (typed === undefined)
      for (const { kind, keywords } of this.groups(schema, types)) {
        writeIf(w, kinds[kind].is(value, this.use), () => this.writeAll(keywords, at));
      }
  }

  /** The node's keywords that write code, by the kind they apply to, leaving out kinds `types` exclude. */
  private groups(node: SchemaNode, types: readonly TypeName[] | undefined): { kind: Kind; keywords: Checked[] }[] {
    return (Object.keys(kinds) as Kind[]).flatMap((kind) => {
      if (types !== undefined && !types.some((t) => kinds[kind].types.includes(t))) return [];
      const own = (toolcatKeywords[kind] ?? []).filter((k) => node[k] !== undefined);
      const keywords = [...keywordsOf(node, kind), ...own].filter((k) => emits(node, k));
      return keywords.length === 0 ? [] : [{ kind, keywords }];
    });
  }

  private writeAll(keywords: readonly Checked[], site: CheckSite): void {
    for (const keyword of keywords) writeKeyword(keyword, site, this);
  }

  /**
   * `if (not of the types) issue else { the keywords of those types }`; a kind the types share with
   * others is tested again inside. A lone format check chains as `else if`.
   */
  private typeCheck(site: CheckSite, types: readonly TypeName[]): void {
    const { w, node, value, path, label, sink } = site;
    const groups = this.groups(node, types);
    const tests = types.map((t) => typeTests[t].not(value, this, groups.length > 0));
    const condition =
      tests.length === 1
        ? (tests[0] ?? "")
        : chain(
            "&&",
            tests.map((t) => (typeof t !== "string" ? parenthesized(t) : t.includes("||") ? `(${t})` : t)),
          );
    const nouns = types.map((t) => typeTests[t].noun).join(" or ");
    const fail = (): void => sink.fail(w, "issueType", [path, label, stringLiteral(nouns), value]);
    const [only] = groups;
    if (groups.length === 0) return writeIf(w, condition, fail);
    if (groups.length === 1 && only?.keywords.length === 1 && only.keywords[0] === "toolFormat" && node.toolFormat)
      return writeIf(w, condition, fail, formatCheck(node.toolFormat, site, this));
    writeIf(w, condition, fail, () => {
      for (const { kind, keywords } of groups) {
        if (types.every((t) => kinds[kind].types.includes(t))) this.writeAll(keywords, site);
        else writeIf(w, kinds[kind].is(value, this.use), () => this.writeAll(keywords, site));
      }
    });
  }
}

/** Whether the node's enum or const allows only values of `types`. */
function valuesHaveType(node: SchemaNode, types: readonly TypeName[]): boolean {
  const values = node.enum ?? (node.const !== undefined ? [node.const] : undefined);
  if (values === undefined) return false;
  return values.every((v) => {
    if (v === null) return types.includes("null");
    if (Array.isArray(v)) return types.includes("array");
    if (typeof v === "object") return types.includes("object");
    if (typeof v === "number") return types.includes("number") || (Number.isInteger(v) && types.includes("integer"));
    return types.includes(typeof v as TypeName);
  });
}
