// Checks on the parsed YAML tree before it becomes data: nesting depth, complex keys, aliases,
// tags and escaped forbidden characters. One walk with an explicit stack, so no input can
// overflow the call stack here.
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node } from "yaml";
import type { DiagnosticCode } from "./diagnostics.ts";
import { forbiddenCharacters, forbiddenHint } from "./text.ts";

/** Deepest nesting accepted; real specs nest about seven levels. */
export const maxDepth = 32;

export interface TreeProblem {
  readonly offset: number;
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly hint: string;
}

export function checkTree(doc: Document, text: string): TreeProblem[] {
  const problems: TreeProblem[] = [];
  const anchors = new Set<string>();
  // Document order (keys before values), so an alias is checked against the anchors above it.
  const stack: { node: unknown; depth: number }[] = [{ node: doc.contents, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() ?? { node: undefined, depth: 0 };
    if (node === null || typeof node !== "object") continue;
    const offset = (node as Node).range?.[0] ?? 0;
    if (depth > maxDepth) {
      problems.push({
        offset,
        code: "too-deep",
        message: `nesting deeper than ${maxDepth} levels`,
        hint: "Specs are shallow; this is not a spec.",
      });
      break;
    }
    if (isAlias(node)) {
      if (!anchors.has(node.source)) {
        problems.push({
          offset,
          code: "yaml-alias",
          message: `alias *${node.source} has no anchor &${node.source} before it`,
          hint: "Define the anchor first, or write the value out.",
        });
      }
      continue;
    }
    const anchor = (node as Node).anchor;
    if (anchor !== undefined) anchors.add(anchor);
    if (isScalar(node)) {
      // Only a double-quoted scalar has escapes; any other's characters are all in the raw text.
      if (node.type === "QUOTE_DOUBLE") {
        checkScalar(node.value, () => text.slice(offset, node.range?.[1] ?? offset), offset, problems);
      }
      continue;
    }
    const children: unknown[] = [];
    if (isMap(node)) {
      for (const pair of node.items) {
        if (pair.key !== null && typeof pair.key === "object" && !isScalar(pair.key)) {
          const at = (pair.key as Node).range?.[0] ?? offset;
          problems.push({
            offset: at,
            code: "complex-key",
            message: "a mapping key must be a plain string, not a list or mapping",
            hint: "Write the key as a string.",
          });
          continue;
        }
        children.push(pair.key, pair.value);
      }
    } else if (isSeq(node)) {
      children.push(...node.items.map((item) => (isPair(item) ? item.value : item)));
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], depth: depth + 1 });
  }
  return problems;
}

/** Characters written raw are reported by the text scan; this catches escapes such as "\0" or "\u202E". */
function checkScalar(value: unknown, source: () => string, offset: number, problems: TreeProblem[]): void {
  if (typeof value !== "string") return;
  // Almost every value has none; only then is its source text sliced and scanned.
  const found = forbiddenCharacters(value);
  if (found.length === 0) return;
  const raw = new Set(forbiddenCharacters(source()).map((c) => c.name));
  for (const { name } of found) {
    if (raw.has(name)) continue;
    problems.push({
      offset,
      code: "forbidden-character",
      message: `${name} (written as an escape) in a string`,
      hint: forbiddenHint,
    });
    return;
  }
}
