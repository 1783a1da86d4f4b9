// Where a keyword's check is written: the site (the node, the value, its path and name, the sink a
// failure goes to, and the object's answers) and what a check may ask of the schema writer. The
// keyword table (keyword-checks.ts) writes against these; the schema writer (schema-checks.ts)
// implements them, and the parameter list's writer (validator-checks.ts) answers for its object.
import type { Schema, SchemaNode } from "../../ir/schema.ts";
import type { CodeWriter } from "../core/code-writer.ts";
import type { InternalName } from "../core/runtime-names.ts";
import { arrayLiteral, type Code } from "../core/layout.ts";
import { stringLiteral } from "../core/escape.ts";

/** How the function being written reports a failed check. */
export interface Sink {
  /** Writes what a failed check does with the issue the runtime builder `helper` makes of `args`. */
  fail(w: CodeWriter, helper: InternalName, args: readonly Code[]): void;
  /**
   * Written first in each pass of a loop over items or keys: leaves the loop once the issue list is
   * full, since further passes only cost time; `rest` counts the passes left, for the final count.
   */
  stop(w: CodeWriter, rest: string | undefined): void;
  /** Writes what a non-empty list of issues (an expression) from a function of its own does. */
  failWith(w: CodeWriter, issues: string): void;
  /** The issue list it pushes to, when it is one (a body check's), which a split-off part takes. */
  readonly list?: string;
}

/** Where a keyword is checked: the node, and expressions for the value, its path and its name. */
export interface CheckSite {
  readonly w: CodeWriter;
  readonly node: SchemaNode;
  readonly value: string;
  readonly path: string;
  /** How messages name the value: the parameter (`tags[2]`) or, in a body, the path. */
  readonly label: string;
  readonly sink: Sink;
  /**
   * The answers of the object checks (required, dependentRequired, requiredWhen, unknown keys) when
   * the site gives its own: a parameter list's. Otherwise the value's own keys answer (`ownKeys`);
   * the schema writer never passes a site's answers down to the nodes below it.
   */
  readonly object?: ObjectSite | undefined;
}

/** A runtime issue builder and its arguments. */
export interface Issue {
  readonly helper: InternalName;
  readonly args: readonly Code[];
}

/** What the object checks ask of the object they check. */
export interface ObjectSite {
  /** An expression saying whether the object holds `name` (`held`), or lacks it. */
  holds(name: string, held: boolean): string;
  /** An expression for the value of `name`, which a required-when rule compares. */
  valueOf(name: string): string;
  /** The path and name of the property `name`, which a failure about it reports. */
  member(name: string): { readonly path: string; readonly label: string };
  /** The issue of a key none of `known` (nor a pattern) allows. */
  unknownIssue(key: string, known: readonly string[]): Issue;
  /** The issue of `required` missing while `given`, which requires it, is held. */
  requiresIssue(required: string, given: string): Issue;
  /** Writes `write` with `subject` as the property whose held value decides a failure there. */
  about(subject: string | undefined, write: () => void): void;
  /**
   * Where a property's `required` check (and an on-execute rule's) is placed: with the check of its
   * value, `if (lacking) fail else check`, when one read serves both (a parameter list); otherwise
   * at the keyword, after the properties.
   */
  readonly requiredWithValue: boolean;
  /** Writes the walk over the object's own keys: a `known` key passes; `unknown` writes what any other does. */
  walkKeys(w: CodeWriter, known: readonly string[], unknown: (key: string) => void): void;
}

/** The object's own answers, or the value's own keys'. */
export function objectOf(site: CheckSite, body: SchemaChecks): ObjectSite {
  return site.object ?? ownKeys(site, body);
}

/** A parsed value's answers: its own keys, each failure at its JSON pointer. */
function ownKeys(site: CheckSite, body: SchemaChecks): ObjectSite {
  const { value } = site;
  // hasOwnProperty.call (isOwnKey) rather than Object.hasOwn, which V8 runs several times slower.
  const has = (name: string): string => `${body.use("isOwnKey")}(${value}, ${stringLiteral(name)})`;
  return {
    holds: (name, held) => (held ? has(name) : `!${has(name)}`),
    valueOf: (name) => `(${has(name)} ? ${value}[${stringLiteral(name)}] : undefined)`,
    member: (name) => body.child(site, { name }),
    unknownIssue: (key, known) => ({
      helper: "issueUnknownField",
      args: [body.child(site, { key }).path, key, arrayLiteral(known.map(stringLiteral))],
    }),
    requiresIssue: (required) => {
      const at = body.child(site, { name: required });
      return { helper: "issueRequired", args: [at.path, at.label] };
    },
    about: (_subject, write) => write(),
    requiredWithValue: false,
    walkKeys: (w, known, unknown) =>
      forEachKey(site, body, (key) => {
        if (known.length > 0) {
          // One case per line keeps lines short however many fields the object has.
          w.write(`switch (${key}) `).inlineBlock(() => {
            for (const name of known) w.writeLine(`case ${stringLiteral(name)}:`);
            w.indent().write("continue;").newLine();
          });
          w.newLine();
        }
        unknown(key);
      }),
  };
}

/** Loops over the value's own keys, skipping none; once the list is full, further keys only cost time. */
export function forEachKey(site: CheckSite, body: SchemaChecks, write: (key: string) => void): void {
  const key = body.local("key");
  site.w.write(`for (const ${key} of Object.keys(${site.value})) `).inlineBlock(() => {
    site.sink.stop(site.w, undefined);
    write(key);
  });
  site.w.newLine();
}

/** Writes a failed object check: the issue, about `subject` when a held value decided it. */
export function failObject(site: CheckSite, object: ObjectSite, subject: string | undefined, issue: Issue): void {
  object.about(subject, () => site.sink.fail(site.w, issue.helper, issue.args));
}

/** A place below a value: a fixed key, an array index or a key (expressions), with its path and name. */
export type Segment = { readonly name: string } | { readonly index: string } | { readonly key: string };

/** What a check writer may ask of the schema writer. */
export interface SchemaChecks {
  use(name: InternalName): string;
  check(site: Omit<CheckSite, "node">, schema: Schema): void;
  /** Checks into a list of its own and returns its name: a match is an empty list. */
  matches(site: Omit<CheckSite, "node" | "sink">, schema: Schema): string;
  local(base: string): string;
  child(site: CheckSite, segment: Segment): { readonly path: string; readonly label: string };
  pattern(source: string): string;
  definitionCall(name: string): string;
  /** The name of the check of a JSON-text string's captured content. */
  contentCall(): string;
  full(): boolean;
  split(site: CheckSite, valueType: string, write: (site: CheckSite) => void): void;
}

/** The list a body check pushes to: definitions and split-off parts take it. */
export function listOf(sink: Sink): string {
  if (sink.list === undefined) throw new Error("toolcat internal error: a check that takes a list has none");
  return sink.list;
}

/** The writer of one keyword's check, given its value on the node. */
export type CheckWriter<V> = (value: NonNullable<V>, site: CheckSite, body: SchemaChecks) => void;
export type CheckTable<K extends keyof SchemaNode> = { readonly [Key in K]: CheckWriter<SchemaNode[Key]> };

/** The entry of a keyword checked together with a sibling, which writes nothing itself. */
export function skip(): void {}
