// The seven real specs: they load clean and hold the documents' counts and key facts.
import { describe, expect, it } from "vitest";
import type { Server, Tool } from "../../src/ir/types.ts";
import { workspaceCatalog } from "../support.ts";

const catalog = workspaceCatalog();
const server = (name: string): Server => {
  const found = catalog.servers.find((s) => s.name === name);
  if (found === undefined) throw new Error(`no server ${name}`);
  return found;
};
const tool = (fullName: string): Tool => {
  const [serverName = "", toolName] = fullName.split(".");
  const found = server(serverName).tools.find((t) => t.name === toolName);
  if (found === undefined) throw new Error(`no tool ${fullName}`);
  return found;
};
const parameter = (fullName: string, name: string) => {
  const t = tool(fullName);
  if (t.parameters.kind !== "known") throw new Error(`${fullName} has no known parameters`);
  const found = t.parameters.list.find((p) => p.name === name);
  if (found === undefined) throw new Error(`${fullName} has no parameter ${name}`);
  return found;
};
const all = catalog.servers.flatMap((s) => s.tools);

describe("the real catalog", () => {
  it.each([
    ["CreatorApi", 19],
    ["EngineApi", 29],
    ["SigmaApi", 45],
    ["CrmEventsApi", 12],
    ["CloudSheets", 9],
    ["CloudContacts", 5],
    ["RecruitApi", 141],
  ])("%s has %i tools", (name, count) => {
    expect(server(name).tools).toHaveLength(count);
  });

  it("has 260 tools, 27 with parameters not shown and 14 with none", () => {
    expect(all).toHaveLength(260);
    expect(all.filter((t) => t.parameters.kind === "not-shown")).toHaveLength(27);
    expect(all.filter((t) => t.parameters.kind === "known" && t.parameters.list.length === 0)).toHaveLength(14);
  });

  it("splits RecruitApi into 34 explicit, 81 mode-pattern and 26 not-shown tools", () => {
    const tools = server("RecruitApi").tools;
    expect(tools.filter((t) => t.modePattern)).toHaveLength(81);
    expect(tools.filter((t) => t.parameters.kind === "not-shown")).toHaveLength(26);
    expect(tools.filter((t) => !t.modePattern && t.parameters.kind === "known")).toHaveLength(34);
  });

  it("annotates tools only where the document's wording says it", () => {
    expect(all.filter((t) => t.annotations.destructive === true)).toHaveLength(27);
    expect(all.filter((t) => t.annotations.readOnly === true)).toHaveLength(124);
    expect(
      all.filter((t) => t.annotations.idempotent !== undefined || t.annotations.openWorld !== undefined),
    ).toHaveLength(0);
    expect(tool("RecruitApi.AnonymizeCandidateData").annotations).toEqual({ destructive: true });
    expect(tool("CloudSheets.GetSpreadsheet").annotations).toEqual({ readOnly: true });
    // "default referral form (created if absent)": a Get that may create, so no hint.
    expect(tool("RecruitApi.GetReferralFormInfo").annotations).toEqual({});
    expect(tool("EngineApi.CheckAuthStatus").annotations).toEqual({});
  });

  it("keeps toolcat's judgment calls apart from the documents' notes", () => {
    expect(parameter("SigmaApi.ListSystemEvents", "created_after").judgments[0]).toMatch(/^The document says ISO 8601/);
    expect(tool("RecruitApi.CreateJobOpening").judgments[0]).toMatch(
      /^toolcat reads target_start_date as a field of UpdateJobOpening only/,
    );
    expect(tool("RecruitApi.CreateJobOpening").notes.join(" ")).not.toMatch(/target_start_date/);
    expect(all.flatMap((t) => t.notes).join(" ")).not.toMatch(/toolcat/);
  });

  it("gives CloudContacts.SearchContactsByPhoneNumber unknown parameters, not an empty list", () => {
    expect(tool("CloudContacts.SearchContactsByPhoneNumber").parameters.kind).toBe("not-shown");
  });

  it("keeps the documented limits and defaults", () => {
    expect(parameter("CloudSheets.GetSpreadsheet", "max_rows").schema).toMatchObject({
      type: ["integer"],
      minimum: 1,
      maximum: 1000,
    });
    expect(parameter("CloudSheets.GetSpreadsheet", "max_rows").default).toBe(1000);
    expect(parameter("CloudSheets.SearchSpreadsheets", "limit").schema).toMatchObject({ maximum: 50 });
    expect(parameter("CloudSheets.WriteToCell", "column").schema).toMatchObject({
      type: ["string"],
      toolFormat: "column-letters",
    });
  });

  it("gives mode-pattern tools mode (always) and request_body (on execute)", () => {
    for (const t of all.filter((x) => x.modePattern)) {
      if (t.parameters.kind !== "known") throw new Error(`${t.fullName}: mode-pattern tools list parameters`);
      const mode = t.parameters.list.find((p) => p.name === "mode");
      const body = t.parameters.list.find((p) => p.name === "request_body");
      expect(mode?.requirement, t.fullName).toBe("always");
      expect(body, t.fullName).toMatchObject({
        requirement: "execute",
        schema: { type: ["string"], toolFormat: "json" },
      });
    }
  });

  it("keeps the conditional rules", () => {
    expect(tool("RecruitApi.SetOpeningState").rules).toContainEqual(
      expect.objectContaining({
        kind: "required-when",
        parameter: "close_reason_id",
        when: "new_opening_state",
        equals: "Closed",
      }),
    );
    const requires = all.flatMap((t) =>
      t.rules
        .filter((r) => r.kind === "requires")
        .map((r) => `${t.fullName}:${r.parameter}->${r.kind === "requires" ? r.requires : ""}`),
    );
    expect(requires.some((r) => r.endsWith("crm_object_id->crm_object_type"))).toBe(true);
  });

  it("declares secrets per tool, with the two EngineApi tools that declare none", () => {
    const engineWithout = server("EngineApi")
      .tools.filter((t) => t.secrets.length === 0)
      .map((t) => t.name);
    expect(engineWithout.sort()).toEqual(["CheckPlatformEngineHealth", "GetOpenAPISpecification"]);
  });

  it("orders servers by slug and names packages after them", () => {
    expect(catalog.servers.map((s) => s.packageName)).toEqual([
      "@toolcat/cloud-contacts",
      "@toolcat/cloud-sheets",
      "@toolcat/creator-api",
      "@toolcat/crm-events-api",
      "@toolcat/engine-api",
      "@toolcat/recruit-api",
      "@toolcat/sigma-api",
    ]);
  });
});
