// Step 1 of a run: the program is type-checked against the packages' declarations by a language
// service kept warm between runs (the library and declaration files are parsed once), so a check
// costs the program's own parse and bind, not a compiler start.
import ts from "typescript";
import { formatDiagnostics, type ToolNames } from "./diagnostics.js";

/** The program is the body of an async function: it may `await` and `return` its result. */
export const programPrefix = "async function __program() {\n";
const programSuffix = "\n}\n";

/** Lines before the source's first line in the checked and run text. */
export const prefixLines = 1;

/** What the sandbox offers besides the tools, declared for the checker (see the README's "Code mode"). */
export const sandboxDeclarations = `interface Console {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
}
declare const console: Console;
/** What a failed tool call throws: the package's message, and each problem with its JSON pointer. */
interface ToolError extends Error {
  readonly name: "ToolError";
  readonly tool: string;
  readonly code: string;
  readonly issues: readonly { readonly path: string; readonly code: string; readonly message: string }[];
}
`;

const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  // Lets `import(name)` type-check so the sandbox, not the checker, is what refuses it.
  module: ts.ModuleKind.ESNext,
  lib: ["lib.es2022.d.ts"],
  types: [],
  skipLibCheck: true,
  noFallthroughCasesInSwitch: true,
  allowUnreachableCode: true,
};

const registry = ts.createDocumentRegistry();
const libSnapshots = new Map<string, ts.IScriptSnapshot | undefined>();

function libSnapshot(fileName: string): ts.IScriptSnapshot | undefined {
  if (!libSnapshots.has(fileName)) {
    const text = ts.sys.readFile(fileName);
    libSnapshots.set(fileName, text === undefined ? undefined : ts.ScriptSnapshot.fromString(text));
  }
  return libSnapshots.get(fileName);
}

/** Checkers made so far: each keeps its files under its own directory (see the constructor). */
let made = 0;

/** One warm checker for one set of declarations; `check` replaces the program and checks it. */
export class Checker {
  readonly #files: Map<string, ts.IScriptSnapshot>;
  readonly #programFile: string;
  #program = ts.ScriptSnapshot.fromString("");
  #version = 0;
  readonly #service: ts.LanguageService;

  constructor(declarations: readonly string[]) {
    // The document registry is shared so the library files are parsed once; it knows a file by name
    // and version, so each checker's own files (declarations, program) get names no other checker uses.
    const root = `/checker-${++made}`;
    const programFile = `${root}/program.ts`;
    this.#programFile = programFile;
    this.#files = new Map(
      [`${root}/sandbox.d.ts`, ...declarations.map((_, index) => `${root}/api-${index}.d.ts`)].map((name, index) => [
        name,
        ts.ScriptSnapshot.fromString(index === 0 ? sandboxDeclarations : (declarations[index - 1] ?? "")),
      ]),
    );
    const host: ts.LanguageServiceHost = {
      getCompilationSettings: () => options,
      getScriptFileNames: () => [...this.#files.keys(), programFile],
      getScriptVersion: (name) => (name === programFile ? String(this.#version) : "0"),
      getScriptSnapshot: (name) =>
        name === programFile ? this.#program : (this.#files.get(name) ?? libSnapshot(name)),
      getCurrentDirectory: () => "/",
      getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
      fileExists: (name) => name === programFile || this.#files.has(name) || ts.sys.fileExists(name),
      readFile: (name) =>
        this.#files.has(name)
          ? this.#files.get(name)?.getText(0, this.#files.get(name)!.getLength())
          : ts.sys.readFile(name),
    };
    this.#service = ts.createLanguageService(host, registry);
  }

  /**
   * The program's type errors, most useful first, each as `line:col message` (positions in the
   * source) with the message chain, related information and the source line (diagnostics.ts); empty when it checks.
   */
  check(source: string, toolNames: ToolNames = () => undefined): string[] {
    this.#program = ts.ScriptSnapshot.fromString(`${programPrefix}${source}${programSuffix}`);
    this.#version += 1;
    // Lines as TypeScript counts them: CR, LF, CRLF, U+2028 and U+2029 each end one.
    const placement = { prefixLines, lastLine: source.split(/\r\n|[\r\n\u2028\u2029]/).length };
    return formatDiagnostics(
      this.#service.getSyntacticDiagnostics(this.#programFile),
      this.#service.getSemanticDiagnostics(this.#programFile),
      toolNames,
      placement,
    );
  }

  dispose(): void {
    this.#service.dispose();
  }
}

/** The checked program as JavaScript for the sandbox: types erased, lines kept where TypeScript can. */
export function transpile(source: string): string {
  return ts.transpileModule(`${programPrefix}${source}${programSuffix}`, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.Preserve, removeComments: false },
    reportDiagnostics: false,
  }).outputText;
}
