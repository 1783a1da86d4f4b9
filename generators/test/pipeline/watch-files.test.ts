// The watch's inputs: which files a snapshot holds, what counts as changed, and that the directory
// watches follow directories removed and made again (each event waited for, never a fixed sleep).
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { changedInputs, snapshot, watchInputs } from "../../src/pipeline/watch-files.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), "toolcat-watch-files-"));
  roots.push(root);
  mkdirSync(join(root, "specs/request-bodies/widget-api"), { recursive: true });
  return root;
}

describe("snapshot", () => {
  it("holds the specs, the catalog and the captures, and nothing else", () => {
    const root = workspace();
    const files = {
      "specs/catalog.yaml": "servers: []\n",
      "specs/widget-api.yaml": "server: WidgetApi\n",
      "specs/.widget-api.yaml.swp": "editor state",
      "specs/widget-api.yaml~": "backup",
      "specs/notes.txt": "notes",
      "specs/request-bodies/widget-api/GetWidget.json": "{}\n",
      "specs/request-bodies/widget-api/GetWidget.json.tmp": "{}\n",
      "specs/request-bodies/stray.json": "{}\n",
    };
    for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
    mkdirSync(join(root, "specs/folder.yaml"));
    expect([...snapshot(root).keys()].sort()).toEqual([
      "specs/catalog.yaml",
      "specs/request-bodies/widget-api/GetWidget.json",
      "specs/widget-api.yaml",
    ]);
  });

  it("is empty for a workspace without specs/", () => {
    expect(snapshot(join(tmpdir(), "toolcat-no-such-workspace")).size).toBe(0);
  });
});

describe("changedInputs", () => {
  const cases: [name: string, before: Record<string, string>, after: Record<string, string>, changed: string[]][] = [
    ["nothing", { a: "1" }, { a: "1" }, []],
    ["an edit", { a: "1", b: "2" }, { a: "1", b: "3" }, ["b"]],
    ["an added input", { a: "1" }, { a: "1", c: "9" }, ["c"]],
    ["a removed input", { a: "1", b: "2" }, { a: "1" }, ["b"]],
    ["everything, sorted", { z: "1", b: "2" }, { z: "2", a: "1" }, ["a", "b", "z"]],
  ];
  it.each(cases)("%s", (_name, before, after, changed) => {
    expect(changedInputs(new Map(Object.entries(before)), new Map(Object.entries(after)))).toEqual(changed);
  });
});

describe("watchInputs", () => {
  /** Resolves at the next event, failing after a generous deadline. */
  function nextEvent(events: (() => void)[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error("no event within 10 s")), 10_000);
      events.push(() => {
        clearTimeout(deadline);
        resolve();
      });
    });
  }

  it("reports saves by write and by rename, in a capture directory made again, until closed", async () => {
    const root = workspace();
    const waiting: (() => void)[] = [];
    const close = watchInputs(root, () => waiting.splice(0).forEach((resolve) => resolve()));
    try {
      const steps: [string, () => void][] = [
        ["a write", () => writeFileSync(join(root, "specs/widget-api.yaml"), "a")],
        [
          "a rename over the spec",
          () => (
            writeFileSync(join(root, "specs/.tmp"), "b"),
            renameSync(join(root, "specs/.tmp"), join(root, "specs/widget-api.yaml"))
          ),
        ],
        ["a write after the rename", () => writeFileSync(join(root, "specs/widget-api.yaml"), "c")],
        ["a capture", () => writeFileSync(join(root, "specs/request-bodies/widget-api/A.json"), "{}")],
        [
          "the capture directory removed",
          () => rmSync(join(root, "specs/request-bodies/widget-api"), { recursive: true }),
        ],
        ["the capture directory made again", () => mkdirSync(join(root, "specs/request-bodies/widget-api"))],
        [
          "a capture in the new directory",
          () => writeFileSync(join(root, "specs/request-bodies/widget-api/B.json"), "{}"),
        ],
        [
          "a capture renamed in the new directory",
          () =>
            renameSync(
              join(root, "specs/request-bodies/widget-api/B.json"),
              join(root, "specs/request-bodies/widget-api/C.json"),
            ),
        ],
        ["the request-bodies directory removed", () => rmSync(join(root, "specs/request-bodies"), { recursive: true })],
        [
          "a new server's capture directory",
          () => mkdirSync(join(root, "specs/request-bodies/gadget-api"), { recursive: true }),
        ],
        ["a capture there", () => writeFileSync(join(root, "specs/request-bodies/gadget-api/D.json"), "{}")],
      ];
      for (const [name, step] of steps) {
        const event = nextEvent(waiting);
        step();
        await expect(event, name).resolves.toBeUndefined();
      }
    } finally {
      close();
    }
    let after = 0;
    const closed = watchInputs(root, () => after++);
    closed();
    writeFileSync(join(root, "specs/widget-api.yaml"), "d");
    // A closed watch has no handles left: this turn of the loop and the next report nothing.
    await new Promise((resolve) => setImmediate(resolve));
    expect(after).toBe(0);
  });
});
