// Classifies the changes inside one tool: its parameters, rules, secrets, scopes and documentation.
// A renamed tool or parameter cannot be told apart from a removal plus an addition in a spec, so
// it is reported as both, and the removal makes it breaking.
import type { Documented, Parameter, ParameterList, Requirement, Rule, Tool } from "../ir/types.ts";
import { finding, sameJson, type Bump, type Finding } from "./change.ts";
import { compareRequestBodies } from "./compare-bodies.ts";
import { compareSchemas, type Places } from "./compare-schemas.ts";
import { compareMembers } from "./compare-values.ts";

const requirementRank: Readonly<Record<Requirement, number>> = { optional: 0, execute: 1, always: 2 };
const requirementWords: Readonly<Record<Requirement, string>> = {
  optional: "optional",
  execute: "required when mode is execute",
  always: "required",
};

export function compareTools(before: Tool, after: Tool): Finding[] {
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
    ...compareParameterLists(before.parameters, after.parameters),
    ...compareRules(before.rules, after.rules),
    ...compareRequestBodies(before.requestBody, after.requestBody),
    ...(before.purpose === after.purpose ? [] : [finding("patch", "purpose changed")]),
    ...(sameJson(before.notes, after.notes) ? [] : [finding("patch", "notes changed")]),
  ];
}

/** A parameter's value is named by the parameter, its items by `items` after it. */
function parameterPlaces(name: string): Places {
  return { root: name, property: (path, key) => `${path} key ${key}`, each: (path) => `${path} items`, field: "key" };
}

function describeAddedParameter(parameter: Parameter): Finding {
  return parameter.requirement === "optional"
    ? finding("minor", `optional parameter ${parameter.name} added`)
    : finding("major", `parameter ${parameter.name} added, ${requirementWords[parameter.requirement]}`);
}

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

function compareParameterLists(before: ParameterList, after: ParameterList): Finding[] {
  if (before.kind === "known" && after.kind === "known") return compareParameters(before.list, after.list);
  if (before.kind === after.kind) return [];
  // "Not shown" parameters accept any object: listing them narrows the input, unlisting widens it.
  return [
    after.kind === "known"
      ? finding("major", "parameters now listed (any other input is rejected)")
      : finding("minor", "parameters no longer listed (any object is accepted)"),
  ];
}

function compareParameters(before: readonly Parameter[], after: readonly Parameter[]): Finding[] {
  const findings: Finding[] = [];
  for (const old of before) {
    const next = after.find((p) => p.name === old.name);
    findings.push(
      ...(next === undefined ? [finding("major", `parameter ${old.name} removed`)] : compareParameter(old, next)),
    );
  }
  for (const added of after.filter((p) => !before.some((old) => old.name === p.name)))
    findings.push(describeAddedParameter(added));
  return findings;
}

function compareParameter(before: Parameter, after: Parameter): Finding[] {
  const name = before.name;
  const findings = compareSchemas(parameterPlaces(name), before.schema, after.schema);
  if (before.requirement !== after.requirement) {
    const stricter = requirementRank[after.requirement] > requirementRank[before.requirement];
    findings.push(
      finding(
        stricter ? "major" : "minor",
        `${name} changed from ${requirementWords[before.requirement]} to ${requirementWords[after.requirement]}`,
      ),
    );
  }
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
