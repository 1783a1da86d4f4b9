// Release planning: which version each package needs, decided by its spec, not by commit messages.
// A server package compares specs/<slug>.yaml at its last release tag with the working tree and
// takes the strongest change; the result is written as an Nx version plan, which `nx release`
// turns into the version bump and the CHANGELOG.md entry.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Level } from "./change.ts";
import { compareServers } from "./compare-servers.ts";
import { lastReleaseTag } from "./git.ts";
import type { ReleasePackage } from "./packages.ts";
import { changeLines } from "./report.ts";
import { catalogModes, loadInput } from "./spec-input.ts";

/** `version` is the one in package.json: the current release, or the first one when never released. */
export interface PackagePlan extends ReleasePackage {
  /** The last `<name>@<version>` tag; undefined when the package was never released. */
  readonly tag?: string;
  /** The server spec the package is generated from; undefined for the hand-written runtime. */
  readonly specFile?: string;
  /** The bump the spec changes need; "none" for first releases and for the runtime. */
  readonly bump: Level;
  /** Plain-word change lines, breaking first. */
  readonly lines: readonly string[];
}

const versionPlanDir = ".nx/version-plans";

export function planPackage(root: string, pkg: ReleasePackage): PackagePlan {
  const specFile = `specs/${packageSlug(pkg)}.yaml`;
  const hasSpec = existsSync(join(root, specFile));
  const tag = lastReleaseTag(root, pkg.name);
  const base = { ...pkg, ...(tag !== undefined && { tag }), ...(hasSpec && { specFile }) };
  // Never released: nothing published to be compatible with, so the version on disk ships as is.
  // The runtime has no spec: its bump comes from a version plan written by hand (nx release plan).
  if (tag === undefined || !hasSpec) return { ...base, bump: "none", lines: [] };
  const diff = compareServers(
    loadInput(root, { kind: "git", rev: tag, path: specFile }),
    loadInput(root, { kind: "file", path: join(root, specFile) }),
    catalogModes(root),
  );
  return { ...base, bump: diff.bump, lines: changeLines(diff) };
}

function packageSlug(pkg: ReleasePackage): string {
  return pkg.dir.slice(pkg.dir.lastIndexOf("/") + 1);
}

export function isFirstRelease(plan: PackagePlan): boolean {
  return plan.tag === undefined;
}

/** The Nx version plan for this package, or undefined when it has nothing to release. */
export function versionPlanText(plan: PackagePlan): string | undefined {
  if (isFirstRelease(plan)) {
    // Only the message is used: a first release publishes the version on disk (see tools/release/version.ts).
    const what = plan.specFile === undefined ? "" : ` generated from ${plan.specFile}`;
    return frontMatter(plan.name, "minor", `First release of ${plan.name}${what}.`);
  }
  if (plan.bump === "none") return undefined;
  return frontMatter(
    plan.name,
    plan.bump,
    [`Spec changes since ${plan.tag} (${plan.specFile}):`, ...plan.lines.map((line) => `- ${line}`)].join("\n"),
  );
}

function frontMatter(projectName: string, bump: string, message: string): string {
  return `---\n${JSON.stringify(projectName)}: ${bump}\n---\n\n${message}\n`;
}

/** Where this package's generated plan goes; a fixed name, so planning again replaces it. */
export function versionPlanPath(root: string, plan: PackagePlan): string {
  return join(root, versionPlanDir, `toolcat-${packageSlug(plan)}.md`);
}

/** Writes the plan file when there is something to release; returns its path. */
export function writeVersionPlan(root: string, plan: PackagePlan): string | undefined {
  const text = versionPlanText(plan);
  if (text === undefined) return undefined;
  const path = versionPlanPath(root, plan);
  mkdirSync(join(root, versionPlanDir), { recursive: true });
  writeFileSync(path, text);
  return path;
}
