// Collects the diagnostics of one spec file, with the checks every builder shares.
import { describeStyle, isIdentifier, type IdentifierStyle } from "../ir/naming.ts";
import type { SourcePosition } from "../ir/types.ts";
import type { Diagnostic, DiagnosticCode } from "./diagnostics.ts";
import { reservedReason } from "../ir/reserved-names.ts";
import type { SpecPath, SpecSource } from "./source.ts";

export class Reporter {
  /**
   * `toolIndex` maps the index of a tool in the data being built to its index in the file, when
   * structurally broken tools were left out so the rest of the file can still be checked.
   */
  constructor(
    readonly source: SpecSource,
    readonly diagnostics: Diagnostic[],
    private readonly toolIndex?: readonly number[],
  ) {}

  /** Position of `path` (as seen in the data being built) in the file. */
  at(path: SpecPath): SourcePosition {
    const [first, index, ...rest] = path;
    if (this.toolIndex === undefined || first !== "tools" || typeof index !== "number") return this.source.at(path);
    return this.source.at(["tools", this.toolIndex[index] ?? index, ...rest]);
  }

  error(path: SpecPath, code: DiagnosticCode, message: string, hint: string): void {
    this.diagnostics.push({ ...this.at(path), code, message, hint });
  }

  /** A name that becomes an identifier or property key in generated code: right style, not reserved. */
  identifier(path: SpecPath, name: string, style: IdentifierStyle, what: string): void {
    if (!isIdentifier(name, style)) {
      this.error(
        path,
        "invalid-identifier",
        `${what} "${name}" is not ${describeStyle(style)}`,
        `Rename it to ${describeStyle(style)}.`,
      );
      return;
    }
    this.reserved(path, name, what);
  }

  /** A name that becomes a property key (or, unless `keyOnly`, an identifier) in generated code. */
  reserved(path: SpecPath, name: string, what: string, keyOnly = false): void {
    const reason = reservedReason(name, keyOnly);
    if (reason !== undefined)
      this.error(
        path,
        "reserved-name",
        `${what} ${reason}`,
        "Choose another name; the generated code would misbehave with this one.",
      );
  }

  /** Reports every repeat of a value after its first occurrence. */
  seenOnce(values: readonly string[], pathOf: (index: number) => SpecPath, code: DiagnosticCode, what: string): void {
    const first = new Map<string, number>();
    values.forEach((value, index) => {
      const earlier = first.get(value);
      if (earlier === undefined) {
        first.set(value, index);
        return;
      }
      const { line } = this.at(pathOf(earlier));
      this.error(
        pathOf(index),
        code,
        `duplicate ${what} "${value}"`,
        `It is already defined on line ${line}; remove or rename one.`,
      );
    });
  }
}
