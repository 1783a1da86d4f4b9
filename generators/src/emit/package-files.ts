// Emits the package scaffolding: package.json, tsconfig.json and the src/index.ts barrel.
import type { Server } from "../ir/types.ts";
import { licenseText } from "./license.ts";
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
    repository: { type: "git", url: "git+https://github.com/toolcat/toolcat.git", directory: dir },
    homepage: `https://github.com/toolcat/toolcat/tree/main/${dir}#readme`,
    bugs: { url: "https://github.com/toolcat/toolcat/issues" },
    type: "module",
    sideEffects: false,
    types: "./dist/index.d.ts",
    exports: {
      ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
      "./manifest.json": "./manifest.json",
      "./package.json": "./package.json",
    },
    // src ships so the declaration maps lead go-to-definition to the TypeScript sources.
    files: ["dist", "src", "manifest.json", "README.md", "LICENSE"],
    engines: { node: `>=${nodeVersion}` },
    dependencies: { "@toolcat/runtime": `^${versions.runtime}` },
    publishConfig: { access: "public" },
  };
  const tsconfig = {
    extends: "../../tsconfig.base.json",
    // Maps with the sources inlined, so go-to-definition lands in the TypeScript a user can read.
    compilerOptions: {
      rootDir: "src",
      outDir: "dist",
      declaration: true,
      sourceMap: true,
      declarationMap: true,
      inlineSources: true,
      tsBuildInfoFile: "dist/.tsbuildinfo",
    },
    include: ["src"],
  };
  return [
    { path: `${dir}/package.json`, text: `${JSON.stringify(packageJson, null, 2)}\n` },
    { path: `${dir}/tsconfig.json`, text: `${JSON.stringify(tsconfig, null, 2)}\n` },
    { path: `${dir}/LICENSE`, text: licenseText },
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
