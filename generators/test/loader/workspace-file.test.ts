// Files toolcat must not read or quote: a link (the spec, the catalog, a capture, or specs/,
// request-bodies/ or a server's capture directory) to a secret-holding file outside the
// workspace, a FIFO, and a non-spec file named on the command line. Generated from seeded secrets
// and hostile text in several file shapes; every command that reads specs must refuse the file by
// path and rule and never print the secret. `TOOLCAT_SEED` replays a seed.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import { hostileString, seededRandom } from "../emit/hostile-text.ts";
import { workspaceRoot } from "../support.ts";
import { good } from "./cases.ts";

const seed = Number(process.env["TOOLCAT_SEED"] ?? 24);
const scratch = mkdtempSync(join(tmpdir(), "toolcat-links-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let count = 0;
const fresh = (name: string): string => {
  const dir = join(scratch, `${name}-${count++}`);
  mkdirSync(dir);
  return dir;
};

const capture = "specs/request-bodies/widget-api/ExecuteWidget.json";

/** File shapes a secret lives in; `spec` is valid spec text whose broken line holds the secret. */
const shapes: Record<string, (secret: string, random: () => number) => string | Buffer> = {
  npmrc: (secret) => `//registry.npmjs.org/:_authToken=${secret}\n`,
  environ: (secret, random) => `HOME=/root\0NPM_TOKEN=${secret}\0NOTE=${hostileString(random)}\0`,
  "json config": (secret) => `{ "auths": { "registry": { "auth": "${secret}" } } }\n`,
  "yaml mapping": (secret, random) => `token: ${secret}\nnote: ${JSON.stringify(hostileString(random))}\n`,
  binary: (secret, random) =>
    Buffer.concat([
      Buffer.from(Array.from({ length: 16 }, () => Math.floor(random() * 256))),
      Buffer.from(secret),
      Buffer.from([0xff, 0xfe]),
    ]),
  spec: (secret) => good.replace("    purpose: read a widget", `    purpse: ${secret}`),
};

interface Placement {
  /** Puts `content` where the workspace at `root` reads it, outside the workspace or as a FIFO. */
  readonly place: (root: string, content: string | Buffer) => void;
  /** The refused path and rule each reading command must report. */
  readonly code: string;
  readonly path: string;
}

/** Writes `content` outside the workspace and links `path` to it. */
function linkFile(root: string, path: string, content: string | Buffer): void {
  const target = join(fresh("target"), "file");
  writeFileSync(target, content);
  rmSync(join(root, path), { force: true });
  mkdirSync(dirname(join(root, path)), { recursive: true });
  symlinkSync(target, join(root, path));
}

/** Moves the directory `dir` out of the workspace (after `fill`) and links it back. */
function linkDir(root: string, dir: string, fill: (outside: string) => void): void {
  mkdirSync(join(root, dir), { recursive: true });
  const outside = join(fresh("dir"), "moved");
  renameSync(join(root, dir), outside);
  fill(outside);
  symlinkSync(outside, join(root, dir));
}

const placements: Record<string, Placement> = {
  "spec is a link": {
    place: (root, content) => linkFile(root, "specs/widget-api.yaml", content),
    code: "not-a-regular-file",
    path: "specs/widget-api.yaml",
  },
  "catalog is a link": {
    place: (root, content) => linkFile(root, "specs/catalog.yaml", content),
    code: "not-a-regular-file",
    path: "specs/catalog.yaml",
  },
  "capture is a link": {
    place: (root, content) => linkFile(root, capture, content),
    code: "not-a-regular-file",
    path: capture,
  },
  "specs/ is a link": {
    place: (root, content) =>
      linkDir(root, "specs", (outside) => writeFileSync(join(outside, "widget-api.yaml"), content)),
    code: "outside-workspace",
    path: "specs/catalog.yaml",
  },
  "request-bodies/ is a link": {
    place: (root, content) =>
      linkDir(root, "specs/request-bodies", (outside) => {
        mkdirSync(join(outside, "widget-api"));
        writeFileSync(join(outside, "widget-api/ExecuteWidget.json"), content);
      }),
    code: "outside-workspace",
    path: "specs/request-bodies/widget-api",
  },
  "capture directory is a link": {
    place: (root, content) =>
      linkDir(root, "specs/request-bodies/widget-api", (outside) =>
        writeFileSync(join(outside, "ExecuteWidget.json"), content),
      ),
    code: "outside-workspace",
    path: "specs/request-bodies/widget-api",
  },
  "spec is a FIFO": {
    place: (root) => {
      rmSync(join(root, "specs/widget-api.yaml"));
      execFileSync("mkfifo", [join(root, "specs/widget-api.yaml")]);
    },
    code: "not-a-regular-file",
    path: "specs/widget-api.yaml",
  },
};

function workspace(): string {
  const root = fresh("ws");
  mkdirSync(join(root, "specs"));
  copyFileSync(join(workspaceRoot, "specs/catalog.yaml"), join(root, "specs/catalog.yaml"));
  writeFileSync(join(root, "package.json"), "{}\n");
  writeFileSync(join(root, "specs/widget-api.yaml"), good);
  return root;
}

async function run(root: string, argv: string[]): Promise<{ exit: number; output: string }> {
  let output = "";
  const out = { stdout: (t: string) => void (output += t), stderr: (t: string) => void (output += t) };
  const exit = await main(argv, { cwd: root, env: { GITHUB_ACTIONS: "true" }, out });
  return { exit, output };
}

const commands = [["lint"], ["lint", "--json"], ["generate"], ["check-drift"], ["check-drift", "--json"]];

const variants = Object.keys(placements).flatMap((placement) =>
  Object.keys(shapes).map((shape, index) => ({ placement, shape, seed: seed + index })),
);

describe("files toolcat refuses to read", () => {
  it.each(variants)(
    "$placement, holding a secret as $shape: refused by path and rule, never printed",
    async ({ placement, shape, seed }) => {
      const random = seededRandom(seed);
      const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
      const secret = `tok_${Array.from({ length: 24 }, () => alphabet[Math.floor(random() * 36)]).join("")}`;
      const { place, code, path } = placements[placement] as Placement;
      const root = workspace();
      place(root, (shapes[shape] as (typeof shapes)[string])(secret, random));
      for (const argv of commands) {
        const { exit, output } = await run(root, argv);
        expect(exit, `${argv.join(" ")}: ${output}`).not.toBe(0);
        expect(output).not.toContain(secret);
        expect(output).toContain(code);
        expect(output).toContain(path);
      }
    },
  );

  it.each(Object.keys(shapes).filter((shape) => shape !== "spec"))(
    "a %s file named on the command line is read but never quoted",
    async (shape) => {
      const random = seededRandom(seed);
      const secret = `tok_${Math.floor(random() * 2 ** 48).toString(36)}`;
      const root = workspace();
      const outside = join(fresh("named"), "config.yaml");
      writeFileSync(outside, (shapes[shape] as (typeof shapes)[string])(secret, random));
      for (const argv of [
        ["lint", outside],
        ["lint", "--json", outside],
        ["diff", outside, "specs/widget-api.yaml"],
      ]) {
        const { exit, output } = await run(root, argv);
        expect(exit, output).not.toBe(0);
        expect(output).not.toContain(secret);
        expect(output).toMatch(/not-spec-text|invalid-encoding/);
      }
    },
  );
});
