// A parsed YAML spec with the positions of its nodes, so every later check can point at file:line:col.
// Every way a file can be unusable (size, encoding, characters, YAML errors and warnings, aliases,
// depth, complex keys) ends here as a diagnostic; the data exists only when there were none.
import { LineCounter, parseDocument, isMap, isScalar, visit, type Document, type Node, type YAMLError } from "yaml";
import type { SourcePosition } from "../ir/types.ts";
import type { Diagnostic, DiagnosticCode } from "./diagnostics.ts";
import { checkTree } from "./document-checks.ts";
import { decodeSpec, forbiddenCharacter, forbiddenCharacters, maxSpecBytes, positionIn, tooLarge } from "./text.ts";

export type SpecPath = readonly (string | number)[];

/**
 * What a file must be to count as spec text, by the key its top-level mapping must hold. A file
 * that is not (a token file, /proc/self/environ, a config named by mistake) gets one diagnostic
 * that quotes none of it: its lines never reach a terminal or a CI log.
 */
const identifyingKeys = { server: "server", catalog: "catalog", capture: "tool" } as const;

export type SpecKind = keyof typeof identifyingKeys;

/** Aliases a spec may expand; the library's guard against alias bombs. */
const maxAliasCount = 100;

export class SpecSource {
  readonly file: string;
  readonly text: string;
  /** The parsed data; undefined when the file could not be read as YAML at all. */
  readonly data: unknown;
  /** Problems of the file as text and YAML; forbidden characters alone still leave `data` usable. */
  readonly problems: readonly Diagnostic[];
  private readonly doc: Document | undefined;
  private readonly lines = new LineCounter();

  /** `content` is the file's bytes (decoded strictly here) or text already decoded. */
  constructor(file: string, content: string | Uint8Array, kind: SpecKind) {
    this.file = file;
    const decoded = typeof content === "string" ? checkSize(file, content) : decodeSpec(file, content);
    if ("error" in decoded) {
      this.text = "";
      this.problems = [decoded.error];
      return;
    }
    const doc = parseDocument(decoded.text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
    const foreign = notSpecText(file, doc, kind);
    if (foreign !== undefined) {
      this.text = "";
      this.problems = [foreign];
      return;
    }
    this.text = decoded.text;
    this.doc = doc;
    const characters = forbiddenCharacters(this.text).map((c) =>
      forbiddenCharacter(file, positionIn(this.text, c.offset), c.name, "the file"),
    );
    const errors = onePerSlip([...this.doc.errors, ...this.doc.warnings]).map((e) => this.fromLibrary(e));
    if (errors.length === 0) {
      for (const { offset, ...rest } of checkTree(this.doc, this.text)) {
        (rest.code === "forbidden-character" ? characters : errors).push({ ...this.position(offset), ...rest });
      }
    }
    if (errors.length === 0) {
      try {
        // Cloned so that every string is a copy of its own: the library's are slices of the file's text, and one
        // kept in the IR kept the whole file, a sixth of a large catalog's memory.
        this.data = structuredClone(this.doc.toJS({ maxAliasCount }));
      } catch (error) {
        // The library's own limits (alias expansion) throw; they are spec errors like any other.
        errors.push({
          ...this.position(firstAlias(this.doc)),
          code: "yaml-alias",
          message: String((error as Error).message).split("\n", 1)[0] ?? "",
          hint: "Write the values out instead of expanding aliases.",
        });
      }
    }
    this.problems = [...characters, ...errors];
  }

  /** Position of the node at `path`, or of its nearest existing ancestor. */
  at(path: SpecPath): SourcePosition {
    for (let depth = path.length; depth >= 0; depth--) {
      const node = this.doc?.getIn(path.slice(0, depth), true) as Node | undefined;
      if (node !== undefined && node !== null && typeof node === "object" && "range" in node && node.range) {
        return this.position(node.range[0]);
      }
    }
    return { file: this.file, line: 1, col: 1 };
  }

  /** Position of the key `key` inside the mapping at `path` (for unknown-key errors). */
  keyAt(path: SpecPath, key: string): SourcePosition {
    const map = path.length === 0 ? this.doc?.contents : this.doc?.getIn(path, true);
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

  private fromLibrary(error: YAMLError): Diagnostic {
    const [code, hint] = libraryCode(error.code);
    return { ...this.position(error.pos[0]), code, message: error.message.split("\n", 1)[0] ?? error.message, hint };
  }
}

function notSpecText(file: string, doc: Document, kind: SpecKind): Diagnostic | undefined {
  const key = identifyingKeys[kind];
  const top = doc.contents;
  if (isMap(top) && top.items.some((pair) => isScalar(pair.key) && pair.key.value === key)) return undefined;
  const found =
    top === null
      ? "it is empty"
      : isMap(top)
        ? `its top level has no \`${key}\` key`
        : "its top level is not a mapping";
  return {
    file,
    line: 1,
    col: 1,
    code: "not-spec-text",
    message:
      `${file} does not read as a ${kind === "capture" ? "capture" : `${kind} spec`} (${found}); none of its ` +
      "content is shown",
    hint:
      `A ${kind === "capture" ? "capture is a JSON object" : `${kind} spec is a YAML mapping`} with a \`${key}\` ` +
      "key; a file that is not is never quoted, in case it holds secrets.",
  };
}

function checkSize(file: string, text: string): { text: string } | { error: Diagnostic } {
  const bytes = Buffer.byteLength(text, "utf8");
  return bytes > maxSpecBytes ? { error: tooLarge(file, bytes) } : { text };
}

function libraryCode(code: YAMLError["code"]): [DiagnosticCode, string] {
  switch (code) {
    case "DUPLICATE_KEY":
      return ["duplicate-key", "Each key may appear once in a mapping; remove or rename the repeated one."];
    case "TAG_RESOLVE_FAILED":
      return ["yaml-tag", "Specs use plain YAML values; remove the tag."];
    case "RESOURCE_EXHAUSTION":
      return ["too-deep", "Specs are shallow; this is not a spec."];
    default:
      return ["yaml-syntax", "Fix the YAML syntax at this position."];
  }
}

/** One slip often yields a cascade of errors at the same place: keep the first at each offset and message. */
function onePerSlip(errors: readonly YAMLError[]): YAMLError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const keys = [`at ${e.pos[0]}`, `says ${e.message}`];
    if (keys.some((k) => seen.has(k))) return false;
    for (const k of keys) seen.add(k);
    return true;
  });
}

/** Offset of the first alias, where an over-long expansion starts (the tree is depth-checked by now). */
function firstAlias(doc: Document): number {
  let offset = 0;
  visit(doc, {
    Alias(_, node) {
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}
