// `--mode code` loads @toolcat/code here, and only here: it is an optional peer dependency (it brings
// TypeScript and QuickJS), so a server in tools or search mode neither installs nor imports it.
import type { CodeModule } from "../code-module.js";

/**
 * The @toolcat/code module; when it (or its TypeScript peer) is not installed, an error in one line saying what to
 * install.
 */
export async function loadCode(load: () => Promise<CodeModule> = () => import("@toolcat/code")): Promise<CodeModule> {
  try {
    return await load();
  } catch (error) {
    const missing = missingPackage(error);
    if (missing === undefined) throw error;
    const install = missing === "@toolcat/code" ? "@toolcat/code" : `@toolcat/code ${missing}`;
    throw new Error(`--mode code needs ${missing}, which is not installed: npm install ${install}`);
  }
}

/** The package an import could not find (Node's ERR_MODULE_NOT_FOUND names it in quotes). */
function missingPackage(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || (error as { code?: unknown }).code !== "ERR_MODULE_NOT_FOUND")
    return undefined;
  const match = /Cannot find (?:package|module) '([^']+)'/.exec(String((error as { message?: unknown }).message));
  if (match === null) return undefined;
  const specifier = match[1]!;
  // A path (a file inside a package that is present) is not a missing package.
  if (specifier.startsWith(".") || specifier.startsWith("/")) return undefined;
  return specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];
}
