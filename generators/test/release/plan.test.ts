// Release planning against real git history: the baseline is the package's newest release tag,
// the bump is the strongest spec change since, and the Nx version plan carries the change lines.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { uncommittedChanges } from "../../src/release/git.ts";
import { releasePackages } from "../../src/release/packages.ts";
import { planPackage, versionPlanPath, versionPlanText, writeVersionPlan } from "../../src/release/plan.ts";
import { tempRepo, type TempRepo } from "./repo.ts";
import { edit, widgetFile, widgetSpec } from "./widget.ts";
import { bodyFile, captureText, widgetBody } from "./widget-body.ts";

const widget = { name: "@toolcat/widget-api", dir: "packages/widget-api", version: "1.2.0" };
let repo: TempRepo;

beforeEach(() => {
  repo = tempRepo();
  repo.write(widgetFile, widgetSpec);
  repo.commit("widget api");
});
afterEach(() => repo.remove());

describe("a package that was never released", () => {
  it("ships the version on disk, whatever changed since the first commit", () => {
    repo.write(widgetFile, edit(["maximum: 50", "maximum: 20"]));
    const plan = planPackage(repo.root, widget);
    expect(plan).toMatchObject({ ...widget, bump: "none", lines: [] });
    expect(plan.tag).toBeUndefined();
    expect(versionPlanText(plan)).toBe(
      '---\n"@toolcat/widget-api": minor\n---\n\nFirst release of @toolcat/widget-api generated from ' +
        "specs/widget-api.yaml.\n",
    );
  });
});

describe("a released package", () => {
  beforeEach(() => repo.git("tag", "@toolcat/widget-api@1.2.0"));

  it("is bumped by the strongest spec change since its tag, with the changes as the changelog entry", () => {
    repo.write(
      widgetFile,
      edit(["maximum: 50", "maximum: 20"], ["purpose: read a widget", "purpose: read one widget"]),
    );
    const plan = planPackage(repo.root, widget);
    expect(plan).toMatchObject({ tag: "@toolcat/widget-api@1.2.0", bump: "major" });
    const text = [
      "---",
      '"@toolcat/widget-api": major',
      "---",
      "",
      "Spec changes since @toolcat/widget-api@1.2.0 (specs/widget-api.yaml):",
      "- WidgetApi.GetWidget: limit maximum lowered from 50 to 20 (breaking)",
      "- WidgetApi.GetWidget: purpose changed (docs)",
      "",
    ].join("\n");
    expect(versionPlanText(plan)).toBe(text);
    expect(writeVersionPlan(repo.root, plan)).toBe(join(repo.root, ".nx/version-plans/toolcat-widget-api.md"));
    expect(readFileSync(versionPlanPath(repo.root, plan), "utf8")).toBe(text);
  });

  it("compares with the newest tag, not the first one", () => {
    repo.write(widgetFile, edit(["enum: [red, blue]", "enum: [red, blue, green]"]));
    repo.commit("green widgets");
    repo.git("tag", "@toolcat/widget-api@1.3.0");
    repo.write(
      widgetFile,
      edit(["enum: [red, blue]", "enum: [red, blue, green]"], ["description: start date", "description: first day"]),
    );
    expect(planPackage(repo.root, widget)).toMatchObject({
      tag: "@toolcat/widget-api@1.3.0",
      bump: "patch",
      lines: ["WidgetApi.GetWidget: since description changed (docs)"],
    });
  });

  it("has nothing to release when the spec did not change", () => {
    const plan = planPackage(repo.root, widget);
    expect(plan.bump).toBe("none");
    expect(writeVersionPlan(repo.root, plan)).toBeUndefined();
    expect(existsSync(versionPlanPath(repo.root, plan))).toBe(false);
  });

  it("takes a request body captured since the tag as a feature", () => {
    repo.write(bodyFile, captureText(widgetBody()));
    expect(planPackage(repo.root, widget)).toMatchObject({
      bump: "minor",
      lines: ["WidgetApi.ExecuteWidget: request body schema captured (feature)"],
    });
  });

  it("ignores tags of other packages", () => {
    repo.git("tag", "-d", "@toolcat/widget-api@1.2.0");
    repo.git("tag", "@toolcat/widget-api-extra@9.0.0");
    expect(planPackage(repo.root, widget).tag).toBeUndefined();
  });
});

describe("release packages", () => {
  beforeEach(() => {
    repo.write(`${widget.dir}/package.json`, `${JSON.stringify({ name: widget.name, version: widget.version })}\n`);
    repo.write("packages/runtime/package.json", `${JSON.stringify({ name: "@toolcat/runtime", version: "0.3.0" })}\n`);
  });

  it("are the packages under packages/, selectable by npm name or directory name", () => {
    const runtime = { name: "@toolcat/runtime", dir: "packages/runtime", version: "0.3.0" };
    expect(releasePackages(repo.root)).toEqual([runtime, widget]);
    expect(releasePackages(repo.root, ["widget-api"])).toEqual([widget]);
    expect(releasePackages(repo.root, ["@toolcat/runtime"])).toEqual([runtime]);
    expect(() => releasePackages(repo.root, ["nope"])).toThrow("no release package nope");
  });
});

describe("uncommitted changes", () => {
  it("lists changed and new files under the given paths only", () => {
    expect(uncommittedChanges(repo.root, ["specs", "packages"])).toEqual([]);
    repo.write(widgetFile, edit(["maximum: 50", "maximum: 20"]));
    repo.write("packages/widget-api/CHANGELOG.md", "## 1.0.0\n");
    repo.write("notes.txt", "not released\n");
    expect(uncommittedChanges(repo.root, ["specs", "packages"])).toEqual([
      widgetFile,
      "packages/widget-api/CHANGELOG.md",
    ]);
  });
});
