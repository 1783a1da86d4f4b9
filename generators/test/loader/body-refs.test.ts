// $ref fan-out (issue 24): components that each refer to the next several times, over many levels,
// once made a 4.6 kB capture expand into a 91 MB manifest, and `toolcat diff` exponential too. Seeded
// random fan-outs must be refused with request-body-too-large or generate output that grows with
// the capture's size, and compare quickly.
import { describe, expect, it } from "vitest";
import { generateServer } from "../../src/emit/registry.ts";
import type { JsonValue } from "../../src/ir/json.ts";
import { SpecError } from "../../src/loader/diagnostics.ts";
import { loadCatalog } from "../../src/loader/load.ts";
import { compareRequestBodies } from "../../src/release/compare-bodies.ts";
import { seededRandom } from "../emit/hostile-text.ts";
import { bodyFile, captured, captureText } from "../release/widget-body.ts";
import { workspaceRoot } from "../support.ts";
import { file, good } from "./cases.ts";
import { emitResources } from "../../src/pipeline/resources.ts";

/** `levels` components, each an object whose `width` fields all refer to the next; the last is a `leaf`. */
function fanOut(levels: number, width: number, leaf = "string"): JsonValue {
  const ref = (i: number): JsonValue => ({ $ref: `#/components/schemas/C${i}` });
  const schemas = Object.fromEntries(
    Array.from({ length: levels }, (_, i) => [
      `C${i}`,
      i === levels - 1
        ? { type: leaf }
        : {
            type: "object",
            properties: Object.fromEntries(Array.from({ length: width }, (_, f) => [`f${f}`, ref(i + 1)])),
          },
    ]),
  );
  return { ...(ref(0) as object), components: { schemas } };
}

const seed = Number(process.env.TOOLCAT_SEED ?? 20261125);

describe(`$ref fan-out (seed ${seed})`, () => {
  const random = seededRandom(seed);
  const shapes = Array.from({ length: 12 }, () => ({
    levels: 2 + Math.floor(random() * 14),
    width: 1 + Math.floor(random() * 5),
  }));

  it.each(shapes)(
    "$levels levels of $width refs each: refused past the limit, otherwise linear output",
    ({ levels, width }) => {
      const text = captureText(fanOut(levels, width));
      // Each level's $ref and its component count as two schemas of the expanded body.
      const expanded = 2 * (width === 1 ? levels : (width ** levels - 1) / (width - 1));
      const start = performance.now();
      try {
        const catalog = loadCatalog({
          root: workspaceRoot,
          only: [file],
          overrides: new Map([
            [file, good],
            [bodyFile, text],
          ]),
        });
        const server = catalog.servers[0];
        if (server === undefined) throw new Error("no server");
        const files = generateServer(server, catalog, { package: "0.1.0", runtime: "0.1.0" }, emitResources());
        const generated = files.reduce((size, f) => size + f.text.length, 0);
        // The package without a capture is about 60 kB; what the capture adds grows with its text.
        expect(generated).toBeLessThan(80_000 + 60 * text.length);
        // The diff still follows every $ref: one finding per path to the changed leaf, and no more work.
        const findings = compareRequestBodies(
          captured(fanOut(levels, width)),
          captured(fanOut(levels, width, "integer")),
        );
        expect(findings).toHaveLength(width ** (levels - 1));
        expect(expanded).toBeLessThanOrEqual(10_000);
      } catch (error) {
        if (!(error instanceof SpecError)) throw error;
        expect(error.diagnostics.map((d) => d.code)).toEqual(["request-body-too-large"]);
        expect(expanded).toBeGreaterThan(10_000);
      }
      expect(performance.now() - start).toBeLessThan(5_000);
    },
  );
});
