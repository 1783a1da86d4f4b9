// The built packages as a consumer sees them: resolved through node_modules and their exports
// maps, declarations only. A correct use compiles; every wrong use is a type error.
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const consumer = fileURLToPath(new URL("fixtures/consumer.ts", import.meta.url));

function compile(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: ["node"],
    noEmit: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

describe("a consumer of @toolcat/cloud-sheets and @toolcat/creator-api", () => {
  it("type-checks, with every @ts-expect-error line a real error", () => {
    expect(compile(consumer)).toEqual([]);
  });
});
