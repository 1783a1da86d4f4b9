// What "contained" means for a hostile program: the run ends with the expected kind of error, no
// secret shows anywhere in the result, the host's prototypes are untouched, and the next run works.
import { expect } from "vitest";
import { runCode, type CodeErrorKind, type RunCodeResult } from "../../src/index.ts";
import { caller, packages, secret } from "./packages.ts";

export async function expectContained(result: RunCodeResult, kind: CodeErrorKind): Promise<void> {
  expect(result.ok, JSON.stringify(result).slice(0, 500)).toBe(false);
  expect(result.error?.kind).toBe(kind);
  expect(JSON.stringify(result)).not.toContain(secret);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  const next = await runCode("return 1 + 1;", { packages, caller: caller() });
  expect(next).toEqual({ ok: true, value: 2, logs: [], calls: [] });
}

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();
