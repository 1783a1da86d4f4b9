// What a model reads to write a program: the sandbox's own declarations (console, ToolError) and
// each package's namespace, exactly the text the program is type-checked against. A server that
// serves only some tools narrows a package to those functions, and describes them one by one.
import ts from "typescript";
import { declarationText, type CodeApi, type CodePackage } from "./packages.js";
import { sandboxDeclarations } from "./typecheck.js";

export function codeDeclarations(packages: readonly CodePackage[]): string {
  return [sandboxDeclarations, ...packages.map((pkg) => declarationText(pkg.codeApi))].join("\n");
}

/** A declaration file cut at its namespace: the text before it, and each function's declaration. */
interface Parts {
  readonly head: string;
  readonly functions: ReadonlyMap<string, string>;
}

/** Parsed once per text: a server builds its view of every package for each session. */
const parsed = new Map<string, Parts>();

function parts(api: CodeApi): Parts {
  const text = declarationText(api);
  const known = parsed.get(text);
  if (known !== undefined) return known;
  const file = ts.createSourceFile("api.d.ts", text, ts.ScriptTarget.ES2022, true);
  const namespace = file.statements.find(
    (statement): statement is ts.ModuleDeclaration =>
      ts.isModuleDeclaration(statement) && statement.name.text === api.namespace,
  );
  if (namespace?.body === undefined || !ts.isModuleBlock(namespace.body))
    throw new Error(`the code-mode declarations do not declare the namespace ${api.namespace}`);
  // From the start of the line, so each declaration keeps its indentation (and, with its doc, its comment).
  const lineStart = (node: ts.Node, withDoc = true): number => text.lastIndexOf("\n", node.getStart(file, withDoc)) + 1;
  const functions = new Map<string, string>();
  for (const statement of namespace.body.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name !== undefined)
      functions.set(statement.name.text, text.slice(lineStart(statement), statement.end));
  }
  const result = { head: text.slice(0, lineStart(namespace, false)), functions };
  parsed.set(text, result);
  return result;
}

/** Each function of the package's namespace with its doc comment, as `code/api.d.ts` declares it, by function name. */
export function functionDeclarations(api: CodeApi): ReadonlyMap<string, string> {
  return parts(api).functions;
}

/** `declare namespace <name> { … }` around function declarations as functionDeclarations gives them. */
export function declareNamespace(namespace: string, declarations: readonly string[]): string {
  return `declare namespace ${namespace} {\n${declarations.join("\n")}\n}\n`;
}

/**
 * The package's code API with only the named functions: the program is checked against a namespace
 * that declares only these, and the sandbox's namespace has only these, so no other tool is reachable.
 */
export function narrowCodeApi(api: CodeApi, functions: readonly string[]): CodeApi {
  const { head, functions: declared } = parts(api);
  const kept = Object.keys(api.functions).filter((name) => functions.includes(name));
  return {
    namespace: api.namespace,
    declarations:
      head +
      declareNamespace(
        api.namespace,
        kept.map((name) => declared.get(name) ?? ""),
      ),
    functions: Object.fromEntries(kept.map((name) => [name, api.functions[name]!])),
  };
}
