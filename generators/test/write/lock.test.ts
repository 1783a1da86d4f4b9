// The generate lock: one writer at a time, a clear error naming the holder, stale locks and stale
// staging directories from killed runs cleaned up.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireLock, GenerateLockedError, lockFile, stagingLeftovers } from "../../src/write/lock.ts";
import { applyPlan } from "../../src/write/write.ts";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "toolcat-lock-"));
  mkdirSync(join(root, "packages"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const file = { path: "packages/a/x.ts", text: "x\n" };
const onePlan = { write: [file], remove: [], packages: [{ slug: "a", files: [file] }] };
const nothing = { write: [], remove: [], packages: [] };

describe("acquireLock", () => {
  it("refuses a second writer while the first holds the lock, naming the holder's pid", () => {
    const release = acquireLock(root);
    expect(readFileSync(join(root, lockFile), "utf8")).toBe(`${process.pid}\n`);
    expect(() => acquireLock(root)).toThrowError(new GenerateLockedError(process.pid).message);
    release();
    expect(existsSync(join(root, lockFile))).toBe(false);
    acquireLock(root)();
  });

  it("takes over a lock whose holder is no longer running", () => {
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(join(root, lockFile), `${dead}\n`);
    const release = acquireLock(root);
    expect(readFileSync(join(root, lockFile), "utf8")).toBe(`${process.pid}\n`);
    release();
  });

  it("waits while another live process holds the lock, then takes it", async () => {
    const holder = spawn(process.execPath, [
      "-e",
      `
      require("node:fs").writeFileSync(${JSON.stringify(join(root, lockFile))}, process.pid + "\\n", { flag: "wx" });
      setTimeout(() => require("node:fs").rmSync(${JSON.stringify(join(root, lockFile))}), 300);
    `,
    ]);
    while (!existsSync(join(root, lockFile))) await new Promise((resolve) => setTimeout(resolve, 5));
    const start = Date.now();
    const release = acquireLock(root);
    expect(Date.now() - start).toBeGreaterThan(100);
    expect(readFileSync(join(root, lockFile), "utf8")).toBe(`${process.pid}\n`);
    release();
    await new Promise((resolve) => holder.once("exit", resolve));
  });

  it("takes over a lock file with no readable pid", () => {
    writeFileSync(join(root, lockFile), "");
    acquireLock(root)();
  });
});

describe("applyPlan", () => {
  it("fails without writing while another run holds the lock", () => {
    writeFileSync(join(root, lockFile), `${process.ppid}\n`);
    expect(() => applyPlan(root, () => onePlan)).toThrowError(GenerateLockedError);
    expect(existsSync(join(root, "packages/a/x.ts"))).toBe(false);
  });

  it("removes staging directories left by a killed run, even when nothing changed", () => {
    mkdirSync(join(root, "packages/.toolcat-staging-abc123"));
    writeFileSync(join(root, "packages/.toolcat-staging-abc123/0"), "half written");
    expect(stagingLeftovers(root)).toEqual(["packages/.toolcat-staging-abc123"]);
    applyPlan(root, () => nothing);
    expect(stagingLeftovers(root)).toEqual([]);
    applyPlan(root, () => onePlan);
    expect(readFileSync(join(root, "packages/a/x.ts"), "utf8")).toBe("x\n");
    expect(existsSync(join(root, lockFile))).toBe(false);
  });
});
