// The one way spec and capture files are read from disk. Only regular files are read, and a path
// inside the workspace only through real directories: a symbolic link (the file itself, specs/,
// request-bodies/ or a server's capture directory) could point at a token file or /proc, whose
// lines a diagnostic would otherwise print. The file is opened without following a final link
// (O_NOFOLLOW) and checked on the open descriptor, so it cannot be swapped between check and read.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, type Stats } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import type { Diagnostic } from "./diagnostics.ts";
import { maxSpecBytes, tooLarge } from "./text.ts";

export type FileRead = { readonly bytes: Uint8Array } | { readonly refused: Diagnostic };

/** Absent on Windows, where the lstat check stands alone. */
const noFollow = constants.O_NOFOLLOW ?? 0;
/** A FIFO opens at once (then fails the regular-file check) instead of waiting for a writer. */
const nonBlocking = constants.O_NONBLOCK ?? 0;

/** Whether a root-relative path lies in the workspace (a command-line path may not). */
export function inWorkspace(file: string): boolean {
  return !isAbsolute(file) && file !== ".." && !file.startsWith("../");
}

/** The first directory from root down to `dir` (inclusive) that is a symbolic link; missing ones end the walk. */
export function linkedDirectory(root: string, dir: string): string | undefined {
  const parts = dir.split("/").filter((part) => part !== "" && part !== ".");
  for (let depth = 1; depth <= parts.length; depth++) {
    const path = parts.slice(0, depth).join("/");
    let stats: Stats;
    try {
      stats = lstatSync(join(root, path));
    } catch {
      return undefined;
    }
    if (stats.isSymbolicLink()) return path;
  }
  return undefined;
}

/** The diagnostic for reading `file` through the linked directory `link`. */
export function linkedDirectoryRefusal(file: string, link: string): Diagnostic {
  return {
    file,
    line: 1,
    col: 1,
    code: "outside-workspace",
    message: `${link} is a symbolic link, so ${file} may lie outside the workspace; it was not read`,
    hint:
      `Replace ${link} with a real directory: toolcat reads spec files only through the workspace's own ` +
      "directories.",
  };
}

/**
 * The file's bytes, or why it was not read; `file` is relative to root (outside it only when named on the command
 * line).
 */
export function readSpecFile(root: string, file: string): FileRead {
  const linked = (): Diagnostic | undefined => {
    const link = inWorkspace(file) ? linkedDirectory(root, dirname(file)) : undefined;
    return link === undefined ? undefined : linkedDirectoryRefusal(file, link);
  };
  const before = linked();
  if (before !== undefined) return { refused: before };
  const path = join(root, file);
  let fd: number;
  try {
    if (lstatSync(path).isSymbolicLink()) return { refused: notRegular(file, "a symbolic link") };
    fd = openSync(path, constants.O_RDONLY | noFollow | nonBlocking);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return { refused: notRegular(file, "a symbolic link") };
    return { refused: unreadable(file, code) };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { refused: notRegular(file, kind(stats)) };
    if (stats.size > maxSpecBytes) return { refused: tooLarge(file, stats.size) };
    // Checked again once open: a directory swapped for a link after the first check is caught here.
    const after = linked();
    if (after !== undefined) return { refused: after };
    return { bytes: readAtMost(fd, maxSpecBytes + 1) };
  } catch (error) {
    return { refused: unreadable(file, (error as NodeJS.ErrnoException).code) };
  } finally {
    closeSync(fd);
  }
}

/** Reads to the end or to `limit` bytes: a file that grows (or /proc, which reports size 0) stays bounded. */
function readAtMost(fd: number, limit: number): Uint8Array {
  const buffer = Buffer.alloc(limit);
  let length = 0;
  while (length < limit) {
    const read = readSync(fd, buffer, length, limit - length, null);
    if (read === 0) break;
    length += read;
  }
  return buffer.subarray(0, length);
}

function kind(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return "not a regular file";
}

function notRegular(file: string, what: string): Diagnostic {
  return {
    file,
    line: 1,
    col: 1,
    code: "not-a-regular-file",
    message: `${file} is ${what}; it was not read`,
    hint:
      "Spec and capture files must be regular files inside the workspace; a link is refused, however it points " +
      "(copy the file in instead).",
  };
}

function unreadable(file: string, code: string | undefined): Diagnostic {
  return {
    file,
    line: 1,
    col: 1,
    code: file.endsWith("/catalog.yaml") ? "missing-catalog" : "missing-file",
    message: `cannot read ${file} (${code ?? "unreadable"})`,
    hint: "Check the path; spec files live in specs/.",
  };
}
