// The seven real packages are their own snapshots: regenerating in memory must reproduce the
// committed files exactly (under CI=true a mismatch or a missing file fails instead of writing).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { maxLineLength } from "../../src/emit/core/layout.ts";
import { workspacePipeline, workspaceRoot } from "../support.ts";

const { files, runs } = workspacePipeline();

describe("generated packages", () => {
  it("cover all seven servers", () => {
    expect(runs.map((r) => r.slug)).toEqual([
      "cloud-contacts",
      "cloud-sheets",
      "creator-api",
      "crm-events-api",
      "engine-api",
      "recruit-api",
      "sigma-api",
    ]);
  });

  it("keep every generated TypeScript line within the line limit", () => {
    const long = files
      .filter((file) => file.path.endsWith(".ts"))
      .flatMap((file) =>
        file.text
          .split("\n")
          .flatMap((line, index) => (line.length > maxLineLength ? [`${file.path}:${index + 1}`] : [])),
      );
    expect(long).toEqual([]);
  });

  it.each(files.map((f) => [f.path, f] as const))("%s is committed as generated", async (path, file) => {
    await expect(file.text).toMatchFileSnapshot(join(workspaceRoot, path));
  });
});
