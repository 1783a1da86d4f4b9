// A package's tool search runs outside Node: its searchTools, createToolSearch over its
// toolSearchIndex and selectTools (OpenAI chat tools), bundled by esbuild for the browser from the
// package's and the runtime's sources, then run in a bare V8 context (no process, require, fetch or
// file system) give the same hits, scores included, and the same chat tools as under Node.
import { join } from "node:path";
import { createContext, runInContext } from "node:vm";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { selectedSlugs, workspaceRoot } from "../support/packages.ts";

const queries = [
  "add a note to a cell",
  "list open jobs",
  "find the contact with email jane@acme.com",
  "who am i",
  "put a value in cell B2",
  "delete",
  "the of a",
  "zzzz qqqq",
];

interface Hit {
  readonly name: string;
  readonly score: number;
}

/** The package's search as a browser script that leaves `search(query)` and `select(query)` on the global object. */
async function browserBundle(slug: string): Promise<string> {
  const runtime = join(workspaceRoot, "packages/runtime/src");
  const result = await build({
    stdin: {
      contents: [
        `import { searchTools, selectTools, toolSearchIndex } from "@toolcat/${slug}";`,
        `import { createToolSearch } from "@toolcat/runtime";`,
        "const combined = createToolSearch([{ toolSearchIndex }]);",
        "globalThis.search = (query) => ({ own: searchTools(query, { limit: 10 }), combined: " +
          "combined.search(query, { limit: 10 }) });",
        "globalThis.select = (query) => selectTools(query, { limit: 10 });",
      ].join("\n"),
      loader: "ts",
      resolveDir: workspaceRoot,
    },
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    alias: {
      [`@toolcat/${slug}`]: join(workspaceRoot, "packages", slug, "src/index.ts"),
      "@toolcat/runtime": join(runtime, "index.ts"),
      "@toolcat/runtime/internal": join(runtime, "internal/index.ts"),
      "@toolcat/runtime/formats": join(runtime, "formats.ts"),
    },
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

describe.each(selectedSlugs)("the browser bundle of %s", (slug) => {
  let bundle = "";
  beforeAll(async () => {
    bundle = await browserBundle(slug);
  }, 60_000);

  it("needs nothing of Node's", () => {
    expect(bundle).not.toMatch(/(?<![\w$])require\(|getBuiltinModule|["']node:|import\.meta/);
  });

  it("ranks every query as searchTools does under Node", async () => {
    const { searchTools } = (await import(`../../packages/${slug}/src/index.ts`)) as {
      searchTools: (query: string, options: { limit: number }) => Hit[];
    };
    // A bare context: only what the language itself defines, as in a worker with no host APIs.
    const context = createContext({});
    runInContext(bundle, context);
    for (const query of queries) {
      const node = searchTools(query, { limit: 10 }).map(({ name, score }) => ({ name, score }));
      // Results cross the context boundary as JSON: the other context's arrays are not this one's.
      const { own, combined } = JSON.parse(
        runInContext(`JSON.stringify(search(${JSON.stringify(query)}))`, context) as string,
      ) as { own: Hit[]; combined: Hit[] };
      expect(
        own.map(({ name, score }) => ({ name, score })),
        query,
      ).toEqual(node);
      expect(
        combined.map(({ name, score }) => ({ name, score })),
        query,
      ).toEqual(node);
    }
  });

  it("selects the same chat tools as selectTools under Node", async () => {
    const { selectTools } = (await import(`../../packages/${slug}/src/index.ts`)) as {
      selectTools: (query: string, options: { limit: number }) => unknown[];
    };
    const context = createContext({});
    runInContext(bundle, context);
    for (const query of queries.filter((q) => q !== "the of a")) {
      const node = selectTools(query, { limit: 10 });
      const browser = JSON.parse(
        runInContext(`JSON.stringify(select(${JSON.stringify(query)}))`, context) as string,
      ) as unknown[];
      expect(browser.length, query).toBeGreaterThan(0);
      expect(browser, query).toEqual(node);
    }
  });
});
