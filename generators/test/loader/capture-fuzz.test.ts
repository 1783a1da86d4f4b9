// Fuzz test of the capture loader: seeded random captures (random-capture.ts) are each either
// refused with positioned diagnostics or loaded and generated; a few generated packages (and two
// fixed ones: 400 fields of every kind, and recursive components) are compiled under strict tsc,
// imported, and their body checks compared with stock Ajv on the manifest's contentSchema.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, describe, expect, it } from "vitest";
import type { GeneratedFile } from "../../src/core/files.ts";
import { generateServer } from "../../src/emit/registry.ts";
import { diagnosticCodes, SpecError, type Diagnostic } from "../../src/loader/diagnostics.ts";
import { loadCatalog } from "../../src/loader/load.ts";
import { compileGenerated } from "../emit/compile.ts";
import { seededRandom } from "../emit/hostile-text.ts";
import { workspaceRoot } from "../support.ts";
import { file, good } from "./cases.ts";
import { bodyValue } from "./body-values.ts";
import { randomCapture } from "./random-capture.ts";
import { emitResources } from "../../src/pipeline/resources.ts";

const seed = Number(process.env.TOOLCAT_SEED ?? 20261124);
const runs = 80;
const compiled = 3;
const captureFile = "specs/request-bodies/widget-api/ExecuteWidget.json";

function load(text: string): { files: GeneratedFile[] } | { diagnostics: readonly Diagnostic[] } {
  try {
    const catalog = loadCatalog({
      root: workspaceRoot,
      only: [file],
      overrides: new Map([
        [file, good],
        [captureFile, text],
      ]),
    });
    const [server] = catalog.servers;
    if (server === undefined) throw new Error("no server");
    return { files: generateServer(server, catalog, { package: "0.1.0", runtime: "0.1.0" }, emitResources()) };
  } catch (error) {
    if (error instanceof SpecError) return { diagnostics: error.diagnostics };
    throw error;
  }
}

const capture = (answer: unknown): string =>
  JSON.stringify(
    {
      tool: "WidgetApi.ExecuteWidget",
      capturedFrom: "http://127.0.0.1:1",
      capturedAt: "2025-01-01T00:00:00.000Z",
      answer,
    },
    null,
    2,
  ) + "\n";
const kinds = [
  { type: "string", minLength: 1, maxLength: 9 },
  { type: "integer", minimum: 0 },
  { type: "string", enum: ["a", "b"] },
  { type: "boolean" },
  { type: "array", items: { type: "string" } },
  { type: "string", nullable: true },
  { oneOf: [{ type: "string" }, { type: "integer" }] },
  { anyOf: [{ type: "string" }, { type: "null" }] },
];
/** Reproduced from issue 24: 400 fields of mixed kinds made one check function too large for tsc (TS2563). */
const wide = capture({
  type: "object",
  required: ["f1", "f2"],
  additionalProperties: false,
  properties: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`f${i}`, kinds[i % kinds.length] ?? {}])),
});
/** Components that contain themselves through arrays, fields, options and additionalProperties. */
const recursive = capture({
  type: "object",
  properties: { list: { $ref: "#/components/schemas/List" }, tree: { $ref: "#/components/schemas/A" } },
  components: {
    schemas: {
      List: { type: "array", maxItems: 3, items: { $ref: "#/components/schemas/List" } },
      A: { oneOf: [{ type: "array", items: { $ref: "#/components/schemas/B" } }, { type: "string" }] },
      B: {
        type: "object",
        nullable: true,
        required: ["a"],
        properties: { a: { $ref: "#/components/schemas/A" }, self: { $ref: "#/components/schemas/B" } },
        additionalProperties: { $ref: "#/components/schemas/List" },
      },
    },
  },
});

describe(`capture loader fuzz (seed ${seed}; replay with TOOLCAT_SEED)`, () => {
  const random = seededRandom(seed);
  const samples = Array.from({ length: runs }, () => randomCapture(random));
  const outcomes = samples.map((sample) => ({ ...sample, result: load(sample.text) }));
  const accepted = outcomes.flatMap((o) => ("files" in o.result ? [o.result.files] : []));

  it("refuses a capture only with positioned diagnostics, and accepts every well-formed one", () => {
    for (const { text, mutation, result } of outcomes) {
      if ("files" in result) continue;
      expect(
        mutation,
        `a well-formed capture was refused:\n${text}\n${result.diagnostics.map((d) => d.message).join("\n")}`,
      ).not.toBe("none");
      for (const d of result.diagnostics) {
        expect([captureFile, file]).toContain(d.file);
        expect(d.line).toBeGreaterThanOrEqual(1);
        expect(d.col).toBeGreaterThanOrEqual(1);
        expect(d.line).toBeLessThanOrEqual(text.split("\n").length);
        expect(diagnosticCodes).toContain(d.code);
        expect(d.hint ?? "").not.toBe("");
      }
    }
    // Both sides must be exercised, or the property proves nothing.
    expect(accepted.length).toBeGreaterThan(runs / 4);
    expect(outcomes.length - accepted.length).toBeGreaterThan(runs / 4);
  });

  const root = mkdtempSync(join(tmpdir(), "toolcat-capture-fuzz-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(
    "compiles what it accepts under strict tsc, and the body checks agree with stock Ajv",
    { timeout: 180_000 },
    async () => {
      const fixed = [wide, recursive].map((text) => {
        const result = load(text);
        if (!("files" in result)) throw new Error(result.diagnostics.map((d) => d.message).join("\n"));
        return result.files;
      });
      const packages = [...fixed, ...accepted.slice(0, compiled)];
      // Each sample's package in its own folder (packages/sample<i>-widget-api), so one tsc run compiles them all.
      const written = packages.flatMap((files, i) =>
        files.map((f) => ({ ...f, path: f.path.replace(/^packages\//, `packages/sample${i}-`) })),
      );
      expect(compileGenerated(root, written).diagnostics).toEqual([]);
      const out = join(root, "out");

      const bodies = seededRandom(seed + 1);
      for (const i of packages.keys()) {
        const module = (await import(pathToFileURL(join(out, `sample${i}-widget-api/src/index.js`)).href)) as {
          validate: (name: string, input: unknown) => { ok: boolean; issues?: { path: string }[] };
        };
        const manifest = JSON.parse(
          readFileSync(join(root, `packages/sample${i}-widget-api/manifest.json`), "utf8"),
        ) as unknown;
        const schema = findContentSchema(manifest);
        // One Ajv per schema: every sample's contentSchema has the same `$id`.
        const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
        addFormats.default(ajv);
        const check = ajv.compile(schema);
        for (let n = 0; n < 30; n++) {
          const body = JSON.parse(JSON.stringify(bodyValue(schema, bodies)) ?? "null") as unknown;
          const result = module.validate("ExecuteWidget", {
            mode: "execute",
            widget_id: "w",
            request_body: JSON.stringify(body),
          });
          const ours = result.ok || !(result.issues ?? []).some((issue) => issue.path.startsWith("/request_body"));
          expect(ours, `sample ${i}: ${JSON.stringify(body)}`).toBe(check(body));
        }
      }
    },
  );
});

function findContentSchema(value: unknown): Record<string, unknown> {
  const stack = [value];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (typeof node !== "object" || node === null) continue;
    const content = (node as Record<string, unknown>)["contentSchema"];
    if (typeof content === "object" && content !== null) return content as Record<string, unknown>;
    stack.push(...Object.values(node));
  }
  throw new Error("no contentSchema in the manifest");
}
