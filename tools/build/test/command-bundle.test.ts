// Packages inlined into a package's modules. A package's self-contained command: the spec is checked
// against the package's dependency lists, the licence notice names every inlined package (those
// esbuild read and those their own builds inlined, found through pnpm store paths in their maps) with
// its licence files, and the map keeps the text of the package's own sources only. A package's
// `toolcatInline` is checked by the same rules.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  commandSpec,
  inlineSpec,
  inlinedPackages,
  noticeText,
  packageName,
  trimThirdPartySources,
} from "../command-bundle.js";

const command = { source: "src/cli/main.ts", module: "dist/cli.js", inline: ["sdk"] };

describe("commandSpec", () => {
  it("is undefined for a package without a command", () => {
    expect(commandSpec({ name: "p" })).toBeUndefined();
  });

  it("returns the command when each inlined package is a devDependency only", () => {
    expect(
      commandSpec({ devDependencies: { sdk: "1" }, peerDependencies: { sdk: "1" }, toolcatCommand: command }),
    ).toEqual(command);
  });

  it.each([
    ["no module", { source: "src/a.ts", inline: [] }, /toolcatCommand must be/],
    ["a module outside dist/", { ...command, module: "bin/cli.js" }, /toolcatCommand must be/],
    ["a module path climbing out", { ...command, module: "dist/../cli.js" }, /toolcatCommand must be/],
    ["inline not a list", { ...command, inline: "sdk" }, /toolcatCommand must be/],
  ])("rejects %s", (_, toolcatCommand, message) => {
    expect(() => commandSpec({ devDependencies: { sdk: "1" }, toolcatCommand })).toThrow(message);
  });

  it("rejects an inlined package that is also a dependency, which an install would carry twice", () => {
    expect(() =>
      commandSpec({ dependencies: { sdk: "1" }, devDependencies: { sdk: "1" }, toolcatCommand: command }),
    ).toThrow(/sdk, which is also in dependencies/);
  });

  it("rejects an inlined package the build would not have installed", () => {
    expect(() => commandSpec({ toolcatCommand: command })).toThrow(/add it to devDependencies/);
  });
});

describe("inlineSpec", () => {
  it.each([
    ["no field", {}, []],
    ["devDependencies only", { devDependencies: { a: "1", b: "1" }, toolcatInline: ["a", "b"] }, ["a", "b"]],
  ])("returns the inlined packages: %s", (_, manifest, expected) => {
    expect(inlineSpec(manifest)).toEqual(expected);
  });

  it.each([
    ["a list of no names", { toolcatInline: "a" }, /toolcatInline must be a list/],
    ["a name not a string", { toolcatInline: [1] }, /toolcatInline must list package names/],
    ["a dependency", { dependencies: { a: "1" }, devDependencies: { a: "1" }, toolcatInline: ["a"] }, /a, which is/],
    ["a package not installed for the build", { toolcatInline: ["a"] }, /add it to devDependencies/],
    [
      "a command inlining too (one notice file)",
      { devDependencies: { a: "1", sdk: "1" }, toolcatInline: ["a"], toolcatCommand: command },
      /not both/,
    ],
  ])("rejects %s", (_, manifest, message) => {
    expect(() => inlineSpec(manifest)).toThrow(message);
  });
});

describe("packageName", () => {
  it.each([
    ["zod", "zod"],
    ["zod/v4", "zod"],
    ["@modelcontextprotocol/server", "@modelcontextprotocol/server"],
    ["@modelcontextprotocol/server/stdio", "@modelcontextprotocol/server"],
    ["node:fs", "node:fs"],
  ])("%s is in %s", (specifier, name) => {
    expect(packageName(specifier)).toBe(name);
  });
});

describe("noticeText", () => {
  it("lists each package with its licence and fences each text with more backticks than it holds", () => {
    const text = noticeText("@x/cli", "dist/cli.js", [
      {
        name: "a",
        version: "1.0.0",
        license: "MIT",
        texts: [{ file: "LICENSE", text: "Copyright A\n```\nnot a fence end" }],
      },
      { name: "b", version: "2.0.0", license: "Apache-2.0", texts: [], from: "2.1.0" },
    ]);
    expect(text).toContain("`dist/cli.js` includes the following packages");
    expect(text).toContain(
      "## a 1.0.0\n\nLicence: MIT\n\nLICENSE:\n\n````text\nCopyright A\n```\nnot a fence end\n````\n",
    );
    expect(text).toContain(
      "## b 2.0.0\n\nLicence: Apache-2.0\n\n(Built into another package listed here; licence files read from b " +
        "2.1.0.)\n\nThe package ships no licence file.\n",
    );
  });

  it.each([
    [["dist/a.js", "dist/b.js"], "`dist/a.js` and `dist/b.js` include the following packages"],
    [["dist/a.js", "dist/b.js", "dist/c.js"], "`dist/a.js`, `dist/b.js` and `dist/c.js` include the following"],
  ])("names every module holding them: %j", (modules, expected) => {
    expect(noticeText("@x/lib", modules, [])).toContain(expected);
  });
});

describe("reading what was inlined", () => {
  const scratch = mkdtempSync(join(tmpdir(), "toolcat-command-bundle-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(scratch, path, ".."), { recursive: true });
    writeFileSync(join(scratch, path), text);
  };

  it("names the packages esbuild read and those their builds inlined, with licence files", () => {
    write(
      "node_modules/@scope/sdk/package.json",
      JSON.stringify({ name: "@scope/sdk", version: "2.4.0", license: "Apache-2.0" }),
    );
    write("node_modules/@scope/sdk/LICENSE", "Apache text");
    write("node_modules/@scope/sdk/NOTICE", "Notice text");
    write("node_modules/zod/package.json", JSON.stringify({ name: "zod", version: "4.0.0", license: "MIT" }));
    write("node_modules/zod/LICENSE.md", "MIT text");
    // Installed beside the SDK in another version than its build inlined.
    write("node_modules/ajv/package.json", JSON.stringify({ name: "ajv", version: "8.20.0", license: "MIT" }));
    write("node_modules/ajv/LICENSE", "ajv text");
    const metafile = {
      inputs: {
        "node_modules/@scope/sdk/dist/a.mjs": {},
        "node_modules/@scope/sdk/dist/b.mjs": {},
        "node_modules/zod/v4/index.js": {},
        "src/main.ts": {},
      },
      outputs: {},
    };
    const sources = [
      "../src/main.ts",
      "../node_modules/@scope/sdk/src/server.ts",
      "../node_modules/.pnpm/ajv@8.18.0/node_modules/ajv/dist/core.js",
      "../node_modules/.pnpm/ajv-formats@3.0.1_ajv@8.18.0/node_modules/ajv-formats/dist/index.js",
      "../node_modules/.pnpm/@cfworker+json-schema@4.1.1/node_modules/@cfworker/json-schema/dist/index.js",
    ];
    expect(inlinedPackages(scratch, metafile as never, sources)).toEqual([
      { name: "@cfworker/json-schema", version: "4.1.1", license: "not stated", texts: [] },
      {
        name: "@scope/sdk",
        version: "2.4.0",
        license: "Apache-2.0",
        texts: [
          { file: "LICENSE", text: "Apache text" },
          { file: "NOTICE", text: "Notice text" },
        ],
      },
      {
        name: "ajv",
        version: "8.18.0",
        license: "MIT",
        texts: [{ file: "LICENSE", text: "ajv text" }],
        from: "8.20.0",
      },
      { name: "ajv-formats", version: "3.0.1", license: "not stated", texts: [] },
      { name: "zod", version: "4.0.0", license: "MIT", texts: [{ file: "LICENSE.md", text: "MIT text" }] },
    ]);
  });

  it("keeps the text of the package's own sources in the map and drops the rest, keeping every name", () => {
    const map = {
      version: 3,
      sources: ["../src/main.ts", "../../node_modules/zod/v4/core.js", "../src/b.ts"],
      sourcesContent: ["own", "third party", "b"],
      mappings: "",
    };
    write("dist/cli.js.map", JSON.stringify(map));
    expect(trimThirdPartySources(join(scratch, "dist/cli.js.map"))).toEqual(map.sources);
    expect(JSON.parse(readFileSync(join(scratch, "dist/cli.js.map"), "utf8"))).toEqual({
      ...map,
      sourcesContent: ["own", null, "b"],
    });
  });
});
