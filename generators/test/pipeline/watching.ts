// Shared by the watch tests: scratch workspaces, a running watch that records what it caught up
// with, and waits on its own reports (generous deadlines, never a fixed sleep as the oracle).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkDrift } from "../../src/pipeline/drift.ts";
import { snapshot, type Snapshot } from "../../src/pipeline/watch-files.ts";
import { watchGenerate } from "../../src/pipeline/watch.ts";
import { good } from "../loader/cases.ts";
import { workspaceRoot } from "../support.ts";

/** Cycles run beside other suites on two shared cores; a cycle there can take seconds. */
export const watchTimeout = 120_000;

/** Resolves once `condition` holds, checked every few milliseconds; fails with `failure()` after 60 s. */
export async function until(condition: () => boolean, failure: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(failure());
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The test spec of `slug` (widget-api or gadget-api), its first tool's purpose set to `purpose`. */
export function specText(slug: string, purpose = "read a widget"): string {
  const server = slug === "widget-api" ? "WidgetApi" : "GadgetApi";
  return good
    .replace("server: WidgetApi", `server: ${server}`)
    .replace("purpose: read a widget", `purpose: ${purpose}`);
}

/** A capture of WidgetApi.ExecuteWidget whose answer's `size` has type `type` ("huge" is refused). */
export function captureText(type: string): string {
  const capture = {
    tool: "WidgetApi.ExecuteWidget",
    capturedFrom: "http://127.0.0.1:1",
    capturedAt: "2025-01-01T00:00:00.000Z",
    answer: { type: "object", properties: { size: { type } } },
  };
  return `${JSON.stringify(capture, null, 2)}\n`;
}

export interface Watching {
  readonly root: string;
  /** Everything the watch printed so far, both streams. */
  output(): string;
  /** Runs `action` inside the watch's print of a line holding `text`: while that cycle runs. */
  whilePrinting(text: string, action: () => void): void;
  /** Resolves once the watch caught up with the inputs on disk now. */
  caughtUp(): Promise<void>;
  /** The drift check's report on the workspace: the paths that differ from a fresh generate. */
  drift(): string[];
  stop(): Promise<void>;
}

/** A scratch workspace with the widget-api and gadget-api specs, watched; the initial run done. */
export async function startWatching(): Promise<Watching> {
  const root = mkdtempSync(join(tmpdir(), "toolcat-watch-"));
  mkdirSync(join(root, "specs/request-bodies/widget-api"), { recursive: true });
  copyFileSync(join(workspaceRoot, "specs/catalog.yaml"), join(root, "specs/catalog.yaml"));
  writeFileSync(join(root, "package.json"), "{}\n");
  for (const slug of ["widget-api", "gadget-api"]) writeFileSync(join(root, `specs/${slug}.yaml`), specText(slug));
  let text = "";
  let latest: Snapshot = new Map();
  const controller = new AbortController();
  const hooks: { text: string; action: () => void }[] = [];
  const print = (t: string): void => {
    text += t;
    for (const hook of hooks.filter((h) => t.includes(h.text))) {
      hooks.splice(hooks.indexOf(hook), 1);
      hook.action();
    }
  };
  const out = { stdout: print, stderr: print };
  const watching = watchGenerate({
    root,
    servers: [],
    env: {},
    out,
    signal: controller.signal,
    onCaughtUp: (inputs) => void (latest = inputs),
  });
  await until(
    () => text.includes("watching specs/"),
    () => `the watch did not start:\n${text}`,
  );
  const same = (a: Snapshot, b: Snapshot) =>
    a.size === b.size && [...a].every(([path, digest]) => b.get(path) === digest);
  return {
    root,
    output: () => text,
    whilePrinting: (text, action) => void hooks.push({ text, action }),
    async caughtUp() {
      const inputs = snapshot(root);
      await until(
        () => same(latest, inputs),
        () => `the watch never caught up with the last save; output:\n${text.slice(-4000)}`,
      );
    },
    drift: () => checkDrift(root).drift.map((d) => `${d.kind} ${d.path}`),
    async stop() {
      controller.abort();
      await watching;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The README generated for `slug` in the watched workspace. */
export function readme(root: string, slug: string): string {
  return readFileSync(join(root, "packages", slug, "README.md"), "utf8");
}
