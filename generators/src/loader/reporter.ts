// Collects the diagnostics of one spec file, with the checks every builder shares.
import { describeStyle, isIdentifier, type IdentifierStyle } from "../ir/naming.ts";
import type { Diagnostic, DiagnosticCode } from "./diagnostics.ts";
import { reservedReason } from "./reserved-names.ts";
import type { SpecPath, SpecSource } from "./source.ts";

export class Reporter {
  constructor(
    readonly source: SpecSource,
    readonly diagnostics: Diagnostic[],
  ) {}

  error(path: SpecPath, code: DiagnosticCode, message: string, hint: string): void {
    this.diagnostics.push({ ...this.source.at(path), code, message, hint });
  }

  /** A name that becomes an identifier or property key in generated code: right style, not reserved. */
  identifier(path: SpecPath, name: string, style: IdentifierStyle, what: string): void {
    if (!isIdentifier(name, style)) {
      this.error(path, "invalid-identifier", `${what} "${name}" is not ${describeStyle(style)}`, `Rename it to ${describeStyle(style)}.`);
      return;
    }
    this.reserved(path, name, what);
  }

  /** A name that becomes a property key (or, unless `keyOnly`, an identifier) in generated code. */
  reserved(path: SpecPath, name: string, what: string, keyOnly = false): void {
    const reason = reservedReason(name, keyOnly);
    if (reason !== undefined) this.error(path, "reserved-name", `${what} ${reason}`, "Choose another name; the generated code would misbehave with this one.");
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
      const { line } = this.source.at(pathOf(earlier));
      this.error(pathOf(index), code, `duplicate ${what} "${value}"`, `It is already defined on line ${line}; remove or rename one.`);
    });
  }
}
