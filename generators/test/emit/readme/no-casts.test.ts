// No README example needs a type assertion: every ```ts block of the top-level README and of every
// package README (generated and hand-written) is parsed, and no `x as T`, `<T>x` or `as const` may
// appear. Blocks fenced ```ts program are programs a model writes for the code-mode sandbox, whose
// tool results are `unknown`; they are not integration code and are left out.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { workspaceRoot } from "../../support.ts";

/** Each ```ts block of a markdown text, with the line its code starts on. */
function tsBlocks(markdown: string): { line: number; code: string }[] {
  const blocks: { line: number; code: string }[] = [];
  for (const match of markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)) {
    blocks.push({ line: markdown.slice(0, match.index).split("\n").length + 1, code: match[1] ?? "" });
  }
  return blocks;
}

/** The text of every type assertion in `code`, as TypeScript parses it. */
function assertions(code: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) found.push(node.getText());
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile("example.ts", code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));
  return found;
}

const readmes = [
  "README.md",
  ...readdirSync(join(workspaceRoot, "packages"))
    .map((dir) => `packages/${dir}/README.md`)
    .filter((path) => existsSync(join(workspaceRoot, path))),
];

describe("README examples use no type assertion", () => {
  it("finds the generated packages' model examples", () => {
    const blocks = tsBlocks(readFileSync(join(workspaceRoot, "packages/cloud-sheets/README.md"), "utf8"));
    expect(blocks.some((b) => b.code.includes("handleToolCall"))).toBe(true);
  });

  it.each(readmes)("%s", (path) => {
    const found = tsBlocks(readFileSync(join(workspaceRoot, path), "utf8")).flatMap((b) =>
      assertions(b.code).map((a) => `${path}:${b.line}: ${a}`),
    );
    expect(found).toEqual([]);
  });

  // The check is real: each assertion form is found, in a fenced block as the READMEs hold them.
  it.each([
    ["as a type", "const tools = deferred as Anthropic.ToolUnion[];", "deferred as Anthropic.ToolUnion[]"],
    ["as unknown as", "f(x as unknown as T);", "x as unknown as T"],
    ["as never", "tool({ parameters: p as never });", "p as never"],
    ["as const", 'const t = { type: "tool_result" as const };', '"tool_result" as const'],
    ["angle brackets", "const n = <number>value;", "<number>value"],
  ])("finds %s", (_name, code, expected) => {
    const [block] = tsBlocks(`Text.\n\n\`\`\`ts\nimport * as x from "y";\n${code}\n\`\`\`\n`);
    expect(assertions(block?.code ?? "")).toContain(expected);
  });
});
