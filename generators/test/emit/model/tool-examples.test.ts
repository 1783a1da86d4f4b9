// Example calls per tool over the real catalog: how many, which modes, which rules, and none where
// the spec does not ground one. (Each call against the package's own validator: test/contract/examples.test.ts.)
import { describe, expect, it } from "vitest";
import { maxExamples, toolExamples } from "../../../src/emit/model/tool-examples.ts";
import { workspaceCatalog } from "../../support.ts";

const catalog = workspaceCatalog();
const { toolMode } = catalog.rules;
const all = catalog.servers.flatMap((server) =>
  server.tools.map((tool) => ({ server, tool, examples: toolExamples(server, tool, toolMode) })),
);
const find = (fullName: string) => all.find((entry) => entry.tool.fullName === fullName)!;

describe("toolExamples", () => {
  it(
    "gives no tool more than three examples, a tool whose parameters are not shown none, and a tool without " +
      "parameters one empty call",
    () => {
      for (const { tool, examples } of all) {
        expect(examples.length, tool.fullName).toBeLessThanOrEqual(maxExamples);
        if (tool.parameters.kind === "not-shown") expect(examples, tool.fullName).toEqual([]);
        else if (tool.parameters.list.length === 0) expect(examples, tool.fullName).toEqual([{}]);
      }
    },
  );

  it(
    "shows a mode-pattern tool's execute call with its " + "required-on-execute parameters first, then its other modes",
    () => {
      const { examples } = find("CreatorApi.UpdateZetaCreatorReportRecords");
      expect(examples[0]).toMatchObject({
        mode: "execute",
        account_owner_name: expect.any(String),
        request_body: "{}",
        process_until_limit_enabled: true,
      });
      expect(examples.map((example) => example["mode"])).toEqual(["execute", "get_request_schema", "execute"]);
      expect(examples[1]).toEqual({ mode: "get_request_schema" });
    },
  );

  it(
    "shows a rule at work: the value that makes a parameter required comes with it, and never a parameter " +
      "overridden by the one beside it",
    () => {
      const opening = find("RecruitApi.SetOpeningState").examples;
      expect(
        opening.some(
          (example) => example["new_opening_state"] === "Closed" && typeof example["close_reason_id"] === "string",
        ),
      ).toBe(true);
      for (const example of opening)
        if (example["new_opening_state"] !== "Closed") expect(example).not.toHaveProperty("close_reason_id");
      for (const example of find("CloudSheets.GetSpreadsheet").examples)
        expect("sheet_id_or_name" in example && "sheet_position" in example).toBe(false);
      for (const example of find("CrmEventsApi.RetrieveEventCompletions").examples)
        if ("crm_object_id" in example) expect(example).toHaveProperty("crm_object_type");
    },
  );

  it("leaves out optional cursors and secrets, and calls a tool whose parameters are all cursors with none", () => {
    for (const { tool, examples } of all) {
      const optional = new Set(
        tool.parameters.kind === "known"
          ? tool.parameters.list.filter((p) => p.requirement === "optional").map((p) => p.name)
          : [],
      );
      for (const example of examples)
        for (const key of Object.keys(example))
          if (optional.has(key)) expect(key, tool.fullName).not.toMatch(/cursor|secret|token$/u);
    }
    expect(find("RecruitApi.ListJobOpenings").examples).toEqual([{}]);
  });

  it("gives none to a tool that needs a value the spec cannot ground (an object whose keys are not named)", () => {
    expect(find("SigmaApi.CreateResearchRequest").examples).toEqual([]);
  });

  it("is deterministic", () => {
    for (const { server, tool, examples } of all) expect(toolExamples(server, tool, toolMode)).toEqual(examples);
  });
});
