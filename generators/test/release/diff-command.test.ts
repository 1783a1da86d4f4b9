// `toolcat diff` end to end in-process: spec files and git revisions as inputs, text and JSON
// output, and the exit codes for bad input.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { diffCommand } from "../../src/release/diff-command.ts";
import type { DiffReport } from "../../src/release/report.ts";
import { loadSpecText } from "../../src/release/spec-input.ts";
import { SpecError } from "../../src/loader/diagnostics.ts";
import { workspaceRoot } from "../support.ts";
import { tempRepo, type TempRepo } from "./repo.ts";
import { edit, widgetFile, widgetSpec } from "./widget.ts";

let repo: TempRepo;
let output: { stdout: string; stderr: string };

function run(...args: string[]): number {
  return diffCommand(repo.root, args, repo.root);
}

beforeEach(() => {
  repo = tempRepo();
  repo.write(widgetFile, widgetSpec);
  repo.commit("widget api");
  repo.write(widgetFile, edit(["maximum: 50", "maximum: 20"]));
  output = { stdout: "", stderr: "" };
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((output.stdout += String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((output.stderr += String(chunk)), true));
});
afterEach(() => {
  vi.restoreAllMocks();
  repo.remove();
});

const expectedText = `WidgetApi (@toolcat/widget-api): HEAD:specs/widget-api.yaml → specs/widget-api.yaml
WidgetApi.GetWidget: limit maximum lowered from 50 to 20 (breaking)
bump: major
`;

describe("toolcat diff", () => {
  it("compares a git revision with the working tree (--base)", () => {
    expect(run("--base", "HEAD", widgetFile)).toBe(0);
    expect(output.stdout).toBe(expectedText);
  });

  it("takes <rev>:<path> and a file as the two sides", () => {
    expect(run("HEAD:specs/widget-api.yaml", widgetFile)).toBe(0);
    expect(output.stdout).toBe(expectedText);
  });

  it("compares two files whatever they are called, as JSON", () => {
    writeFileSync(join(repo.root, "old.yaml"), widgetSpec);
    expect(run("old.yaml", widgetFile, "--json")).toBe(0);
    const report = JSON.parse(output.stdout) as DiffReport;
    expect(report).toMatchObject({ old: "old.yaml", new: widgetFile, server: "WidgetApi", packageName: "@toolcat/widget-api", bump: "major" });
    expect(report.changes).toEqual([
      { subject: "WidgetApi.GetWidget", bump: "major", class: "breaking", text: "limit maximum lowered from 50 to 20", line: "WidgetApi.GetWidget: limit maximum lowered from 50 to 20 (breaking)" },
    ]);
  });

  it("exits 0 and says so when nothing changed", () => {
    expect(run(widgetFile, widgetFile)).toBe(0);
    expect(output.stdout).toContain("no changes\nbump: none\n");
  });

  it("exits 1 on an unknown revision or a path missing at a revision", () => {
    expect(run("no-such-rev:specs/widget-api.yaml", widgetFile)).toBe(1);
    expect(run("HEAD:specs/gone.yaml", widgetFile)).toBe(1);
    expect(output.stderr).toContain('unknown git revision "no-such-rev"');
    expect(output.stderr).toContain("specs/gone.yaml does not exist at revision HEAD");
  });

  it("exits 2 with usage on bad arguments", () => {
    expect(run(widgetFile)).toBe(2);
    expect(run("--base", "HEAD")).toBe(2);
    expect(output.stderr).toContain("usage: toolcat diff <old> <new> [--json]");
  });
});

describe("loading a spec from anywhere", () => {
  it("reports spec errors against the source the text came from", () => {
    const broken = edit(["kind: starter", "kind: [starter"]);
    const error = (() => {
      try {
        loadSpecText(workspaceRoot, broken, "v1.0.0:specs/widget-api.yaml");
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(["v1.0.0:specs/widget-api.yaml yaml-syntax"]);
  });
});
