// Where a keyword's check is written: the site (the node, the value, its path and name, and the sink
// a failure goes to) and what a check may ask of the schema writer. The keyword table
// (keyword-checks.ts) writes against these; the schema writer (schema-checks.ts) implements them.
import type { Schema, SchemaNode } from "../../ir/schema.ts";
import type { CodeWriter } from "../core/code-writer.ts";
import type { InternalName } from "../core/runtime-names.ts";
import type { Code } from "../core/layout.ts";

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
