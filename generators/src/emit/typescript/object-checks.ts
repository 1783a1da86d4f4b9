// The checks of which keys an object holds: `required`, `dependentRequired`, `additionalProperties`
// and toolcat's `requiredWhen`, one entry each for a request body's objects and a parameter list
// alike. Each asks the object (check-site.ts, `ObjectSite`) whether a property is held, what a
// failure reports and which property it is about, where `required` is placed, and how its keys are
// walked: a body's value answers with its own keys, a parameter list with its locals and its walk
// (validator-checks.ts).
import type { RequiredWhen, SchemaNode } from "../../ir/schema.ts";
import { stringLiteral } from "../core/escape.ts";
import { chain, writeIf } from "../core/layout.ts";
import {
  failObject,
  objectOf,
  type CheckSite,
  type CheckTable,
  type CheckWriter,
  type ObjectSite,
  type SchemaChecks,
} from "./check-site.ts";

/** `required`'s failure for `name`: its path is had before the check, where a body may declare it. */
function requiredFailure(name: string, site: CheckSite, object: ObjectSite): () => void {
  const { path, label } = object.member(name);
  return () => failObject(site, object, undefined, { helper: "issueRequired", args: [path, label] });
}

/** `required`, at the keyword unless the object places it with each property's value (`whenLacking`). */
const required: CheckWriter<SchemaNode["required"]> = (names, site, body) => {
  const object = objectOf(site, body);
  if (object.requiredWithValue) return;
  for (const name of names) writeIf(site.w, object.holds(name, false), requiredFailure(name, site, object));
};

/** A required-when rule's failure for `name`: the value of `when` equals the rule's and `name` is lacking. */
function ruleFailure(rule: RequiredWhen, name: string, site: CheckSite, body: SchemaChecks): void {
  const object = objectOf(site, body);
  const { path, label } = object.member(name);
  const [when, equals] = [stringLiteral(rule.when), stringLiteral(rule.equals)];
  const args = rule.onExecute ? [path, label, equals] : [path, label, when, equals];
  const helper = rule.onExecute ? "issueRequiredOnExecute" : "issueRequiredWhen";
  failObject(site, object, rule.when, { helper, args });
}

/** `requiredWhen`: an on-execute rule sits with each value when `required` does; the others here. */
export const requiredWhen: CheckWriter<SchemaNode["requiredWhen"]> = (rules, site, body) => {
  const object = objectOf(site, body);
  for (const rule of rules) {
    if (rule.onExecute && object.requiredWithValue) continue;
    for (const name of rule.names) {
      const condition = chain("&&", [
        `${object.valueOf(rule.when)} === ${stringLiteral(rule.equals)}`,
        object.holds(name, false),
      ]);
      writeIf(site.w, condition, () => ruleFailure(rule, name, site, body));
    }
  }
};

/**
 * What an object that places `required` with each value writes when `name` is lacking: `required`'s
 * failure, or an on-execute rule's check; undefined when neither names it.
 */
export function whenLacking(name: string, site: CheckSite, body: SchemaChecks): (() => void) | undefined {
  const { node, w } = site;
  const object = objectOf(site, body);
  if (node.required?.includes(name)) return requiredFailure(name, site, object);
  const rule = node.requiredWhen?.find((r) => r.onExecute && r.names.includes(name));
  if (rule === undefined) return undefined;
  const when = `${object.valueOf(rule.when)} === ${stringLiteral(rule.equals)}`;
  return () => writeIf(w, when, () => ruleFailure(rule, name, site, body));
}

export const objectChecks: CheckTable<"required" | "dependentRequired" | "additionalProperties"> = {
  required,
  // With `given` held, each name it lists must be too.
  dependentRequired: (dependencies, site, body) => {
    const object = objectOf(site, body);
    for (const { name: given, value: names } of dependencies) {
      for (const name of names) {
        const condition = chain("&&", [object.holds(given, true), object.holds(name, false)]);
        writeIf(site.w, condition, () => failObject(site, object, given, object.requiresIssue(name, given)));
      }
    }
  },
  additionalProperties: (schema, site, body) => {
    if (schema === true) return;
    const { w, node, value } = site;
    const object = objectOf(site, body);
    const known = (node.properties ?? []).map((p) => p.name);
    object.walkKeys(w, known, (key) => {
      for (const { name } of node.patternProperties ?? [])
        writeIf(w, `${body.pattern(name)}.test(${key})`, () => w.writeLine("continue;"));
      if (schema === false) return failObject(site, object, undefined, object.unknownIssue(key, known));
      body.check({ ...site, ...body.child(site, { key }), value: `${value}[${key}]` }, schema);
    });
  },
};
