// The packages a program may call: generated server packages, read through their `codeApi`
// record (namespace, declarations file, function → tool) and their own client factory, so every
// call is validated and authorized exactly as a direct call would be.
import { readFileSync } from "node:fs";
import type { CallOptions, ClientOptions, Manifest } from "@toolcat/runtime";

/** The `codeApi` export of a generated package. */
export interface CodeApi {
  readonly namespace: string;
  /** `code/api.d.ts` of the package (a URL, or the declaration text itself). */
  readonly declarations: URL | string;
  /** Full tool name by namespace function (`getSpreadsheet` → `CloudSheets.GetSpreadsheet`). */
  readonly functions: Readonly<Record<string, string>>;
}

/** A generated server package's module (`import * as sheets from "@toolcat/cloud-sheets"`). */
export interface CodePackage {
  readonly manifest: Manifest;
  readonly codeApi: CodeApi;
  readonly [exported: string]: unknown;
}

export interface ToolClient {
  call(toolName: string, input: unknown, options?: CallOptions): Promise<unknown>;
}

/** What the runner needs of one package: its namespace, declarations, functions and client. */
export interface LoadedPackage {
  readonly namespace: string;
  readonly declarations: string;
  readonly functions: Readonly<Record<string, string>>;
  readonly client: ToolClient;
  /** Secret names the package's tools declare, for redaction. */
  readonly secretNames: readonly string[];
}

const declarationTexts = new Map<string, string>();

/** A package's `code/api.d.ts` text, read once per file. */
export function declarationText(api: CodeApi): string {
  if (typeof api.declarations === "string") return api.declarations;
  const href = api.declarations.href;
  let text = declarationTexts.get(href);
  if (text === undefined) {
    text = readFileSync(api.declarations, "utf8");
    declarationTexts.set(href, text);
  }
  return text;
}

/** Each package ready to run, or the reason one cannot be used. */
export function loadPackages(
  packages: readonly CodePackage[],
  caller: ClientOptions,
): { ok: true; packages: LoadedPackage[] } | { ok: false; message: string } {
  const loaded: LoadedPackage[] = [];
  const namespaces = new Set<string>();
  for (const pkg of packages) {
    const api = pkg.codeApi as CodeApi | undefined;
    const name = pkg.manifest?.package ?? "a package";
    if (api === undefined || typeof api.namespace !== "string")
      return {
        ok: false,
        message: `${name} has no codeApi export; regenerate it with a toolcat release that has code mode`,
      };
    if (namespaces.has(api.namespace))
      return { ok: false, message: `two packages declare the namespace ${api.namespace}` };
    namespaces.add(api.namespace);
    const factory = pkg[`create${pkg.manifest.server.name}Client`];
    if (typeof factory !== "function")
      return { ok: false, message: `${name} does not export create${pkg.manifest.server.name}Client` };
    let declarations: string;
    try {
      declarations = declarationText(api);
    } catch {
      return { ok: false, message: `could not read the code-mode declarations of ${name}` };
    }
    const client = (factory as (options: ClientOptions) => ToolClient)(caller);
    loaded.push({
      namespace: api.namespace,
      declarations,
      functions: api.functions,
      client,
      secretNames: secretNamesOf(pkg.manifest),
    });
  }
  return { ok: true, packages: loaded };
}

function secretNamesOf(manifest: Manifest): string[] {
  const auth = manifest.server.auth;
  return [...manifest.server.secrets.map((secret) => secret.name), ...(auth.type === "api-key" ? [auth.secret] : [])];
}

/** Every secret value the clients may use, so that none of them leaves the host in a result. */
export function secretValues(packages: readonly LoadedPackage[], caller: ClientOptions): string[] {
  const env = caller.env === false ? {} : (caller.env ?? process.env);
  const names = new Set(packages.flatMap((p) => p.secretNames));
  const fromEnv = [...names].map((name) => env[name]);
  return [...Object.values(caller.secrets ?? {}), ...fromEnv].filter(
    (value): value is string => typeof value === "string" && value !== "",
  );
}
