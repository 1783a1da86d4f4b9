// A parsed YAML spec with the positions of its nodes, so every later check can point at file:line:col.
import { LineCounter, parseDocument, isMap, isScalar, type Document, type Node } from "yaml";
import type { SourcePosition } from "../ir/types.ts";
import type { Diagnostic } from "./diagnostics.ts";

export type SpecPath = readonly (string | number)[];

export class SpecSource {
  readonly file: string;
  readonly data: unknown;
  readonly syntaxErrors: readonly Diagnostic[];
  private readonly doc: Document;
  private readonly lines: LineCounter;

  constructor(file: string, text: string) {
    this.file = file;
    this.lines = new LineCounter();
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
    this.syntaxErrors = this.doc.errors.map((error) => {
      const { line, col } = this.lines.linePos(error.pos[0]);
      const duplicate = error.code === "DUPLICATE_KEY";
      return {
        file,
        line,
        col,
        code: duplicate ? ("duplicate-key" as const) : ("yaml-syntax" as const),
        message: firstLine(error.message),
        hint: duplicate ? "Each key may appear once in a mapping; remove or rename the repeated one." : "Fix the YAML syntax at this position.",
      };
    });
    this.data = this.syntaxErrors.length === 0 ? this.doc.toJS({ maxAliasCount: 100 }) : undefined;
  }

  /** Position of the node at `path`, or of its nearest existing ancestor. */
  at(path: SpecPath): SourcePosition {
    for (let depth = path.length; depth >= 0; depth--) {
      const node = this.doc.getIn(path.slice(0, depth), true) as Node | undefined;
      if (node !== undefined && node !== null && typeof node === "object" && "range" in node && node.range) {
        return this.position(node.range[0]);
      }
    }
    return { file: this.file, line: 1, col: 1 };
  }

  /** Position of the key `key` inside the mapping at `path` (for unknown-key errors). */
  keyAt(path: SpecPath, key: string): SourcePosition {
    const map = path.length === 0 ? this.doc.contents : this.doc.getIn(path, true);
    if (isMap(map)) {
      for (const pair of map.items) {
        if (isScalar(pair.key) && pair.key.value === key && pair.key.range) return this.position(pair.key.range[0]);
      }
    }
    return this.at(path);
  }

  private position(offset: number): SourcePosition {
    const { line, col } = this.lines.linePos(offset);
    return { file: this.file, line, col };
  }
}

function firstLine(message: string): string {
  return message.split("\n", 1)[0] ?? message;
}
