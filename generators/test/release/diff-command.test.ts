// `toolcat diff` end to end in-process: spec files and git revisions as inputs, text and JSON
// output, and the exit codes for bad input.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { diffCommand } from "../../src/release/diff-command.ts";
import type { DiffReport } from "../../src/release/report.ts";
import { loadInput, loadSpecText } from "../../src/release/spec-input.ts";
import { SpecError } from "../../src/loader/diagnostics.ts";
import { workspaceRoot } from "../support.ts";
import { tempRepo, type TempRepo } from "./repo.ts";
import { edit, widgetFile, widgetSpec } from "./widget.ts";
import { bodyFile, captureText, widgetBody } from "./widget-body.ts";

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
    expect(report).toMatchObject({
      old: "old.yaml",
      new: widgetFile,
      server: "WidgetApi",
      packageName: "@toolcat/widget-api",
      bump: "major",
    });
    expect(report.changes).toEqual([
      {
        subject: "WidgetApi.GetWidget",
        bump: "major",
        class: "breaking",
        text: "limit maximum lowered from 50 to 20",
        line: "WidgetApi.GetWidget: limit maximum lowered from 50 to 20 (breaking)",
      },
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

describe("toolcat diff over captured request bodies", () => {
  const E = "WidgetApi.ExecuteWidget";
  const narrowed = (): ReturnType<typeof widgetBody> => ({ ...widgetBody(), required: ["name", "lines", "priority"] });

  beforeEach(() => {
    repo.write(widgetFile, widgetSpec);
    repo.write(bodyFile, captureText(widgetBody()));
    repo.commit("capture the widget body");
  });

  it("sees a change to only the capture file, the base side read at the revision", () => {
    repo.write(bodyFile, captureText(narrowed(), "2026-01-01T00:00:00.000Z"));
    expect(run("--base", "HEAD", widgetFile)).toBe(0);
    expect(output.stdout).toBe(`WidgetApi (@toolcat/widget-api): HEAD:specs/widget-api.yaml → specs/widget-api.yaml
${E}: /request_body/priority changed from optional to required (breaking)
bump: major
`);
  });

  it("compares two revisions, each with its own captures", () => {
    repo.write(bodyFile, captureText(narrowed()));
    repo.commit("priority required");
    repo.git("rm", "--quiet", bodyFile);
    repo.commit("capture dropped");
    expect(run("HEAD~2:specs/widget-api.yaml", "HEAD~1:specs/widget-api.yaml")).toBe(0);
    expect(output.stdout).toContain(`${E}: /request_body/priority changed from optional to required (breaking)\n`);
    expect(run("HEAD~3:specs/widget-api.yaml", "HEAD~2:specs/widget-api.yaml", "--json")).toBe(0);
    const added = JSON.parse(output.stdout.slice(output.stdout.lastIndexOf('{\n  "old"'))) as DiffReport;
    expect(added.changes.map((c) => c.line)).toEqual([`${E}: request body schema captured (feature)`]);
    expect(run("--base", "HEAD~1", widgetFile)).toBe(0);
    expect(output.stdout).toContain(
      `${E}: request body schema no longer captured (request_body is an untyped string again) (breaking)\nbump: ` +
        "major\n",
    );
  });

  it("reports a bad capture at a revision against that revision", () => {
    repo.write(bodyFile, captureText({ type: "object", properties: { a: { type: "strin" } } }));
    repo.commit("broken capture");
    repo.write(bodyFile, captureText(widgetBody()));
    const error = (() => {
      try {
        loadInput(repo.root, { kind: "git", rev: "HEAD", path: widgetFile });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([
      `HEAD:${bodyFile}:9 invalid-request-body`,
    ]);
    expect(
      loadInput(repo.root, { kind: "file", path: join(repo.root, widgetFile) }).tools.find(
        (t) => t.name === "ExecuteWidget",
      )?.requestBody,
    ).toBeDefined();
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
    expect((error as SpecError).diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual([
      "v1.0.0:specs/widget-api.yaml yaml-syntax",
    ]);
  });
});
