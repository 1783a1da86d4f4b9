// The catalog site in a real browser: built from the packages into a temporary folder, served on
// 127.0.0.1 by a plain static server, driven by headless Chromium (the system's, never a download)
// through playwright-core. Searches, links, console, accessibility (axe-core), keyboard use, and
// screenshots at a desktop and a phone width under test-artifacts/site/.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolSearch } from "@toolcat/runtime";
import { buildSite } from "../../tools/site/build.ts";
import { workspaceRoot } from "../support/packages.ts";
import { serveStatic, type StaticServer } from "./support/static-server.ts";

const chromiumPath = "/usr/bin/chromium";
const artifacts = join(workspaceRoot, "test-artifacts", "site");
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const slugs = [
  "cloud-contacts",
  "cloud-sheets",
  "creator-api",
  "crm-events-api",
  "engine-api",
  "recruit-api",
  "sigma-api",
];

const work = mkdtempSync(join(tmpdir(), "toolcat-site-e2e-"));
const siteDir = join(work, "site");
let server: StaticServer;
let context: BrowserContext;
/** Console errors and uncaught exceptions of every page the tests open. */
const problems: string[] = [];

async function open(path: string, waitUntil: "load" | "domcontentloaded" = "load"): Promise<Page> {
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  await page.goto(new URL(path, server.url).href, { waitUntil });
  return page;
}

/** The full names listed by the search page, in order, once it has searched. */
async function resultNames(page: Page): Promise<string[]> {
  await page.waitForSelector("#results li code");
  return page.$$eval("#results li code", (codes) => codes.map((code) => code.textContent ?? ""));
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(context: Document): Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }>;
        };
      }
    ).axe;
    return (await axe.run(document)).violations.map(({ id, impact, nodes }) => ({ id, impact, count: nodes.length }));
  });
  return violations
    .filter(({ impact }) => impact === "serious" || impact === "critical")
    .map(({ id, impact, count }) => `${impact} ${id} (${count})`);
}

beforeAll(async () => {
  await buildSite(join(workspaceRoot, "packages"), siteDir);
  server = await serveStatic(siteDir);
  context = await chromium.launchPersistentContext(join(work, "profile"), {
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1280, height: 900 },
  });
  mkdirSync(artifacts, { recursive: true });
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("catalog site in Chromium", () => {
  it.each([
    ["save a new contact", "", "CloudContacts.CreateContact"],
    ["add a note to a cell", "", "CloudSheets.AddNoteToCell"],
    ["delete a stored secret", "", "EngineApi.DeleteSecretById"],
    ["delete a webset", "sigma-api", "SigmaApi.DeleteWebset"],
  ])("search %j (server %j) shows %s first, linked to its section", async (query, scope, expected) => {
    const page = await open(`search.html?q=${encodeURIComponent(query)}&server=${scope}`);
    expect((await resultNames(page))[0]).toBe(expected);
    await page.click("#results li a");
    await page.waitForURL(/#/);
    const tool = expected.slice(expected.indexOf(".") + 1);
    expect(page.url()).toContain(`/index.html#${tool}`);
    expect(await page.locator(`section[id="${tool}"]`).count()).toBe(1);
    await page.close();
  });

  it("ranks every bench query as createToolSearch does in Node (same top 5)", async () => {
    const queries = Object.keys(
      JSON.parse(readFileSync(join(workspaceRoot, "tools", "bench", "search-queries.json"), "utf8")) as object,
    );
    const packages = await Promise.all(slugs.map((slug) => import(`@toolcat/${slug}`)));
    const node = createToolSearch(packages);
    const page = await open("search.html");
    await page.waitForFunction(() => document.querySelector("#search-status")?.textContent?.startsWith("Type"));
    const browser = await page.evaluate((list) => {
      const input = document.querySelector<HTMLInputElement>("#query")!;
      return list.map((query) => {
        input.value = query;
        input.dispatchEvent(new Event("input"));
        return Array.from(document.querySelectorAll("#results li code"), (code) => code.textContent ?? "");
      });
    }, queries);
    const differing = queries.filter(
      (query, i) => JSON.stringify(browser[i]) !== JSON.stringify(node.search(query).map((hit) => hit.name)),
    );
    expect(queries.length).toBeGreaterThan(300);
    expect(differing).toEqual([]);
    await page.close();
  });

  it("resolves every internal link of every page, anchors included", async () => {
    const pending = ["index.html"];
    const seen = new Set<string>(pending);
    const ids = new Map<string, Set<string>>();
    const targets: { from: string; href: string }[] = [];
    while (pending.length > 0) {
      const path = pending.shift()!;
      const page = await open(path, "domcontentloaded");
      ids.set(path, new Set(await page.$$eval("[id]", (nodes) => nodes.map((node) => node.id))));
      for (const href of await page.$$eval("a[href], link[href]", (links) =>
        links.map((link) => (link as HTMLAnchorElement).href),
      )) {
        const url = new URL(href);
        if (url.origin !== new URL(server.url).origin) continue;
        targets.push({ from: path, href });
        const target = url.pathname.slice(1);
        if (target.endsWith(".html") && !seen.has(target)) {
          seen.add(target);
          pending.push(target);
        }
      }
      await page.close();
    }
    expect([...seen].sort()).toEqual([
      "index.html",
      "search.html",
      ...slugs.map((slug) => `servers/${slug}/index.html`),
    ]);
    // Each address once (a server page links to each of its tools' sections); each anchor against the ids its page
    // holds.
    const status = new Map<string, number>();
    for (const address of new Set(targets.map(({ href }) => href.replace(/#.*$/, "")))) {
      const response = await fetch(address);
      await response.arrayBuffer();
      status.set(address, response.status);
    }
    const broken: string[] = [];
    for (const { from, href } of targets) {
      const url = new URL(href);
      if (status.get(href.replace(/#.*$/, "")) !== 200)
        broken.push(`${from} → ${href}: HTTP ${status.get(href.replace(/#.*$/, ""))}`);
      const id = decodeURIComponent(url.hash.slice(1));
      if (id !== "" && !ids.get(url.pathname.slice(1))?.has(id)) broken.push(`${from} → ${href}: no element #${id}`);
    }
    expect(broken).toEqual([]);
  });

  it("has no serious or critical accessibility violation on the index, a server page and search results", async () => {
    for (const path of ["index.html", "servers/cloud-sheets/index.html", "search.html?q=add%20a%20note"]) {
      const page = await open(path);
      if (path.startsWith("search")) await resultNames(page);
      expect(await seriousViolations(page), path).toEqual([]);
      await page.close();
    }
  });

  it("reaches the search box and a result by keyboard alone", async () => {
    const page = await open("index.html");
    const tabTo = async (selector: string): Promise<boolean> => {
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return true;
      }
      return false;
    };
    expect(await tabTo("#site-search")).toBe(true);
    await page.keyboard.type("add a note to a cell");
    await page.keyboard.press("Enter");
    await page.waitForURL(/search\.html/);
    expect((await resultNames(page))[0]).toBe("CloudSheets.AddNoteToCell");
    expect(await tabTo("#results li a")).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(/cloud-sheets\/index\.html#AddNoteToCell$/);
    await page.close();
  });

  it("writes screenshots of the index, a server page and a search result at 1280 and 390 px", async () => {
    for (const [name, path] of [
      ["index", "index.html"],
      ["server", "servers/cloud-sheets/index.html"],
      ["search", "search.html?q=add%20a%20note%20to%20a%20cell"],
    ] as const) {
      const page = await open(path);
      if (name === "search") await resultNames(page);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const file = join(artifacts, `${name}-${width}.png`);
        await page.screenshot({ path: file });
        expect(readFileSync(file).subarray(1, 4).toString()).toBe("PNG");
      }
      await page.close();
    }
  });

  it("keeps the hostile fixture's spec text inert in the browser", async () => {
    // Inside the workspace, so the fixture package resolves @toolcat/runtime as an installed one does;
    // without its tsconfig.json, which extends a base only a generated workspace has.
    const packagesDir = join(artifacts, "hostile", "packages");
    rmSync(join(artifacts, "hostile"), { recursive: true, force: true });
    cpSync(
      join(workspaceRoot, "generators", "test", "fixtures", "expected", "packages", "hostile-api"),
      join(packagesDir, "hostile-api"),
      {
        recursive: true,
        filter: (path) => !path.endsWith("tsconfig.json"),
      },
    );
    const hostileSite = join(artifacts, "hostile", "site");
    await buildSite(packagesDir, hostileSite);
    const hostile = await serveStatic(hostileSite);
    try {
      for (const path of [
        "servers/hostile-api/index.html",
        "index.html",
        `search.html?q=${encodeURIComponent("thing <script>alert(1)</script>")}`,
      ]) {
        const page = await context.newPage();
        const dialogs: string[] = [];
        page.on("dialog", (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        await page.goto(new URL(path, hostile.url).href, { waitUntil: "load" });
        if (path.startsWith("search"))
          await page.waitForFunction(
            () => !document.querySelector("#search-status")?.textContent?.startsWith("Type what a tool"),
          );
        const state = await page.evaluate(() => ({
          canary: (globalThis as { __toolcatCanary?: unknown }).__toolcatCanary,
          scripts: Array.from(document.scripts, (script) => script.getAttribute("src")),
          images: document.images.length,
          handlers: Array.from(document.querySelectorAll("*")).flatMap((node) =>
            node.getAttributeNames().filter((name) => name.startsWith("on")),
          ),
        }));
        expect({ ...state, dialogs }, path).toEqual({
          canary: undefined,
          scripts: path.startsWith("search") ? ["search.js"] : [],
          images: 0,
          handlers: [],
          dialogs: [],
        });
        await page.close();
      }
    } finally {
      await hostile.close();
    }
  });

  it("logged no console error on any page", () => {
    expect(problems).toEqual([]);
  });
});
