// What a model reads to write a program: the sandbox's own declarations (console, ToolError) and
// each package's namespace, exactly the text the program is type-checked against.
import { declarationText, type CodePackage } from "./packages.js";
import { sandboxDeclarations } from "./typecheck.js";

export function codeDeclarations(packages: readonly CodePackage[]): string {
  return [sandboxDeclarations, ...packages.map((pkg) => declarationText(pkg.codeApi))].join("\n");
}
