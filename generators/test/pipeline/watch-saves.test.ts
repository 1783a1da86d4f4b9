// `generate --watch` against saves as editors and people make them: bursts of writes and renames
// over the spec, broken saves followed by a fix, a save while a cycle runs, and a long seeded
// random run of edits, renames, deletions and restores. The oracle is the drift check: once the
// watch reports it caught up with the files on disk, the packages equal a fresh generate of them.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { seededRandom } from "../emit/hostile-text.ts";
import { captureText, readme, specText, startWatching, until, watchTimeout, type Watching } from "./watching.ts";

let watching: Watching | undefined;
afterEach(async () => {
  await watching?.stop();
  watching = undefined;
});

let temporaries = 0;

/** Saves `text` as `path` the way `how` says: in place, or written beside and renamed over it. */
function save(root: string, path: string, text: string, how: "write" | "rename"): void {
  if (how === "write") return writeFileSync(join(root, path), text);
  const temporary = join(root, `${path}.${++temporaries}.tmp`);
  writeFileSync(temporary, text);
  renameSync(temporary, join(root, path));
}

describe("generate --watch, saves", { timeout: watchTimeout }, () => {
  it.each([
    ["back to back", false],
    ["with the event loop turning between saves", true],
  ])("ends equal to the last of 100 saves made by writes and renames, %s", async (_name, yielding) => {
    const w = (watching = await startWatching());
    for (let n = 1; n <= 100; n++) {
      save(
        w.root,
        "specs/widget-api.yaml",
        specText("widget-api", `read widget save ${n}`),
        n % 2 === 0 ? "write" : "rename",
      );
      if (yielding) await new Promise((resolve) => setImmediate(resolve));
    }
    await w.caughtUp();
    expect(w.drift()).toEqual([]);
    expect(readme(w.root, "widget-api")).toMatch(/read widget save 100\b/i);
  });

  it("runs another cycle for a save made while a cycle runs", async () => {
    const w = (watching = await startWatching());
    let savedDuringCycle = false;
    // Inside the first cycle's report: its inputs are read and its files written, its end not reached.
    w.whilePrinting("specs/widget-api.yaml: 1 package(s)", () => {
      save(w.root, "specs/widget-api.yaml", specText("widget-api", "read widget second"), "rename");
      savedDuringCycle = true;
    });
    save(w.root, "specs/widget-api.yaml", specText("widget-api", "read widget first"), "write");
    await until(
      () => savedDuringCycle,
      () => `no cycle for the first save:\n${w.output()}`,
    );
    await w.caughtUp();
    expect(
      w
        .output()
        .split("\n")
        .filter((line) => line.startsWith("specs/widget-api.yaml: 1 package(s)")),
    ).toHaveLength(2);
    expect(w.drift()).toEqual([]);
    expect(readme(w.root, "widget-api")).toMatch(/read widget second/i);
  });

  it("prints each broken save's diagnostics with file:line:col, then regenerates the fixed spec", async () => {
    const w = (watching = await startWatching());
    const broken: [text: string, diagnostic: RegExp][] = [
      [`${specText("widget-api")}  : : [\n`, /^specs\/widget-api\.yaml:\d+:\d+ error yaml-syntax: /m],
      [
        specText("widget-api").replace("kind: starter", "kind: starter\nflavour: sour"),
        /^specs\/widget-api\.yaml:4:1 error unknown-key: unknown key "flavour"/m,
      ],
      [`${specText("widget-api")}  : : [\n`, /^specs\/widget-api\.yaml:\d+:\d+ error yaml-syntax: /m],
    ];
    for (const [index, [text, diagnostic]] of broken.entries()) {
      const reports = w.output().split("nothing was written").length;
      save(w.root, "specs/widget-api.yaml", text, index === 1 ? "rename" : "write");
      await until(
        () => w.output().split("nothing was written").length > reports,
        () => `no diagnostics for broken save ${index}:\n${w.output()}`,
      );
      expect(w.output().split("1 package(s) checked").at(-1)).toMatch(diagnostic);
    }
    save(w.root, "specs/widget-api.yaml", specText("widget-api", "read the fixed widget"), "rename");
    await w.caughtUp();
    expect(w.drift()).toEqual([]);
    expect(readme(w.root, "widget-api")).toMatch(/read the fixed widget/i);
  });

  it("ends drift-clean after a long seeded random run of edits, renames, deletions and restores", async () => {
    const w = (watching = await startWatching());
    const next = seededRandom(0x7001ca7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const slugs = ["widget-api", "gadget-api"];
    const captureDir = join(w.root, "specs/request-bodies/widget-api");
    const specCatalog = readFileSync(join(w.root, "specs/catalog.yaml"), "utf8");
    const steps: Record<string, (slug: string, n: number) => void> = {
      edit: (slug, n) => save(w.root, `specs/${slug}.yaml`, specText(slug, `read widget edit ${n}`), "write"),
      rename: (slug, n) => save(w.root, `specs/${slug}.yaml`, specText(slug, `read widget rename ${n}`), "rename"),
      break: (slug) =>
        save(w.root, `specs/${slug}.yaml`, `${specText(slug)}  : : [\n`, pick(["write", "rename"] as const)),
      unknownKey: (slug) =>
        save(
          w.root,
          `specs/${slug}.yaml`,
          specText(slug).replace("kind: starter", "kind: starter\nflavour: sour"),
          "write",
        ),
      delete: (slug) => rmSync(join(w.root, `specs/${slug}.yaml`), { force: true }),
      restore: (slug, n) => save(w.root, `specs/${slug}.yaml`, specText(slug, `read widget restored ${n}`), "rename"),
      capture: () =>
        existsSync(captureDir) &&
        save(
          w.root,
          "specs/request-bodies/widget-api/ExecuteWidget.json",
          captureText(pick(["integer", "string", "huge"])),
          "rename",
        ),
      dropCapture: () => rmSync(join(captureDir, "ExecuteWidget.json"), { force: true }),
      dropCaptureDirectory: () => rmSync(captureDir, { recursive: true, force: true }),
      makeCaptureDirectory: () => mkdirSync(captureDir, { recursive: true }),
      catalog: (_slug, n) => save(w.root, "specs/catalog.yaml", `${specCatalog}${"\n".repeat(n % 3)}`, "write"),
    };
    const names = Object.keys(steps);
    for (let n = 1; n <= 200; n++) {
      const name = pick(names);
      steps[name]?.(pick(slugs), n);
      // Sometimes the watch gets to run between steps, sometimes steps pile up mid-cycle.
      const pause = next();
      if (pause < 0.3) await new Promise((resolve) => setImmediate(resolve));
      else if (pause < 0.4) await new Promise((resolve) => setTimeout(resolve, Math.floor(next() * 50)));
    }
    // The last saves leave every input valid and distinct from anything generated before.
    mkdirSync(captureDir, { recursive: true });
    save(w.root, "specs/request-bodies/widget-api/ExecuteWidget.json", captureText("integer"), "write");
    save(w.root, "specs/catalog.yaml", specCatalog, "rename");
    for (const slug of slugs) save(w.root, `specs/${slug}.yaml`, specText(slug, `read the final ${slug}`), "rename");
    await w.caughtUp();
    expect(w.drift()).toEqual([]);
    for (const slug of slugs) expect(readme(w.root, slug)).toMatch(new RegExp(`read the final ${slug}`, "i"));
  });
});
