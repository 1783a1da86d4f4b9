// Example calls of a tool, built from its spec at generation time: what Anthropic's `input_examples`
// carry, and what the MCP description and code-mode declaration show one of. Up to three, each a
// valid input: a mode-pattern tool's execute call (with its `~` parameters) and its call in each
// other mode; another tool's call with its most telling optional parameters (enums, formats, bounds
// first), its call with only the required ones, and a call that shows a rule (a value that makes
// another parameter required, or the parameter another takes precedence over). A tool whose
// parameters are not shown, or that needs a value the spec cannot ground, has none.
import type { JsonValue } from "../../ir/json.ts";
import { isEnum, modeValues } from "../../ir/parameter-schema.ts";
import type { TypeName } from "../../ir/schema.ts";
import type { Parameter, Rule, Server, Tool } from "../../ir/types.ts";
import type { ToolModeRules } from "../core/emitter.ts";
import { exampleValue, opaqueParameter, type ExampleScope } from "./example-values.ts";

export type ToolExample = { [parameter: string]: JsonValue };

/** Anthropic documents one to five examples; three keep a tool's cost down. */
export const maxExamples = 3;
/** Optional parameters shown in one example, so each example stays a call someone would make. */
const optionalPerExample = 3;

/** How much an optional parameter's example teaches: documented choices and shapes first. */
function interest(parameter: Parameter): number {
  const node = parameter.schema;
  const is = (...types: TypeName[]) => types.some((type) => node.type?.includes(type));
  if (isEnum(node)) return 4;
  if (
    node.toolFormat !== undefined ||
    (is("integer", "number") && (node.maximum !== undefined || parameter.default !== undefined))
  )
    return 3;
  if (is("array", "object")) return 2;
  return 1;
}

export function toolExamples(server: Server, tool: Tool, toolMode: ToolModeRules): ToolExample[] {
  if (tool.parameters.kind === "not-shown") return [];
  const list = tool.parameters.list;
  if (list.length === 0) return [{}];
  const scope: ExampleScope = { server };
  const isMode = (p: Parameter) => tool.modePattern && p.name === "mode";
  const values = new Map(list.filter((p) => !isMode(p)).map((p) => [p.name, exampleValue(p, scope)]));
  const required = list.filter((p) => p.requirement === "always" && !isMode(p));
  // A parameter a rule requires for some value is shown only with that value (ruleExample).
  const ruled = new Set(tool.rules.flatMap((rule) => (rule.kind === "required-when" ? [rule.parameter] : [])));
  const optional = list
    .filter(
      (p) =>
        p.requirement === "optional" &&
        !opaqueParameter(p.name) &&
        !ruled.has(p.name) &&
        values.get(p.name) !== undefined,
    )
    .map((p, order) => ({ p, order }))
    .sort((a, b) => interest(b.p) - interest(a.p) || a.order - b.order)
    .map(({ p }) => p);
  const build = (
    base: ToolExample,
    parameters: readonly Parameter[],
    extra: readonly Parameter[] = [],
  ): ToolExample | undefined => {
    const input: ToolExample = {};
    for (const p of [...parameters, ...extra]) {
      const value = values.get(p.name);
      if (value === undefined) return undefined;
      input[p.name] = value;
    }
    // The base (a mode, a rule's value) is what the example is about: it comes first and wins over a parameter's own
    // value.
    return withRules({ ...base, ...input, ...base }, tool.rules, values, new Set(required.map((p) => p.name)));
  };
  const firstOptionals = optional.slice(0, optionalPerExample);
  const moreOptionals = optional.slice(optionalPerExample, optionalPerExample * 2);

  const candidates: (ToolExample | undefined)[] = [];
  if (tool.modePattern) {
    const execute = { mode: toolMode.executeValue };
    const onExecute = [...required, ...list.filter((p) => p.requirement === "execute")];
    const minimal = build(execute, onExecute);
    candidates.push(firstOptionals.length > 0 ? (build(execute, onExecute, firstOptionals) ?? minimal) : minimal);
    // Any other mode ignores every other parameter; the always-required ones are still sent.
    candidates.push(...modeValues(toolMode).ignoring.map((mode) => build({ mode }, required)), minimal);
  } else {
    // A tool whose parameters are all cursors or secrets is called with none of them (the first page).
    if (required.length === 0 && list.every((p) => opaqueParameter(p.name))) return [{}];
    const minimal = required.length > 0 ? build({}, required) : undefined;
    candidates.push(
      firstOptionals.length > 0 ? build({}, required, firstOptionals) : minimal,
      minimal,
      ruleExample(tool, required, firstOptionals, build),
    );
    if (moreOptionals.length > 0) candidates.push(build({}, required, moreOptionals));
  }
  const seen = new Set<string>();
  return candidates
    .filter((example): example is ToolExample => example !== undefined)
    .filter((example) => !seen.has(JSON.stringify(example)) && seen.add(JSON.stringify(example)) !== undefined)
    .slice(0, maxExamples);
}

type Build = (
  base: ToolExample,
  parameters: readonly Parameter[],
  extra?: readonly Parameter[],
) => ToolExample | undefined;

/**
 * A call that shows a rule at work: the value that makes another parameter required (with it), or
 * the parameter that another takes precedence over, used alone.
 */
function ruleExample(
  tool: Tool,
  required: readonly Parameter[],
  optional: readonly Parameter[],
  build: Build,
): ToolExample | undefined {
  const byName = new Map(tool.parameters.kind === "known" ? tool.parameters.list.map((p) => [p.name, p]) : []);
  for (const rule of tool.rules) {
    const shown =
      rule.kind === "required-when"
        ? byName.get(rule.parameter)
        : rule.kind === "precedence"
          ? byName.get(rule.over)
          : undefined;
    if (shown === undefined || shown.requirement !== "optional") continue;
    // With the other optional parameters shown, but never the one that would take precedence.
    const others = optional.filter((p) => p !== shown && !(rule.kind === "precedence" && p.name === rule.parameter));
    const example = build(rule.kind === "required-when" ? { [rule.when]: rule.equals } : {}, required, [
      ...others,
      shown,
    ]);
    if (example !== undefined) return example;
  }
  return undefined;
}

/**
 * The example with the spec's rules applied: of two parameters where one takes precedence, only
 * that one; a parameter that needs another, with it; a value that makes a parameter required,
 * with it. Undefined when a rule needs a value the spec cannot ground for a required parameter.
 */
function withRules(
  input: ToolExample,
  rules: readonly Rule[],
  values: ReadonlyMap<string, JsonValue | undefined>,
  required: ReadonlySet<string>,
): ToolExample | undefined {
  const output = { ...input };
  for (const rule of rules) {
    const needed =
      rule.kind === "requires" ? rule.requires : rule.kind === "required-when" ? rule.parameter : undefined;
    const applies =
      rule.kind === "requires"
        ? rule.parameter in output
        : rule.kind === "required-when"
          ? output[rule.when] === rule.equals
          : false;
    if (rule.kind === "precedence" && rule.parameter in output) delete output[rule.over];
    if (needed === undefined || !applies || needed in output) continue;
    const value = values.get(needed);
    if (value !== undefined) output[needed] = value;
    else {
      const dropped =
        rule.kind === "requires" ? rule.parameter : (rule as Extract<Rule, { kind: "required-when" }>).when;
      if (required.has(dropped)) return undefined;
      delete output[dropped];
    }
  }
  return output;
}
