// A throwaway git repository laid out like the workspace (specs/catalog.yaml, one spec, one
// package), for tests that read specs at revisions and release tags.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { workspaceRoot } from "../support.ts";

export interface TempRepo {
  readonly root: string;
  write(path: string, text: string): void;
  /** Stages everything and commits. */
  commit(message: string): void;
  git(...args: string[]): string;
  remove(): void;
}

export function tempRepo(): TempRepo {
  const root = mkdtempSync(join(tmpdir(), "toolcat-release-"));
  // A fixed identity, so commits work on machines without a git user configured.
  const git = (...args: string[]): string =>
    execFileSync(
      "git",
      [
        "-c",
        "user.name=toolcat test",
        "-c",
        "user.email=test@toolcat.invalid",
        "-c",
        "commit.gpgsign=false",
        "-c",
        "tag.gpgsign=false",
        ...args,
      ],
      { cwd: root, encoding: "utf8" },
    );
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  mkdirSync(join(root, "specs"));
  copyFileSync(join(workspaceRoot, "specs", "catalog.yaml"), join(root, "specs", "catalog.yaml"));
  git("init", "--quiet", "--initial-branch=main");
  return {
    root,
    write,
    commit: (message) => {
      git("add", "-A");
      git("commit", "--quiet", "-m", message);
    },
    git,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
