// Code-mode declarations: one namespace per package that compiles on its own, one async function
// per tool named as the client method, constraints as tags, and a record naming each function's tool.
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { workspacePipeline } from "../../support.ts";

const { files, runs } = workspacePipeline();
const text = (path: string): string => files.find((f) => f.path === path)?.text ?? "";

/** Diagnostics of the declaration texts compiled together as global scripts against the ES2022 library. */
function diagnostics(sources: Readonly<Record<string, string>>): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    lib: ["lib.es2022.d.ts"],
    types: [],
    target: ts.ScriptTarget.ES2022,
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => sources[name] ?? read(name);
  host.fileExists = (name) => name in sources || ts.sys.fileExists(name);
  const program = ts.createProgram(Object.keys(sources), options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("code/api.d.ts", () => {
  it("compiles, all seven packages together, with no error", () => {
    const sources = Object.fromEntries(
      runs.map((run) => [`/api/${run.slug}.d.ts`, text(`packages/${run.slug}/code/api.d.ts`)]),
    );
    expect(diagnostics(sources)).toEqual([]);
  });

  it.each(runs.map((run) => [run.slug, run] as const))(
    "%s: declares every tool once, as the client method, returning Promise<unknown>",
    (slug, run) => {
      const declarations = text(`packages/${slug}/code/api.d.ts`);
      const functions = [...declarations.matchAll(/^ {2}function (\w+)\(/gm)].map((m) => m[1]);
      expect(functions).toHaveLength(run.tools);
      expect(declarations.match(/\): Promise<unknown>;$/gm)).toHaveLength(run.tools);
      const record = text(`packages/${slug}/src/code.ts`);
      for (const name of functions) expect(record).toMatch(new RegExp(`^ {4}${name}: "\\w+\\.\\w+",$`, "m"));
    },
  );

  it("keeps constraints as tags, enums as literal unions, rules in one line", () => {
    const sheets = text("packages/cloud-sheets/code/api.d.ts");
    expect(sheets).toContain("/** @integer @minimum 1 @maximum 1000 @default 1000 */\n    max_rows?: number;");
    expect(sheets).toContain("@format column @pattern ^(?:[A-Za-z]+|[1-9][0-9]*)$");
    const recruit = text("packages/recruit-api/code/api.d.ts");
    expect(recruit).toMatch(/@requiredWhen \w+ if \w+ = "[^"]+"/);
    expect(recruit).toMatch(/function \w+\(input: \{ mode: "get_request_schema" \} \| \{\n\s+mode: "execute";/);
    expect(text("packages/crm-events-api/code/api.d.ts")).toMatch(/: "[^"]+" \| "[^"]+"/);
  });

  it("says toolcat's readings in a few words and results as unknown", () => {
    const sheets = text("packages/cloud-sheets/code/api.d.ts");
    expect(sheets).toContain("@judgment Accepts one or more ASCII letters in");
    expect(sheets).not.toMatch(/@judgment[^\n]*\btoolcat\b/);
    expect(sheets).not.toContain("The document says letters.");
    expect(sheets).toContain("Results are `unknown`: the catalog does not show their shape.");
  });

  it("points the record at the declarations file beside the package", () => {
    expect(text("packages/cloud-sheets/src/code.ts")).toContain(
      'declarations: /* @__PURE__ */ (() => new URL("../code/api.d.ts", import.meta.url))(),',
    );
  });
});
