// What `generate --watch` watches, and how it learns that something changed. Node's recursive
// fs.watch on Linux before Node 26 keeps one watch per file: an editor that saves by writing a
// temporary and renaming it over the spec replaces the file's inode, and that watch then follows
// the unlinked old file, so every later save went unnoticed. Here each directory under specs/ that
// can hold an input has a watch of its own (a directory's watch reports its entries by name, and
// renames over an entry keep the directory's inode), and an event only says "look": what changed
// is found by comparing the inputs' contents with those the last cycle ran on, so a coalesced,
// reordered or unnamed event never loses a save.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, watch, type FSWatcher } from "node:fs";
import { join } from "node:path";
import { catalogFileName } from "../loader/load.ts";
import { requestBodiesDir } from "../loader/request-bodies.ts";

/** Each input's path (specs/….yaml, a catalog or a capture) and a digest of its bytes. */
export type Snapshot = ReadonlyMap<string, string>;

/** The inputs under `root`/specs now: every spec, the catalog and every capture. */
export function snapshot(root: string): Snapshot {
  const inputs = new Map<string, string>();
  const add = (path: string): void => {
    const digest = digestOf(join(root, path));
    if (digest !== undefined) inputs.set(path, digest);
  };
  for (const name of entries(join(root, "specs"))) if (name.endsWith(".yaml")) add(`specs/${name}`);
  for (const slug of entries(join(root, requestBodiesDir))) {
    for (const name of entries(join(root, requestBodiesDir, slug)))
      if (name.endsWith(".json")) add(`${requestBodiesDir}/${slug}/${name}`);
  }
  return inputs;
}

/** The inputs added, removed or changed from `before` to `after`, sorted. */
export function changedInputs(before: Snapshot, after: Snapshot): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort();
}

/** Whether `path` is the catalog, which feeds every package. */
export function isCatalog(path: string): boolean {
  return path === `specs/${catalogFileName}`;
}

/**
 * Watches specs/, specs/request-bodies/ and each of its server directories, kept in step with the
 * directories there: `onEvent` runs for anything that happens in them, after the set of watches
 * is brought up to date (a directory created, removed, or removed and created again). Returns the
 * function that closes every watch.
 */
export function watchInputs(root: string, onEvent: () => void): () => void {
  /** Each watched directory, its identity when the watch began, and the watch. */
  const watches = new Map<string, { readonly identity: string; readonly watcher: FSWatcher }>();
  let closed = false;
  const changed = (): void => {
    if (closed) return;
    sync();
    onEvent();
  };
  const sync = (): void => {
    const wanted = new Map<string, string>();
    for (const dir of [
      "specs",
      requestBodiesDir,
      ...entries(join(root, requestBodiesDir)).map((slug) => `${requestBodiesDir}/${slug}`),
    ]) {
      const identity = directoryIdentity(join(root, dir));
      if (identity !== undefined) wanted.set(dir, identity);
    }
    for (const [dir, current] of watches) {
      if (wanted.get(dir) === current.identity) continue;
      current.watcher.close();
      watches.delete(dir);
    }
    for (const [dir, identity] of wanted) {
      if (watches.has(dir)) continue;
      const watcher = watchDirectory(join(root, dir), changed);
      if (watcher !== undefined) watches.set(dir, { identity, watcher });
    }
  };
  sync();
  return () => {
    closed = true;
    for (const { watcher } of watches.values()) watcher.close();
    watches.clear();
  };
}

/**
 * A watch on one directory, or undefined when it is gone already; its errors (the directory removed) only say "look".
 */
function watchDirectory(dir: string, onEvent: () => void): FSWatcher | undefined {
  try {
    const watcher = watch(dir, { persistent: true }, onEvent);
    watcher.on("error", onEvent);
    return watcher;
  } catch {
    return undefined;
  }
}

/** A directory's inode and birth time: a directory removed and made again differs in one (inodes are reused). */
function directoryIdentity(dir: string): string | undefined {
  try {
    const stats = statSync(dir);
    return stats.isDirectory() ? `${stats.ino}:${stats.birthtimeMs}` : undefined;
  } catch {
    return undefined;
  }
}

/** The names in a directory, none when it is absent or unreadable. */
function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * A digest of a file's bytes, or undefined when it is absent. A file that exists but cannot be read
 * gets a digest of its error, so the cycle runs and the loader reports why.
 */
function digestOf(file: string): string | undefined {
  try {
    return createHash("sha256").update(readFileSync(file)).digest("base64url");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "EISDIR" ? undefined : `unreadable: ${code ?? "unknown"}`;
  }
}
