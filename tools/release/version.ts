// Versions packages from their spec changes, then lets Nx write the versions, the CHANGELOG.md
// entries, the release commit and the `<name>@<version>` tags (nx.json "release").
//
//   npx tsx tools/release/version.ts [--projects <name|slug>,...] [--plan-only] [--dry-run] [--no-commit] [--no-tag]
//
// --no-commit leaves the changes staged and implies --no-tag.
//
// Each selected server package is compared with its last release tag; the strongest spec change
// picks the bump and the changes become the changelog entry (an Nx version plan per package).
// A package with no tag was never published: its first release is the version on disk. The
// runtime has no spec; bump it with a hand-written plan (npx nx release plan minor -p @toolcat/runtime -m "…").
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { releaseChangelog, releaseVersion } from "nx/release";
import { releasePackages } from "../../generators/src/release/packages.ts";
import { uncommittedChanges } from "../../generators/src/release/git.ts";
import { isFirstRelease, planPackage, writeVersionPlan, type PackagePlan } from "../../generators/src/release/plan.ts";
import { findRoot } from "../../generators/src/pipeline/workspace.ts";

type VersionData = Awaited<ReturnType<typeof releaseVersion>>["projectsVersionData"];

const { values } = parseArgs({
  options: {
    projects: { type: "string" },
    "plan-only": { type: "boolean", default: false },
    "dry-run": { type: "boolean", default: false },
    "no-commit": { type: "boolean", default: false },
    "no-tag": { type: "boolean", default: false },
  },
});

const root = findRoot(process.cwd());
const dryRun = values["dry-run"];

function describePlan(plan: PackagePlan): string {
  if (isFirstRelease(plan)) return `${plan.name}: first release at ${plan.version} (no release tag yet)`;
  if (plan.specFile === undefined)
    return `${plan.name}: ${plan.version}, no spec; bumped only by a hand-written version plan`;
  if (plan.bump === "none") return `${plan.name}: ${plan.version}, no spec changes since ${plan.tag}`;
  return [
    `${plan.name}: ${plan.version} → ${plan.bump} bump, spec changes since ${plan.tag}:`,
    ...plan.lines.map((l) => `  ${l}`),
  ].join("\n");
}

async function main(): Promise<number> {
  const plans = releasePackages(root, values.projects?.split(",")).map((pkg) => planPackage(root, pkg));
  process.stdout.write(`${plans.map(describePlan).join("\n")}\n`);
  if (values["plan-only"]) return 0;
  // The tag must point at the specs and packages that were released: the release commit only adds
  // versions and changelogs, so anything else uncommitted would be missing from it.
  const dirty = uncommittedChanges(root, ["specs", "packages"]);
  if (dirty.length > 0 && !dryRun) {
    process.stderr.write(
      "commit these first (the release tag must contain the released specs and packages):\n" +
        `${dirty.map((p) => `  ${p}`).join("\n")}\n`,
    );
    return 1;
  }

  const written = plans.flatMap((plan) => writeVersionPlan(root, plan) ?? []);
  try {
    const released = plans.filter((plan) => !isFirstRelease(plan)).map((plan) => plan.name);
    // Nx applies every version plan for these projects (ours and hand-written ones) and patches dependents.
    const bumped: VersionData =
      released.length === 0
        ? {}
        : (await releaseVersion({ projects: released, dryRun, gitCommit: false, gitTag: false })).projectsVersionData;
    // First releases keep their version: Nx only writes their changelog entry and tag, unless the
    // version step just bumped them as dependents of the runtime (then that new version wins).
    const first: VersionData = Object.fromEntries(
      plans
        .filter(isFirstRelease)
        .map((plan) => [plan.name, { currentVersion: plan.version, newVersion: plan.version, dependentProjects: [] }]),
    );
    const versionData: VersionData = {
      ...first,
      ...Object.fromEntries(Object.entries(bumped).filter(([, data]) => data.newVersion !== null)),
    };
    const projects = Object.keys(versionData);
    if (projects.length === 0) {
      process.stdout.write("nothing to release\n");
      return 0;
    }
    await releaseChangelog({
      versionData,
      projects,
      firstRelease: Object.keys(first).length > 0,
      dryRun,
      gitCommit: !values["no-commit"],
      // A tag without the release commit would point at the previous commit.
      gitTag: !values["no-commit"] && !values["no-tag"],
      stageChanges: true,
    });
    return 0;
  } finally {
    // Nx deletes the plans it used, except on a dry run: leave the workspace as it was.
    if (dryRun) for (const path of written) rmSync(path, { force: true });
  }
}

process.exitCode = await main();
