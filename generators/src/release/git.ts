// The few git questions releases ask: a file at a revision, a package's last release tag, and the
// first commit. Paths are relative to the workspace root, which need not be the repository root.
import { execFileSync } from "node:child_process";

function git(root: string, args: readonly string[]): string {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`git ${args.join(" ")} failed${stderr ? `: ${stderr}` : ""}`);
  }
}

function succeeds(root: string, args: readonly string[]): boolean {
  try {
    git(root, args);
    return true;
  } catch {
    return false;
  }
}

/** The file's text at `rev`, or undefined when the file did not exist there; throws on an unknown revision. */
export function showFile(root: string, rev: string, path: string): string | undefined {
  if (!succeeds(root, ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`]))
    throw new Error(`unknown git revision "${rev}"`);
  const object = `${rev}:./${path}`;
  return succeeds(root, ["cat-file", "-e", object]) ? git(root, ["show", object]) : undefined;
}

/** Names of the files directly in `dir` at `rev`; none when the directory did not exist there. */
export function listFilesAt(root: string, rev: string, dir: string): string[] {
  const tree = `${rev}:./${dir}`;
  if (!succeeds(root, ["cat-file", "-e", tree])) return [];
  // -z: names unquoted, whatever characters they hold; each entry is "<mode> <type> <object>\t<name>".
  return git(root, ["ls-tree", "-z", tree])
    .split("\0")
    .filter((entry) => entry.split(" ")[1] === "blob")
    .map((entry) => entry.slice(entry.indexOf("\t") + 1));
}

/** The newest `<projectName>@<version>` tag reachable from HEAD, the tag pattern nx.json configures. */
export function lastReleaseTag(root: string, projectName: string): string | undefined {
  try {
    return git(root, ["describe", "--tags", "--abbrev=0", "--match", `${projectName}@*`, "HEAD"]).trim();
  } catch {
    return undefined;
  }
}

/** Paths under `paths` with uncommitted changes (staged, unstaged or untracked). */
export function uncommittedChanges(root: string, paths: readonly string[]): string[] {
  return git(root, ["status", "--porcelain", "--untracked-files=all", "--", ...paths])
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => line.slice(3));
}
