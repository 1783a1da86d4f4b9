// Generative: seeded hostile strings in every free-text field of specs that `lint` accepts. Loaded
// by the real loader, generated, compiled once with strict tsc, and imported with a canary that
// spec text must never touch; every string must round-trip through manifest.json and the README.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { sentence } from "../../src/emit/core/describe.ts";
import { markdownCode, markdownText } from "../../src/emit/core/escape.ts";
import { runPipeline, type PipelineResult } from "../../src/pipeline/run.ts";
import { loadSpecs } from "../../src/pipeline/spec-worker.ts";
import { specWorker, workspaceRoot } from "../support.ts";
import { compileGenerated } from "./compile.ts";
import { hostileString, seededRandom } from "./hostile-text.ts";

const seed = Number(process.env.TOOLCAT_SEED ?? 20261123);
const random = seededRandom(seed);
const text = (): string => hostileString(random);
const toolCount = 12;

/** One tool per index, every free-text field hostile; enum values are distinct by construction. */
function tool(index: number): { name: string; purpose: string; parameters: unknown[] } & Record<string, unknown> {
  const values = [`${text()} a${index}`, `${text()} b${index}`];
  const keys = [`${text()} k${index}`];
  return {
    name: `Tool${index}`,
    purpose: text(),
    secrets: [],
    group: text(),
    notes: [text(), text()],
    judgments: [text()],
    parameters: [
      { name: "note", type: "string", description: text(), notes: [text()], judgments: [text()] },
      { name: "choice", type: "string", enum: values, default: values[0], description: text(), defaultNote: text() },
      { name: "other", type: "string" },
      { name: "bag", type: "object", keys: keys.map((name) => ({ name, description: text() })) },
      { name: "list", type: "array", items: { type: "string", enum: [`${text()} i${index}`, `${text()} j${index}`] } },
      { name: "limit", type: "integer", minimum: 0, maximum: 9, default: 1 },
    ],
    rules: [{ kind: "required-when", parameter: "other", when: "choice", equals: values[1], text: text() }],
  };
}

const specs = {
  "specs/hostile-key.yaml": {
    server: "HostileKey",
    kind: "starter",
    domain: text(),
    description: text(),
    source: text(),
    keywords: [text()],
    auth: { type: "api-key" as const, secret: "HOSTILE_KEY", placement: text(), notes: [text()] },
    secrets: [{ name: "HOSTILE_KEY", description: text(), notes: [text()] }],
    tools: Array.from({ length: toolCount }, (_, i) => tool(i)),
  },
  "specs/hostile-oauth.yaml": {
    server: "HostileOauth",
    kind: "optimized",
    domain: text(),
    description: text(),
    source: text(),
    auth: {
      type: "user-authorization" as const,
      provider: text(),
      scopeBase: "not-shown",
      scopes: [{ name: text() }],
      notes: [text()],
    },
    secrets: [],
    tools: Array.from({ length: toolCount }, (_, i) => tool(i + toolCount)),
  },
};

const root = mkdtempSync(join(tmpdir(), "toolcat-hostile-"));
mkdirSync(join(root, "specs"));
writeFileSync(join(root, "specs/catalog.yaml"), readFileSync(join(workspaceRoot, "specs/catalog.yaml")));
for (const [path, spec] of Object.entries(specs)) writeFileSync(join(root, path), stringify(spec, { lineWidth: 0 }));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Canary = typeof globalThis & { __toolcatCanary?: string };

describe(`hostile spec text (seed ${seed}; replay with TOOLCAT_SEED)`, () => {
  let result: PipelineResult | undefined;
  const generated = (): PipelineResult => {
    result ??= runPipeline({ root });
    return result;
  };

  it("is accepted by the loader and generates", () => {
    expect(generated().runs.map((r) => r.tools)).toEqual([toolCount, toolCount]);
  });

  it(
    "generates the same files from the catalog a worker thread posts back (a structured clone)",
    { timeout: 60_000 },
    async () => {
      const catalog = await loadSpecs({ root }, await specWorker());
      expect(runPipeline({ root, catalog }).files).toEqual(generated().files);
    },
  );

  // One tsc program for both packages: several seconds, more on a busy machine.
  it("compiles under strict TypeScript and imports without running spec text", { timeout: 120_000 }, async () => {
    expect(compileGenerated(root, generated().files).diagnostics).toEqual([]);
    const out = join(root, "out");
    const canary = globalThis as Canary;
    canary.__toolcatCanary = "untouched";
    try {
      for (const slug of ["hostile-key", "hostile-oauth"]) {
        const module = (await import(pathToFileURL(join(out, slug, "src/index.js")).href)) as Record<string, unknown>;
        const manifestJson: unknown = JSON.parse(readFileSync(join(root, "packages", slug, "manifest.json"), "utf8"));
        expect(module.manifest).toEqual(manifestJson);
        const validate = module.validate as (name: unknown, input: unknown) => { ok: boolean };
        expect(validate("Tool0", {}).ok).toBeTypeOf("boolean");
      }
      expect(canary.__toolcatCanary).toBe("untouched");
    } finally {
      delete canary.__toolcatCanary;
    }
  });

  it("round-trips every string exactly through manifest.json", () => {
    for (const [path, spec] of Object.entries(specs)) {
      const slug = path.slice("specs/".length, -".yaml".length);
      const file = generated().files.find((f) => f.path === `packages/${slug}/manifest.json`);
      const manifest = JSON.parse(file?.text ?? "null") as {
        server: { domain: string; description: string; auth: { provider?: string | null } };
        tools: {
          description: string;
          group?: string;
          notes: string[];
          judgments: string[];
          inputSchema: {
            properties: Record<
              string,
              { description?: string; enum?: string[]; default?: unknown; items?: { enum?: string[] } }
            >;
          };
        }[];
      };
      expect(manifest.server.domain).toBe(spec.domain);
      expect(manifest.server.description).toBe(spec.description);
      if (spec.auth.type === "user-authorization") expect(manifest.server.auth.provider).toBe(spec.auth.provider);
      spec.tools.forEach((raw, i) => {
        const [, choice, , , list] = raw.parameters as [
          unknown,
          { enum: string[]; default: string },
          unknown,
          unknown,
          { items: { enum: string[] } },
        ];
        const properties = manifest.tools[i]?.inputSchema.properties;
        expect(manifest.tools[i]?.description).toBe(raw.purpose);
        expect(manifest.tools[i]?.group).toBe(raw["group"]);
        expect(manifest.tools[i]?.notes).toEqual(raw["notes"]);
        expect(manifest.tools[i]?.judgments).toEqual(raw["judgments"]);
        expect(properties?.choice?.enum).toEqual(choice.enum);
        expect(properties?.choice?.default).toBe(choice.default);
        expect(properties?.list?.items?.enum).toEqual(list.items.enum);
      });
    }
  });

  it("shows every string, escaped, in the README and adds no heading, table row or HTML", () => {
    // The "Use with a model" examples are fixed text; every other third-level heading is a tool.
    const modelExampleTitles = [
      "OpenAI",
      "Anthropic",
      "Vercel AI SDK",
      "LangChain",
      "OpenAI Agents",
      "MCP",
      "Gemini",
      "OpenAI Responses, tool search",
      "Anthropic, tool search",
      "Anthropic, client-side search",
      "Vercel AI SDK, active tools",
      "MCP, search mode",
    ];
    for (const [path, spec] of Object.entries(specs)) {
      const slug = path.slice("specs/".length, -".yaml".length);
      const readme = generated().files.find((f) => f.path === `packages/${slug}/README.md`)?.text ?? "";
      expect(readme).toContain(markdownText(spec.domain));
      expect(readme).toContain(markdownText(spec.description));
      if (spec.auth.type === "user-authorization") expect(readme).toContain(markdownCode(spec.auth.provider));
      for (const raw of spec.tools) expect(readme).toContain(markdownText(sentence(raw.purpose)));
      const headings = readme.split("\n").filter((line) => line.startsWith("#"));
      expect(headings.filter((h) => h.startsWith("### ")).map((h) => h.slice(4))).toEqual([
        ...modelExampleTitles,
        ...spec.tools.map((t) => t.name),
      ]);
      // Raw `<` only in the template's own text and inside code spans, where markdown shows it literally.
      const codeSpans = [
        ...(spec.auth.type === "user-authorization" ? [markdownCode(spec.auth.provider)] : []),
        ...spec.tools.map((t) => markdownCode(JSON.stringify((t.parameters as { default?: unknown }[])[1]?.default))),
      ];
      const prose = codeSpans.reduce(
        (rest, span) => rest.split(span).join(""),
        readme.replace(/^<!-- Code generated .* -->\n/, ""),
      );
      const template = ["<Tool>", "`tools/groups/<group>/`", "tool<OpenAiToolParameters>("];
      expect(template.reduce((rest, text) => rest.replaceAll(text, ""), prose)).not.toContain("<");
    }
  });
});
