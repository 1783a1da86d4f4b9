// Infers one Nx project per server spec (specs/<slug>.yaml → packages/<slug>), so adding a spec is
// all it takes to get a package with generate → build → typecheck → test, cached on exact inputs.
import { basename } from "node:path";
import { createNodesFromFiles, type CreateNodesV2, type TargetConfiguration } from "@nx/devkit";

const catalogFile = "catalog.yaml";

/** What generation reads besides the server's own spec: change any of it and every package regenerates. */
const generatorInputs = [
  "{workspaceRoot}/specs/catalog.yaml",
  "{workspaceRoot}/specs/schema/**/*",
  "{workspaceRoot}/generators/src/**/*",
  "{workspaceRoot}/generators/templates/**/*",
  "{workspaceRoot}/generators/bin/**/*",
  // The generators import runtime sources (formats, issue texts, pointer()); listing files one by one went
  // stale once, so any runtime source counts. Tests do not.
  "{workspaceRoot}/packages/runtime/src/**/*",
  "!{workspaceRoot}/packages/runtime/src/**/*.test.ts",
  "{workspaceRoot}/packages/runtime/package.json",
];

export function targetsFor(slug: string): Record<string, TargetConfiguration> {
  const root = `packages/${slug}`;
  return {
    generate: {
      command: `node generators/bin/toolcat.js generate --server ${slug} --quiet`,
      options: { cwd: "{workspaceRoot}" },
      cache: true,
      inputs: [
        `{workspaceRoot}/specs/${slug}.yaml`,
        // The version field is kept across regeneration, so the package.json a release bumped is an input.
        `{projectRoot}/package.json`,
        ...generatorInputs,
        { externalDependencies: ["ts-morph", "handlebars", "yaml", "ajv", "tsx"] },
      ],
      outputs: ["{projectRoot}/src", "{projectRoot}/manifest.json", "{projectRoot}/README.md", "{projectRoot}/package.json", "{projectRoot}/tsconfig.json"],
    },
    build: {
      command: `tsc -p ${root}/tsconfig.json`,
      options: { cwd: "{workspaceRoot}" },
      dependsOn: ["generate", "^build"],
      cache: true,
      inputs: ["{projectRoot}/src/**/*", "{projectRoot}/tsconfig.json", "{workspaceRoot}/tsconfig.base.json", "^production", { externalDependencies: ["typescript"] }],
      outputs: ["{projectRoot}/dist"],
    },
    typecheck: {
      command: `tsc -p ${root}/tsconfig.json --noEmit`,
      options: { cwd: "{workspaceRoot}" },
      dependsOn: ["generate", "^build"],
      cache: true,
      inputs: ["{projectRoot}/src/**/*", "{projectRoot}/tsconfig.json", "{workspaceRoot}/tsconfig.base.json", "^production", { externalDependencies: ["typescript"] }],
    },
    test: {
      // The shared contract suite, run against this package only.
      command: "vitest run --project contract",
      options: { cwd: "{workspaceRoot}", env: { TOOLCAT_SERVER: slug } },
      dependsOn: ["generate"],
      cache: true,
      inputs: [
        "{projectRoot}/src/**/*",
        "{projectRoot}/manifest.json",
        "{workspaceRoot}/test/contract/**/*",
        "{workspaceRoot}/test/support/**/*",
        "{workspaceRoot}/vitest.config.ts",
        "{workspaceRoot}/packages/runtime/src/**/*",
        { externalDependencies: ["vitest", "ajv"] },
      ],
    },
  };
}

export const createNodesV2: CreateNodesV2 = [
  "specs/*.yaml",
  (files, options, context) =>
    createNodesFromFiles(
      (file) => {
        const name = basename(file);
        if (name === catalogFile) return {};
        const slug = name.replace(/\.yaml$/, "");
        return { projects: { [`packages/${slug}`]: { name: `@toolcat/${slug}`, projectType: "library", targets: targetsFor(slug) } } };
      },
      files,
      options,
      context,
    ),
];
