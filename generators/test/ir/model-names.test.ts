import { describe, expect, it } from "vitest";
import { modelNameProblems, modelToolName, parseModelToolName } from "../../src/ir/model-names.ts";
import { anyString, hostileString, seededRandom } from "../emit/hostile-text.ts";
import { workspaceCatalog } from "../support.ts";

describe("model tool names", () => {
  it.each([
    ["CloudSheets", "GetSpreadsheet", "CloudSheets_GetSpreadsheet"],
    ["RecruitApi", "WhoAmI", "RecruitApi_WhoAmI"],
  ])("%s.%s -> %s and back", (server, tool, expected) => {
    expect(modelToolName({ name: server }, { name: tool })).toBe(expected);
    expect(parseModelToolName({ name: server }, expected)).toBe(tool);
  });

  it.each(["CloudSheets.GetSpreadsheet", "CloudSheets_", "Other_GetSpreadsheet", "GetSpreadsheet"])(
    "%s is not a model name of CloudSheets",
    (name) => {
      expect(parseModelToolName({ name: "CloudSheets" }, name)).toBeUndefined();
    },
  );

  it.each([
    ["too long", { name: "S", tools: [{ name: `T${"x".repeat(63)}` }] }, /1-64/],
    ["a character providers refuse", { name: "S", tools: [{ name: "Get.It" }] }, /letters, digits/],
    [
      "a collision without case",
      { name: "S", tools: [{ name: "GetA" }, { name: "Geta" }] },
      /collides with the one of GetA/,
    ],
    ["a name that does not read back", { name: "S", tools: [{ name: "" }] }, /does not read back/],
    [
      "a first character Gemini refuses",
      { name: "9S", tools: [{ name: "GetIt" }] },
      /start with a letter or _ \(Gemini/,
    ],
    ["a leading dash", { name: "-S", tools: [{ name: "GetIt" }] }, /start with a letter or _/],
  ])("reports %s as a problem, without throwing", (_label, server, message) => {
    expect(
      modelNameProblems(server)
        .map((p) => p.message)
        .join("\n"),
    ).toMatch(message);
  });

  // The providers' documented rules, written out here: OpenAI and Anthropic, then Gemini.
  const acceptedByEveryProvider = (name: string): boolean =>
    /^[a-zA-Z0-9_-]{1,64}$/.test(name) && /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/.test(name);

  it("passes a hostile name only when every provider accepts its model name (seeded)", () => {
    for (let seed = 1; seed <= 400; seed++) {
      const random = seededRandom(seed);
      const pick = (): string =>
        random() < 0.5
          ? hostileString(random, 2)
          : random() < 0.5
            ? anyString(random)
            : `Get${"X".repeat(Math.floor(random() * 70))}`;
      const server = { name: random() < 0.3 ? pick() : "Srv", tools: [{ name: pick() }, { name: pick() }] };
      const problems = modelNameProblems(server);
      for (const tool of server.tools) {
        const name = modelToolName(server, tool);
        const flagged = problems.some((problem) => problem.tool === tool.name);
        if (!flagged)
          expect(
            acceptedByEveryProvider(name) && parseModelToolName(server, name) === tool.name,
            `seed ${seed}: ${JSON.stringify(name)}`,
          ).toBe(true);
      }
    }
  });

  it("finds no problem in the catalog", () => {
    const catalog = workspaceCatalog();
    expect(catalog.servers.flatMap(modelNameProblems)).toEqual([]);
  });
});
