// --mode code loads @toolcat/code on demand: present, it is the module; absent (or its TypeScript peer
// absent), one line saying what to install; any other failure passes through unchanged.
import * as code from "@toolcat/code";
import { describe, expect, it } from "vitest";
import { loadCode } from "../../src/cli/code.ts";

/** An import failure as Node reports it. */
const notFound = (message: string): Error => Object.assign(new Error(message), { code: "ERR_MODULE_NOT_FOUND" });

describe("loadCode", () => {
  it("imports @toolcat/code when it is installed", async () => {
    expect((await loadCode()).runCode).toBe(code.runCode);
  });

  it.each([
    [
      "@toolcat/code",
      "Cannot find package '@toolcat/code' imported from /srv/node_modules/@toolcat/mcp/dist/cli/code.js",
      "--mode code needs @toolcat/code, which is not installed: npm install @toolcat/code",
    ],
    [
      "its TypeScript peer",
      "Cannot find package 'typescript' imported from /srv/node_modules/@toolcat/code/dist/typecheck.js",
      "--mode code needs typescript, which is not installed: npm install @toolcat/code typescript",
    ],
    [
      "a deep import of a scoped package",
      "Cannot find module '@scope/name/lib/x.js' imported from /srv/a.js",
      "--mode code needs @scope/name, which is not installed: npm install @toolcat/code @scope/name",
    ],
  ])("names what to install when %s is missing, in one line", async (_label, message, expected) => {
    await expect(loadCode(() => Promise.reject(notFound(message)))).rejects.toThrow(
      new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`),
    );
  });

  it.each([
    [
      "a missing file inside an installed package",
      notFound("Cannot find module '/srv/node_modules/@toolcat/code/dist/run.js' imported from /srv/x.js"),
    ],
    ["another error", new SyntaxError("Unexpected token")],
    ["a thrown non-error", "boom"],
  ])("passes %s through unchanged", async (_label, error) => {
    await expect(loadCode(() => Promise.reject(error))).rejects.toBe(error);
  });
});
