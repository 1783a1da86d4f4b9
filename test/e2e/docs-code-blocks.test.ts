// Every fenced block of the READMEs and docs/ is checked as what it says it is: TypeScript
// type-checks under strict settings against the built packages (as a consumer compiles it), a
// `ts program` block type-checks as the body of an execute_code program against the package's
// code/api.d.ts, JSON and YAML parse; shell, text and diagram blocks must say so. A block without
// a language fails, so nothing goes unchecked by accident.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { workspaceRoot } from "../support/packages.ts";

const documents = [
  "README.md",
  ...readdirSync(join(workspaceRoot, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`),
];

/** Languages whose blocks are shown, not run: commands, output and diagrams. */
const shownOnly = new Set(["sh", "text", "mermaid", "haproxy"]);

interface Block {
  readonly document: string;
  /** 1-based line of the block's first line of code. */
  readonly line: number;
  readonly info: string;
  readonly code: string;
}

function blocksOf(document: string): Block[] {
  const lines = readFileSync(join(workspaceRoot, document), "utf8").split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i]!);
    if (open === null) continue;
    const end = lines.findIndex((line, j) => j > i && line === "```");
    if (end === -1) throw new Error(`${document}:${i + 1}: a code block is not closed`);
    blocks.push({ document, line: i + 2, info: open[1]!.trim(), code: lines.slice(i + 1, end).join("\n") });
    i = end;
  }
  return blocks;
}

const blocks = documents.flatMap(blocksOf);
const where = (block: Block): string => `${block.document}:${block.line}`;

/** A block's TypeScript module: a `ts program` block becomes an execute_code program's body. */
function moduleText(block: Block): string {
  if (block.info !== "ts program") return `${block.code}\nexport {};\n`;
  const api = join(workspaceRoot, "packages/cloud-sheets/code/api.d.ts");
  return (
    `/// <reference path=${JSON.stringify(api)} />\nexport async function program(): Promise<unknown> {\n` +
    `${block.code}\n}\n`
  );
}

/** Strict settings as the workspace compiles, type-checking every TypeScript block as one program. */
function typeErrors(typed: readonly Block[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(workspaceRoot, "tsconfig.base.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (config === undefined) throw new Error("cannot read tsconfig.base.json");
  // Virtual files beside the documents, so packages resolve through the workspace's node_modules.
  const files = new Map(typed.map((block, i) => [join(workspaceRoot, "docs", `.block-${i}.ts`), block]));
  const options = { ...config.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (file) => files.has(file) || ts.sys.fileExists(file);
  host.readFile = (file) => (files.has(file) ? moduleText(files.get(file)!) : readFile(file));
  host.getSourceFile = (file, language, ...rest) => {
    const block = files.get(file);
    return block === undefined
      ? getSourceFile(file, language, ...rest)
      : ts.createSourceFile(file, moduleText(block), language, true);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const block = d.file === undefined ? undefined : files.get(d.file.fileName);
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (block === undefined || d.start === undefined) return `${d.file?.fileName ?? "(program)"}: ${message}`;
    // The program wrapper adds two lines before the block's first.
    const line = d.file!.getLineAndCharacterOfPosition(d.start).line - (block.info === "ts program" ? 2 : 0);
    return `${block.document}:${block.line + line}: ${message}`;
  });
}

describe("code blocks in the READMEs and docs/", () => {
  it("finds blocks to check in every document", () => {
    expect(documents.length).toBeGreaterThan(10);
    expect(blocks.filter((block) => block.info.startsWith("ts")).length).toBeGreaterThan(5);
  });

  it("says what language every block is in", () => {
    const known = (info: string): boolean => ["ts", "ts program", "json", "yaml"].includes(info) || shownOnly.has(info);
    expect(blocks.filter((block) => !known(block.info)).map((block) => `${where(block)}: \`\`\`${block.info}`)).toEqual(
      [],
    );
  });

  it("type-checks every TypeScript block against the built packages", { timeout: 240_000 }, () => {
    expect(typeErrors(blocks.filter((block) => block.info === "ts" || block.info === "ts program"))).toEqual([]);
  });

  it.each(blocks.filter((block) => block.info === "json").map((block) => [where(block), block] as const))(
    "parses the JSON at %s",
    (_at, block) => {
      expect(() => JSON.parse(block.code)).not.toThrow();
    },
  );

  it.each(blocks.filter((block) => block.info === "yaml").map((block) => [where(block), block] as const))(
    "parses the YAML at %s",
    (_at, block) => {
      // Kubernetes manifests hold several documents.
      expect(
        parseAllDocuments(block.code, { prettyErrors: true }).flatMap((document) =>
          document.errors.map((error) => error.message),
        ),
      ).toEqual([]);
    },
  );
});
