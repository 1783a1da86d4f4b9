// Tools whose checks are the same share one validator body and one guard body in src/validators.ts;
// each tool keeps its own exported pair, which calls the shared one. RecruitApi's 81 tools that take
// `mode` and a JSON-text `request_body` were 81 copies of one validator and one guard: three
// quarters of that package's code, which every import of the package compiles.
import type { SchemaNode } from "../../ir/schema.ts";
import type { Parameter, Rule, Tool } from "../../ir/types.ts";

/** A body two or more tools share, numbered in the order its first tool comes in the spec. */
export interface SharedChecks {
  readonly tools: readonly Tool[];
  /** The private names of its validator, guard and parameter list: `_` keeps them off every name a tool derives. */
  readonly validator: string;
  readonly guard: string;
  readonly parameterList: string;
}

/**
 * What the checks of a tool are written from: its parameters (each value as its schema node) and
 * rules without their prose, in order. Only text is left out (descriptions, notes, judgments,
 * positions, an enum's name, a key's or a rule's wording), so a field added to the IR later keeps
 * tools apart until it is known not to matter.
 * A tool with a captured request body, or whose parameters are not shown, is checked alone.
 */
export function checksKey(tool: Tool): string | undefined {
  if (tool.parameters.kind !== "known" || tool.requestBody !== undefined) return undefined;
  return JSON.stringify([tool.modePattern, tool.parameters.list.map(parameterKey), tool.rules.map(ruleKey)]);
}

function parameterKey(parameter: Parameter): unknown {
  const { description, defaultNote, notes, judgments, position, schema, ...checked } = parameter;
  return { ...checked, value: nodeKey(schema) };
}

/** A value's schema node without the annotations no check reads: an enum's name, a key's description. */
function nodeKey(node: SchemaNode): unknown {
  const { enumName, keys, valuesNotShown, items, ...checked } = node;
  return {
    ...checked,
    ...(keys !== undefined && { keys: keys.map((key) => key.name) }),
    ...(items !== undefined && { items: typeof items === "boolean" ? items : nodeKey(items) }),
  };
}

function ruleKey(rule: Rule): unknown {
  const { text, ...checked } = rule;
  return checked;
}

/** Each tool that shares its checks with another, mapped to the shared body. */
export function sharedChecks(tools: readonly Tool[]): ReadonlyMap<string, SharedChecks> {
  const byKey = new Map<string, Tool[]>();
  for (const tool of tools) {
    const key = checksKey(tool);
    if (key === undefined) continue;
    const same = byKey.get(key);
    if (same === undefined) byKey.set(key, [tool]);
    else same.push(tool);
  }
  const shared = new Map<string, SharedChecks>();
  let count = 0;
  for (const group of byKey.values()) {
    if (group.length < 2) continue;
    count++;
    const checks = {
      tools: group,
      validator: `validateShared_${count}`,
      guard: `isShared_${count}`,
      parameterList: `parametersShared_${count}`,
    };
    for (const tool of group) shared.set(tool.name, checks);
  }
  return shared;
}
