// Whole-package swaps under a kill at every step: before the journal a package stays entirely old,
// after it the next run finishes the swap; hand-written files and build output always survive.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stagingLeftovers } from "../../src/write/lock.ts";
import type { Plan } from "../../src/write/output.ts";
import { journalFile } from "../../src/write/swap.ts";
import { applyPlan } from "../../src/write/write.ts";

let root: string;
const put = (path: string, text: string): void => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const read = (path: string): string | undefined =>
  existsSync(join(root, path)) ? readFileSync(join(root, path), "utf8") : undefined;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "toolcat-swap-"));
  for (const slug of ["a", "b"]) {
    put(`packages/${slug}/src/index.ts`, "old index\n");
    put(`packages/${slug}/src/gone.ts`, "old only\n");
    put(`packages/${slug}/CHANGELOG.md`, "hand-written\n");
    put(`packages/${slug}/dist/index.js`, "built\n");
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const newFiles = (slug: string) => [
  { path: `packages/${slug}/src/index.ts`, text: "new index\n" },
  { path: `packages/${slug}/src/added.ts`, text: "new only\n" },
];
const plan: Plan = {
  write: [...newFiles("a"), ...newFiles("b")],
  remove: ["packages/a/src/gone.ts", "packages/b/src/gone.ts"],
  packages: [
    { slug: "a", files: newFiles("a") },
    { slug: "b", files: newFiles("b") },
  ],
};

const nothing: Plan = { write: [], remove: [], packages: [] };

function state(slug: string): "old" | "new" | "absent" {
  if (!existsSync(join(root, "packages", slug))) return "absent";
  const old =
    read(`packages/${slug}/src/index.ts`) === "old index\n" && read(`packages/${slug}/src/gone.ts`) === "old only\n";
  const fresh =
    read(`packages/${slug}/src/index.ts`) === "new index\n" && read(`packages/${slug}/src/added.ts`) === "new only\n";
  expect(old !== fresh, `packages/${slug} mixes old and new files`).toBe(true);
  expect(read(`packages/${slug}/src/${old ? "added" : "gone"}.ts`)).toBeUndefined();
  expect(read(`packages/${slug}/CHANGELOG.md`)).toBe("hand-written\n");
  expect(read(`packages/${slug}/dist/index.js`)).toBe("built\n");
  return old ? "old" : "new";
}

/** Runs the plan, "killed" when the named step is reached. */
function killedAt(step: string): void {
  const kill = new Error(`killed at ${step}`);
  expect(() =>
    applyPlan(
      root,
      () => plan,
      (reached) => {
        if (reached === step) throw kill;
      },
    ),
  ).toThrow(kill);
}

describe("applyPlan", () => {
  it("replaces each changed package whole, keeping what other tools own", () => {
    applyPlan(root, () => plan);
    expect([state("a"), state("b")]).toEqual(["new", "new"]);
    expect(readdirSync(join(root, "packages")).sort()).toEqual(["a", "b"]);
  });

  it("leaves every package old when killed before the journal, and the next run cleans the staging", () => {
    killedAt("staged");
    expect([state("a"), state("b")]).toEqual(["old", "old"]);
    expect(stagingLeftovers(root)).toHaveLength(1);
    applyPlan(root, () => nothing);
    expect(stagingLeftovers(root)).toEqual([]);
    expect([state("a"), state("b")]).toEqual(["old", "old"]);
  });

  it.each(["journal", "retired:a", "kept:a", "swapped:a", "retired:b", "kept:b"])(
    "never mixes a package when killed at %s, and the next run finishes the swap",
    (step) => {
      killedAt(step);
      state("a");
      state("b");
      expect(read(journalFile)).toBeDefined();
      applyPlan(root, () => nothing);
      expect([state("a"), state("b")]).toEqual(["new", "new"]);
      expect(read(journalFile)).toBeUndefined();
      expect(stagingLeftovers(root)).toEqual([]);
    },
  );
});

describe("applyPlan removing a package whose spec is gone", () => {
  const removal: Plan = {
    write: newFiles("a"),
    remove: ["packages/a/src/gone.ts", "packages/b/src/gone.ts", "packages/b/src/index.ts"],
    packages: [
      { slug: "a", files: newFiles("a") },
      { slug: "b", files: [] },
    ],
  };
  const steps = ["staged", "journal", "retired:a", "kept:a", "swapped:a", "retired:b", "kept:b", "swapped:b"];

  /** "old", "absent" (between two renames), or "removed": only what other tools own is left, or nothing. */
  function removedState(kept: boolean): "old" | "absent" | "removed" {
    if (!existsSync(join(root, "packages/b"))) return kept ? "absent" : "removed";
    if (read("packages/b/src/index.ts") === "old index\n") {
      expect(read("packages/b/src/gone.ts"), "packages/b is half deleted").toBe("old only\n");
      return "old";
    }
    expect(readdirSync(join(root, "packages/b")).sort(), "packages/b is half deleted").toEqual([
      "CHANGELOG.md",
      "dist",
    ]);
    return "removed";
  }

  it.each([true, false])("removes it whole (keeping what other tools own: %s)", (kept) => {
    if (!kept)
      for (const entry of ["CHANGELOG.md", "dist"]) rmSync(join(root, "packages/b", entry), { recursive: true });
    applyPlan(root, () => removal);
    expect(removedState(kept)).toBe("removed");
    expect(readdirSync(join(root, "packages")).sort()).toEqual(kept ? ["a", "b"] : ["a"]);
  });

  it.each(steps.flatMap((step) => [true, false].map((kept) => ({ step, kept }))))(
    "leaves it whole or gone when killed at $step (kept files: $kept), and the next run finishes",
    ({ step, kept }) => {
      if (!kept)
        for (const entry of ["CHANGELOG.md", "dist"]) rmSync(join(root, "packages/b", entry), { recursive: true });
      const kill = new Error(`killed at ${step}`);
      expect(() =>
        applyPlan(
          root,
          () => removal,
          (reached) => {
            if (reached === step) throw kill;
          },
        ),
      ).toThrow(kill);
      const reached = steps.indexOf(step);
      const between = step === "retired:b" || step === "kept:b";
      expect(removedState(kept)).toBe(
        reached < steps.indexOf("retired:b") ? "old" : between && kept ? "absent" : "removed",
      );
      applyPlan(root, () => nothing);
      // Killed before the journal, the removal never happened; after it, the next run finishes it.
      expect(removedState(kept)).toBe(step === "staged" ? "old" : "removed");
      expect(stagingLeftovers(root)).toEqual([]);
      expect(read(journalFile)).toBeUndefined();
    },
  );
});
