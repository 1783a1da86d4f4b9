// `generate --watch` in-process on a scratch workspace: an initial run, then one cycle per save that
// writes only the edited spec's (or capture's) package, diagnostics (and no writes) for a broken
// spec or capture, a deleted spec's package removed whole, a full run for a catalog edit, and a
// clean exit when the signal aborts.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { watchGenerate } from "../../src/pipeline/watch.ts";
import { good } from "../loader/cases.ts";
import { workspaceRoot } from "../support.ts";
import { until, watchTimeout } from "./watching.ts";

const root = mkdtempSync(join(tmpdir(), "toolcat-watch-"));
mkdirSync(join(root, "specs"));
copyFileSync(join(workspaceRoot, "specs/catalog.yaml"), join(root, "specs/catalog.yaml"));
writeFileSync(join(root, "package.json"), "{}\n");
writeFileSync(join(root, "specs/widget-api.yaml"), good);
writeFileSync(join(root, "specs/gadget-api.yaml"), good.replace("server: WidgetApi", "server: GadgetApi"));
mkdirSync(join(root, "specs/request-bodies/widget-api"), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

let stdout = "";
let stderr = "";
const out = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
const controller = new AbortController();

/** Saves a file under the workspace and forgets the output so far. */
function save(path: string, text: string): void {
  stdout = "";
  stderr = "";
  writeFileSync(join(root, path), text);
}

/** Resolves once the output since the last save holds `count` lines starting with `trigger`. */
async function cycles(trigger: string, count = 1): Promise<void> {
  const seen = () => (stdout + stderr).split("\n").filter((line) => line.startsWith(trigger)).length;
  await until(
    () => seen() >= count,
    () => `no cycle for ${trigger}; output so far:\n${stdout}${stderr}`,
  );
}

const readme = (slug: string) => readFileSync(join(root, "packages", slug, "README.md"), "utf8");

describe("generate --watch", { timeout: watchTimeout }, () => {
  const watching = watchGenerate({ root, servers: [], env: {}, out, signal: controller.signal });

  it("generates everything first, then regenerates only the saved spec's package", async () => {
    await cycles("initial run");
    expect(stdout).toMatch(/^initial run: 2 package\(s\) checked, \d+ file\(s\) written/);
    const gadget = readme("gadget-api");
    save("specs/widget-api.yaml", good.replace("purpose: read a widget", "purpose: read one widget"));
    await cycles("specs/widget-api.yaml");
    expect(stdout).toMatch(/specs\/widget-api\.yaml: 1 package\(s\) checked, [1-9]\d* file\(s\) written/);
    expect(stdout).toContain("  packages/widget-api/README.md\n");
    expect(stdout).not.toContain("  packages/gadget-api/");
    expect(readme("widget-api")).toMatch(/read one widget/i);
    expect(readme("gadget-api")).toBe(gadget);
  });

  it("prints diagnostics and writes nothing for a broken spec, and keeps watching", async () => {
    const before = readme("widget-api");
    save("specs/widget-api.yaml", good.replace("minimum: 1, maximum: 50", "minimum: 60, maximum: 50"));
    await cycles("2 errors in 1 file; nothing was written");
    expect(stderr).toMatch(/^specs\/widget-api\.yaml:\d+:\d+ error /);
    expect(stdout).toBe("");
    expect(readme("widget-api")).toBe(before);
    save("specs/widget-api.yaml", good);
    await cycles("specs/widget-api.yaml: 1 package(s)");
    expect(readme("widget-api")).toMatch(/read a widget/i);
  });

  it("regenerates the server's package when its captured request body is saved", async () => {
    const capture = (type: string) =>
      JSON.stringify(
        {
          tool: "WidgetApi.ExecuteWidget",
          capturedFrom: "http://127.0.0.1:1",
          capturedAt: "2025-01-01T00:00:00.000Z",
          answer: { type: "object", properties: { size: { type } } },
        },
        null,
        2,
      ) + "\n";
    const gadget = readme("gadget-api");
    save("specs/request-bodies/widget-api/ExecuteWidget.json", capture("integer"));
    await cycles("specs/request-bodies/widget-api/ExecuteWidget.json: 1 package(s) checked");
    expect(stdout).toContain("  packages/widget-api/manifest.json\n");
    expect(readFileSync(join(root, "packages/widget-api/manifest.json"), "utf8")).toContain('"size"');
    expect(readme("gadget-api")).toBe(gadget);
    save("specs/request-bodies/widget-api/ExecuteWidget.json", capture("huge"));
    await cycles("1 error in 1 file; nothing was written");
    expect(stderr).toContain("specs/request-bodies/widget-api/ExecuteWidget.json:");
  });

  it("removes a deleted spec's package whole", async () => {
    stdout = "";
    rmSync(join(root, "specs/gadget-api.yaml"));
    rmSync(join(root, "specs/request-bodies/widget-api/ExecuteWidget.json"));
    await cycles("specs/gadget-api.yaml");
    expect(stdout).toContain("packages/gadget-api/README.md (deleted)");
    expect(existsSync(join(root, "packages/gadget-api"))).toBe(false);
    expect(readdirSync(join(root, "packages")).filter((name) => name.startsWith("."))).toEqual([]);
  });

  it("regenerates every package when the catalog changes, and stops on abort", async () => {
    save("specs/catalog.yaml", `${readFileSync(join(root, "specs/catalog.yaml"), "utf8")}\n`);
    await cycles("specs/catalog.yaml: 1 package(s) checked");
    controller.abort();
    await expect(watching).resolves.toBe(0);
  });
});
