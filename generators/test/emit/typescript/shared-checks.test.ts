// Which tools share one validator body: the same checks, whatever their prose. A change to anything a
// check is written from keeps a tool apart; a change to text only does not.
import { describe, expect, it } from "vitest";
import type { Parameter, Rule, Tool } from "../../../src/ir/types.ts";
import { checksKey, sharedChecks } from "../../../src/emit/typescript/shared-checks.ts";
import { workspaceCatalog } from "../../support.ts";

const catalog = workspaceCatalog();
const allTools = catalog.servers.flatMap((server) => server.tools);

/** A real tool with bounds, an optional and a required parameter, and one with a rule. */
function realTool(fullName: string): Tool & { readonly parameters: { kind: "known"; list: readonly Parameter[] } } {
  const tool = allTools.find((t) => t.fullName === fullName);
  if (tool?.parameters.kind !== "known") throw new Error(`${fullName} is not in the catalog with known parameters`);
  return { ...tool, parameters: tool.parameters };
}
const base = realTool("CloudContacts.SearchContactsByEmail");
const withRule = allTools.find((tool) => tool.rules.length > 0 && tool.parameters.kind === "known");

const editParameter = (index: number, edit: (p: Parameter) => Parameter): Tool => ({
  ...base,
  parameters: { kind: "known", list: base.parameters.list.map((p, i) => (i === index ? edit(p) : p)) },
});

describe("checksKey", () => {
  it.each<[string, Tool]>([
    [
      "another name and purpose",
      { ...base, name: "Other", fullName: "CloudContacts.Other", purpose: "Something else entirely." },
    ],
    ["another description", editParameter(0, (p) => ({ ...p, description: "A different description." }))],
    ["other notes and judgments", editParameter(1, (p) => ({ ...p, notes: ["a note"], judgments: ["a reading"] }))],
    ["another position", editParameter(0, (p) => ({ ...p, position: { file: "x.yaml", line: 99, col: 3 } }))],
    ["another default note", editParameter(1, (p) => ({ ...p, defaultNote: "Ten when absent." }))],
  ])("keeps a tool with %s with the same checks", (_, edited) => {
    expect(checksKey(edited)).toBe(checksKey(base));
  });

  it.each<[string, Tool]>([
    ["a parameter renamed", editParameter(0, (p) => ({ ...p, name: "mail" }))],
    ["a requirement changed", editParameter(0, (p) => ({ ...p, requirement: "optional" }))],
    ["a bound changed", editParameter(1, (p) => ({ ...p, schema: { type: ["integer"], maximum: 31 } }))],
    ["a type changed", editParameter(1, (p) => ({ ...p, schema: { type: ["number"], maximum: 30 } }))],
    ["a format added", editParameter(0, (p) => ({ ...p, schema: { type: ["string"], toolFormat: "date" } }))],
    [
      "the parameters in another order",
      { ...base, parameters: { kind: "known", list: [...base.parameters.list].reverse() } },
    ],
    [
      "a parameter more",
      {
        ...base,
        parameters: { kind: "known", list: [...base.parameters.list, { ...base.parameters.list[1]!, name: "offset" }] },
      },
    ],
    ["the mode pattern", { ...base, modePattern: !base.modePattern }],
    [
      "a rule",
      { ...base, rules: [{ kind: "requires", parameter: "limit", requires: "email", text: "" } satisfies Rule] },
    ],
  ])("tells apart a tool with %s", (_, edited) => {
    expect(checksKey(edited)).not.toBe(checksKey(base));
  });

  it("ignores a rule's wording but not what it requires", () => {
    if (withRule === undefined) throw new Error("the catalog has no tool with a rule");
    const reworded: Tool = { ...withRule, rules: withRule.rules.map((rule) => ({ ...rule, text: "Reworded." })) };
    expect(checksKey(reworded)).toBe(checksKey(withRule));
    expect(checksKey({ ...withRule, rules: [] })).not.toBe(checksKey(withRule));
  });

  it("checks a tool alone when its parameters are not shown", () => {
    expect(checksKey({ ...base, parameters: { kind: "not-shown" } })).toBeUndefined();
  });
});

describe("sharedChecks over the catalog", () => {
  it.each(catalog.servers.map((server) => [server.name, server] as const))(
    "%s: groups of two or more, each of one key, with names no tool derives",
    (_, server) => {
      const shared = sharedChecks(server.tools);
      const groups = new Set(shared.values());
      const names = [...groups].flatMap((group) => [group.validator, group.guard, group.parameterList]);
      expect(new Set(names).size).toBe(names.length);
      for (const group of groups) {
        expect(group.tools.length).toBeGreaterThan(1);
        expect(new Set(group.tools.map(checksKey)).size).toBe(1);
        // Derived names are PascalCase tool names with a prefix or suffix: none has an underscore.
        for (const name of [group.validator, group.guard, group.parameterList])
          expect(name).toMatch(/^[a-z][A-Za-z]*_\d+$/);
      }
      for (const tool of server.tools.filter((t) => !shared.has(t.name))) {
        const key = checksKey(tool);
        expect(key === undefined || server.tools.filter((t) => checksKey(t) === key).length === 1, tool.fullName).toBe(
          true,
        );
      }
    },
  );

  it("shares RecruitApi's request-body tools", () => {
    const recruit = catalog.servers.find((server) => server.name === "RecruitApi");
    const bodies =
      recruit?.tools.filter(
        (tool) => tool.parameters.kind === "known" && tool.parameters.list.some((p) => p.name === "request_body"),
      ) ?? [];
    expect(bodies.length).toBeGreaterThan(50);
    const shared = sharedChecks(recruit?.tools ?? []);
    expect(new Set(bodies.map((tool) => shared.get(tool.name)?.validator)).size).toBeLessThan(bodies.length / 10);
  });
});
