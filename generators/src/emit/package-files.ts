// Emits the package scaffolding: package.json, tsconfig.json and the src/index.ts barrel.
import type { Server } from "../ir/types.ts";
import { nodeVersion } from "./readme.ts";
import { printTypeScript, type GeneratedFile } from "./source-file.ts";

/** Versions that live outside the specs: the package's own (moved by releases) and the runtime's. */
export interface Versions {
  readonly package: string;
  readonly runtime: string;
}

export function emitPackageFiles(server: Server, versions: Versions): GeneratedFile[] {
  const dir = `packages/${server.slug}`;
  const packageJson = {
    name: server.packageName,
    version: versions.package,
    description: `Typed client, validators and tool manifest for the ${server.name} tool server: ${server.domain}.`,
    keywords: ["toolcat", "llm", "agent", "tools", server.name, ...server.keywords],
    license: "MIT",
    type: "module",
    sideEffects: false,
    types: "./dist/index.d.ts",
    exports: {
      ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
      "./manifest.json": "./manifest.json",
      "./package.json": "./package.json",
    },
    files: ["dist", "manifest.json", "README.md"],
    engines: { node: `>=${nodeVersion}` },
    dependencies: { "@toolcat/runtime": `^${versions.runtime}` },
  };
  const tsconfig = {
    extends: "../../tsconfig.base.json",
    compilerOptions: { rootDir: "src", outDir: "dist", declaration: true, tsBuildInfoFile: "dist/.tsbuildinfo" },
    include: ["src"],
  };
  return [
    { path: `${dir}/package.json`, text: `${JSON.stringify(packageJson, null, 2)}\n` },
    { path: `${dir}/tsconfig.json`, text: `${JSON.stringify(tsconfig, null, 2)}\n` },
    printTypeScript(server, `${dir}/src/index.ts`, [
      'export * from "./types.js";',
      'export * from "./validators.js";',
      'export * from "./client.js";',
      'export { manifest } from "./manifest.js";',
      "export {\n  createHttpTransport,\n  createInMemoryTransport,\n  formats,\n  AuthorizationRequiredError,\n  MissingSecretError,\n  ToolExecutionError,\n  ToolcatError,\n  TransportError,\n  ValidationError,\n} from \"@toolcat/runtime\";",
      "export type { CallOptions, ClientOptions, Transport, ValidationIssue, ValidationResult } from \"@toolcat/runtime\";",
    ]),
  ];
}
