// The README's framework examples never hand an OpenAI-backed framework more tools than OpenAI takes
// in a request: a package within the limit gives every tool of the manifest, a package over it the
// tools `selectTools` picks (at most 20); the AI SDK examples over the limit keep every tool, since
// their `prepareToolSearch` step re-selects at each step what the model is sent. Run in the e2e suite
// (test/e2e/model-integrations.test.ts) for cloud-sheets and recruit-api.
import { describe, expect, it } from "vitest";
import { emitContext } from "../../../src/emit/registry.ts";
import { openAiToolLimit } from "../../../src/emit/model/tools.ts";
import { modelExamples } from "../../../src/emit/readme/model.ts";
import { searchExamples } from "../../../src/emit/readme/search-examples.ts";
import { workspaceCatalog } from "../../support.ts";
import { emitResources } from "../../../src/pipeline/resources.ts";

const catalog = workspaceCatalog();
const frameworks = ["Vercel AI SDK", "LangChain", "OpenAI Agents"];
const rows = catalog.servers.map((server) => [server.slug, server.tools.length, server] as const);

describe.each(rows)("%s (%i tools): the framework examples' tools", (_slug, count, server) => {
  const context = emitContext(server, catalog, { package: "0.0.0", runtime: "0.0.0" }, emitResources());
  const examples = [...modelExamples(context), ...searchExamples(context)];
  const over = count > openAiToolLimit;

  it.each(frameworks)("%s", (title) => {
    const code = examples.find((e) => e.title === title)?.code ?? "";
    const source = /^const tools = (?:Object\.fromEntries\()?(.*?)\.map\(\(t\) =>/m.exec(code)?.[1];
    const perStep = over && title === "Vercel AI SDK";
    expect(source).toBe(
      over && !perStep
        ? "selectTools(prompt).flatMap((c) => manifest.tools.filter((t) => t.modelName === c.function.name))"
        : "manifest.tools",
    );
    expect(/import \{[^}]*\bselectTools\b/.test(code)).toBe(over && !perStep);
    // Over the limit the AI SDK re-selects each step: generateText's prepareStep narrows the tools sent.
    expect(/generateText\(\{[^}]*prepareStep: prepareToolSearch\(\{ limit: 20 \}\)/.test(code)).toBe(perStep);
  });

  it("gives every tool only where the package is within the limit or a step narrows the tools sent", () => {
    const whole = examples.filter(
      (e) => /manifest\.tools\.map\(/.test(e.code) && !e.code.includes("prepareStep: prepareToolSearch("),
    );
    expect(whole.map((e) => e.title)).toEqual(over ? [] : frameworks);
  });
});

it("covers a package over OpenAI's limit", () => expect(rows.some(([, count]) => count > openAiToolLimit)).toBe(true));
