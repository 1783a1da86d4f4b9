// Types every layer shares: a generated file, the versions generation stamps, and the one path order.

export interface GeneratedFile {
  /** Path relative to the workspace root, with forward slashes. */
  readonly path: string;
  readonly text: string;
}

/** Versions that live outside the specs: the package's own (moved by releases) and the runtime's. */
export interface Versions {
  readonly package: string;
  readonly runtime: string;
}

/** Code-unit order, the same on every machine and locale, so output and reports are byte-stable. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function byPath(a: GeneratedFile, b: GeneratedFile): number {
  return compareText(a.path, b.path);
}
