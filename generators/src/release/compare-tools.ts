// Classifies the changes inside one tool: its parameters, rules, secrets, scopes and documentation.
// The parameter list is compared as its schema node by the schema comparer, as a request body is;
// its rules are compared here, with their wording, and so are what the node does not check: each
// parameter's documented default and prose. A renamed tool or parameter cannot be told apart from a
// removal plus an addition in a spec, so it is reported as both, and the removal makes it breaking.
import { parameterListSchema, type ModeValues } from "../ir/parameter-schema.ts";
import type { Documented, Parameter, Rule, Tool } from "../ir/types.ts";
import { finding, sameJson, type Bump, type Finding } from "./change.ts";
import { compareRequestBodies } from "./compare-bodies.ts";
import { compareSchemas, type Places } from "./compare-schemas.ts";
import { compareMembers } from "./compare-values.ts";

/** `modes`: the catalog's mode values, which the `~` requirement names. */
export function compareTools(before: Tool, after: Tool, modes: ModeValues): Finding[] {
  return [
    ...(before.methodName === after.methodName
      ? []
      : [finding("major", `client method renamed from ${before.methodName} to ${after.methodName}`)]),
    ...compareMembers(
      (name, change) => (change === "added" ? `needs secret ${name}` : `no longer needs secret ${name}`),
      before.secrets,
      after.secrets,
      { removed: "minor", added: "major" },
    ),
    ...compareScopes(before.scopes, after.scopes),
    ...compareParameterLists(before, after, modes),
    ...compareRules(before.rules, after.rules),
    ...compareRequestBodies(before.requestBody, after.requestBody),
    ...(before.purpose === after.purpose ? [] : [finding("patch", "purpose changed")]),
    ...(sameJson(before.notes, after.notes) ? [] : [finding("patch", "notes changed")]),
  ];
}

/** A parameter is named by itself, a key of its value by `key` after it, its items by `items`. */
const parameterPlaces: Places = {
  root: "",
  property: (path, key) => (path === "" ? key : `${path} key ${key}`),
  each: (path) => `${path} items`,
  field: "parameter",
  added: (place, required) =>
    required === undefined ? `optional parameter ${place} added` : `parameter ${place} added, ${required}`,
};

function compareScopes(
  before: Documented<readonly string[]> | undefined,
  after: Documented<readonly string[]> | undefined,
): Finding[] {
  if (before?.known === true && after?.known === true) {
    return compareMembers(
      (name, change) => (change === "added" ? `needs scope ${name}` : `no longer needs scope ${name}`),
      before.value,
      after.value,
      { removed: "minor", added: "major" },
    );
  }
  // Listing scopes that were "not shown" documents what the server already required; an auth
  // type change (API key ↔ user authorization) is classified once, at the server level.
  return before?.known === after?.known
    ? []
    : [finding("patch", after?.known === true ? "scopes now listed" : "scopes no longer listed")];
}

function compareParameterLists(before: Tool, after: Tool, modes: ModeValues): Finding[] {
  const [was, is] = [before.parameters, after.parameters];
  if (was.kind === "known" && is.kind === "known") {
    // Without the rules, which compareRules classifies with their wording and the precedence rules.
    const node = (tool: Tool) => parameterListSchema({ ...tool, rules: [] }, modes, () => "");
    return [
      ...compareSchemas(parameterPlaces, node(before), node(after)),
      ...was.list.flatMap((old) => {
        const next = is.list.find((p) => p.name === old.name);
        return next === undefined ? [] : compareDocumented(old, next);
      }),
    ];
  }
  if (was.kind === is.kind) return [];
  // "Not shown" parameters accept any object: listing them narrows the input, unlisting widens it.
  return [
    is.kind === "known"
      ? finding("major", "parameters now listed (any other input is rejected)")
      : finding("minor", "parameters no longer listed (any object is accepted)"),
  ];
}

/** A parameter's documented default and prose, which its schema node leaves to the caller. */
function compareDocumented(before: Parameter, after: Parameter): Finding[] {
  const name = before.name;
  const findings: Finding[] = [];
  if (!sameJson(before.default, after.default)) {
    // A different default changes what existing calls that omit the parameter do; documenting or
    // dropping the mention of a default does not change the server.
    const both = before.default !== undefined && after.default !== undefined;
    const text = both
      ? `${name} default changed from ${JSON.stringify(before.default)} to ${JSON.stringify(after.default)}`
      : after.default === undefined
        ? `${name} default no longer documented`
        : `${name} default ${JSON.stringify(after.default)} documented`;
    findings.push(finding(both ? "major" : "patch", text));
  }
  const docs = (["description", "defaultNote", "notes"] as const).filter((key) => !sameJson(before[key], after[key]));
  if (docs.length > 0)
    findings.push(
      finding(
        "patch",
        `${name} ${docs.map((key) => (key === "defaultNote" ? "default note" : key)).join(" and ")} changed`,
      ),
    );
  return findings;
}

/** A rule's identity: everything but its wording. */
function ruleKey(rule: Rule): string {
  const { text: _wording, ...identity } = rule;
  return JSON.stringify(identity);
}

function describeRule(rule: Rule): string {
  switch (rule.kind) {
    case "required-when":
      return `${rule.parameter} required when ${rule.when} is ${rule.equals}`;
    case "requires":
      return `${rule.parameter} requires ${rule.requires}`;
    case "precedence":
      return `${rule.parameter} takes precedence over ${rule.over}`;
  }
}

function compareRules(before: readonly Rule[], after: readonly Rule[]): Finding[] {
  const listed = (rules: readonly Rule[], rule: Rule): boolean => rules.some((r) => ruleKey(r) === ruleKey(rule));
  // Requirement rules reject calls (stricter when added); precedence only documents behaviour.
  const bumpFor = (rule: Rule, ifRequirement: Bump): Bump => (rule.kind === "precedence" ? "patch" : ifRequirement);
  return [
    ...before
      .filter((rule) => !listed(after, rule))
      .map((rule) => finding(bumpFor(rule, "minor"), `rule "${describeRule(rule)}" removed`)),
    ...after
      .filter((rule) => !listed(before, rule))
      .map((rule) => finding(bumpFor(rule, "major"), `rule "${describeRule(rule)}" added`)),
    ...before
      .filter((old) => after.some((next) => ruleKey(next) === ruleKey(old) && next.text !== old.text))
      .map((rule) => finding("patch", `rule "${describeRule(rule)}" reworded`)),
  ];
}
