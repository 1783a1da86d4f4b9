// The generate lock: one writer at a time, a clear error naming the holder, stale locks and stale
// staging directories from killed runs cleaned up, while a live run's staging is left alone.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireLock, GenerateLockedError, lockFile, stagingLeftovers } from "../../src/write/lock.ts";
import { writePackages } from "../../src/write/write.ts";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "toolcat-lock-"));
  mkdirSync(join(root, "packages"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const file = { path: "packages/a/x.ts", text: "x\n" };
const write = (files: readonly { path: string; text: string }[]) =>
  writePackages(root, files.length === 0 ? [] : [{ slug: "a", files }], {
    full: false,
    settle: () => ({ moved: () => false, generate: () => ({ slug: "a", files }) }),
  });

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

describe("writePackages", () => {
  it("fails without writing, and without staging left, while another run holds the lock", () => {
    writeFileSync(join(root, lockFile), `${process.ppid}\n`);
    expect(() => write([file])).toThrowError(GenerateLockedError);
    expect(existsSync(join(root, "packages/a/x.ts"))).toBe(false);
    expect(readdirSync(join(root, "packages"))).toEqual([".toolcat-lock"]);
  });

  it("removes staging directories left by a killed run, even when nothing changed", () => {
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    const left = [".toolcat-staging-abc123", `.toolcat-staging-${dead}-abc123`];
    for (const name of left) {
      mkdirSync(join(root, "packages", name));
      writeFileSync(join(root, "packages", name, "0"), "half written");
    }
    expect(stagingLeftovers(root)).toEqual(left.map((name) => `packages/${name}`).sort());
    write([]);
    expect(stagingLeftovers(root)).toEqual([]);
    expect(readdirSync(join(root, "packages"))).toEqual([]);
    write([file]);
    expect(readFileSync(join(root, "packages/a/x.ts"), "utf8")).toBe("x\n");
    expect(existsSync(join(root, lockFile))).toBe(false);
  });
});

describe("stagingLeftovers", () => {
  it("leaves out staging a running process owns: another run filling it outside the lock, or this one", () => {
    const names = [`.toolcat-staging-${process.ppid}-abc123`, `.toolcat-staging-${process.pid}-def456`];
    for (const name of names) mkdirSync(join(root, "packages", name));
    expect(stagingLeftovers(root)).toEqual([]);
    write([file]);
    expect(readdirSync(join(root, "packages")).sort()).toEqual([...names, "a"].sort());
  });
});
