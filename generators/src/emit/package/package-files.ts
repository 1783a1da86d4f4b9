// Emits the package scaffolding: package.json and tsconfig.json. The src/index.ts barrel is built by
// the registry from every emitter's index entry.
import type { GeneratedFile } from "../../core/files.ts";
import { indexModule } from "../../ir/generated-identifiers.ts";
import { packageDir, type EmitContext, type Emitter } from "../core/emitter.ts";
import { runtimeModule, runtimeNames, runtimeTypeNames } from "../core/runtime-names.ts";

export const packageFilesEmitter: Emitter = {
  id: "package-files",
  outputs: ["package.json", "tsconfig.json"],
  unpublished: ["tsconfig.json"],
  index: {
    module: runtimeModule,
    names: runtimeNames(indexModule.runtime),
    types: runtimeTypeNames(indexModule.runtimeTypes),
  },
  emit: emitPackageFiles,
};

/** The oldest Node the packages support: package.json `engines` and the README say it. */
export const nodeVersion = "22.12";

/**
 * `npm pack` and `npm publish` build dist/ first, with the workspace's build script (tsc for the
 * declarations, esbuild for one bundled module): the runtime, whose declarations the package
 * compiles against, then the package. Outside a workspace after `npm ci` it cannot, and says what to
 * do (the build's own errors come first). The name is safe in a shell: it is `@toolcat/` and the
 * kebab-case of the server name, which the loader checks is a PascalCase identifier.
 */
/** The workspace's one package build, run from a package directory (tools/build/build-package.js). */
const buildScript = "node ../../tools/build/build-package.js";

function prepackScript(packageName: string): string {
  const help =
    `echo Could not build ${packageName} for packing: run npm ci at the repository root, then npx nx run ` +
    `${packageName}:build to see why. 1>&2`;
  return `${buildScript} ../runtime && ${buildScript} . || (${help} && exit 1)`;
}

function emitPackageFiles(context: EmitContext): GeneratedFile[] {
  const { server, versions } = context;
  const dir = packageDir(context);
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
    exports: context.published.exports,
    // src ships so the declaration maps lead go-to-definition to the TypeScript sources.
    files: context.published.files,
    engines: { node: `>=${nodeVersion}` },
    dependencies: { "@toolcat/runtime": `^${versions.runtime}` },
    scripts: { prepack: prepackScript(server.packageName) },
    publishConfig: { access: "public" },
  };
  const tsconfig = {
    extends: "../../tsconfig.base.json",
    // tsc checks and writes declarations only (esbuild bundles the JavaScript); their maps lead
    // go-to-definition to the TypeScript a user can read.
    compilerOptions: {
      rootDir: "src",
      outDir: "dist",
      declaration: true,
      emitDeclarationOnly: true,
      declarationMap: true,
      tsBuildInfoFile: "dist/.tsbuildinfo",
    },
    include: ["src"],
  };
  return [
    { path: `${dir}/package.json`, text: `${JSON.stringify(packageJson, null, 2)}\n` },
    { path: `${dir}/tsconfig.json`, text: `${JSON.stringify(tsconfig, null, 2)}\n` },
  ];
}
