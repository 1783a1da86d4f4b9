// Line layout for generated TypeScript. An expression is a tree of groups (argument lists, array
// literals, object types, operand chains); it is printed on one line when that fits, otherwise
// its outermost group breaks one item per line, as Prettier does, and each item is laid out the
// same way. No generated line then runs past maxLineLength however long a spec's names are.
import type { CodeWriter } from "./code-writer.ts";

/** Longest line generated TypeScript may have. */
export const maxLineLength = 120;

const indentUnit = "  ";

/** A piece of code: atomic text, or a group that may break over lines. */
export type Code = string | Group;

export interface Group {
  /** Text before the items (`f(`, `[`); an empty open and close make a bare chain. */
  readonly open: string;
  readonly items: readonly Code[];
  readonly close: string;
  /** Written after every item but the last (`,`, ` &&`); after the last too when broken and `trailing`. */
  readonly separator: string;
  readonly trailing: boolean;
  /** Spaces inside the brackets on one line (`{ a; b }`). */
  readonly padded: boolean;
}

/** `callee(a, b)`. */
export function call(callee: string, args: readonly Code[]): Group {
  return { open: `${callee}(`, items: args, close: ")", separator: ",", trailing: true, padded: false };
}

/** `[a, b]`. */
export function arrayLiteral(items: readonly Code[]): Group {
  return { open: "[", items, close: "]", separator: ",", trailing: true, padded: false };
}

/** `{ a; b }` as a type literal. */
export function typeLiteral(members: readonly Code[]): Group {
  return { open: "{", items: members, close: "}", separator: ";", trailing: true, padded: true };
}

/** `Name<A, B>` (closing every `<` the name opens: `Required<Pick`), one argument per line when long. */
export function typeArguments(name: string, args: readonly Code[]): Group {
  const depth = name.split("<").length;
  return { open: `${name}<`, items: args, close: ">".repeat(depth), separator: ",", trailing: false, padded: false };
}

/** `a && b` or `a | b`: broken, one operand per line with the operator at the line's end. */
export function chain(operator: string, operands: readonly Code[]): Group {
  return { open: "", items: operands, close: "", separator: ` ${operator}`, trailing: false, padded: false };
}

/** `(a)`: parentheses that break around their content. */
export function parenthesized(code: Code): Group {
  return { open: "(", items: [code], close: ")", separator: "", trailing: false, padded: false };
}

/**
 * `/* @__PURE__ *\/ (() => code)()`: a module-scope value a consumer's bundler may drop when nothing
 * uses it. A package ships as one bundled module, so each top-level call, `new` or property read
 * would otherwise stay in a bundle that imports a single validator; an annotated arrow called at once
 * is what esbuild, Rollup and terser all drop whole.
 */
export function pure(code: Code): Group {
  return {
    open: "/* @__PURE__ */ (() => ",
    items: [code],
    close: ")()",
    separator: "",
    trailing: false,
    padded: false,
  };
}

/** Code preceded by text on the same line (`const x = `, `return `). */
export function prefixed(prefix: string, code: Code): Code {
  return typeof code === "string" ? `${prefix}${code}` : { ...code, open: `${prefix}${code.open}` };
}

/** Code followed by text on the same line (`) {`, `;`). */
export function suffixed(code: Code, suffix: string): Code {
  return typeof code === "string" ? `${code}${suffix}` : { ...code, close: `${code.close}${suffix}` };
}

/** The code on one line. */
export function flat(code: Code): string {
  if (typeof code === "string") return code;
  const pad = code.padded && code.items.length > 0 ? " " : "";
  return `${code.open}${pad}${code.items.map(flat).join(`${code.separator} `)}${pad}${code.close}`;
}

/** The code's lines, each at most `width` long where atomic texts allow; indentation is relative. */
export function layout(code: Code, width: number, suffix = ""): string[] {
  const oneLine = `${flat(code)}${suffix}`;
  if (typeof code === "string" || oneLine.length <= width) return [oneLine];
  const bare = code.open === "" && code.close === "";
  const indent = bare ? "" : indentUnit;
  // Without a closing bracket the suffix ends the last item's line (`a |\n  b;`).
  const open = code.close === "";
  const inner = code.items.flatMap((item, index) => {
    const last = index === code.items.length - 1;
    const after = last ? (code.trailing ? code.separator : "") : code.separator;
    const tail = open && last ? `${after}${suffix}` : after;
    return layout(item, width - indent.length, tail).map((line) => `${indent}${line}`);
  });
  if (bare) return inner;
  return open ? [code.open.trimEnd(), ...inner] : [code.open.trimEnd(), ...inner, `${code.close}${suffix}`];
}

/** Writes code as whole lines at the writer's current indentation. */
export function writeLaidOut(writer: CodeWriter, code: Code, suffix = ""): void {
  const width = maxLineLength - writer.getIndentationLevel() * indentUnit.length;
  for (const line of layout(code, width, suffix)) writer.writeLine(line);
}

/**
 * `if (condition) { then } [else { otherwise }]`, the condition broken over lines when long.
 * `lead` is text already on the line (`} else `).
 */
export function writeIf(
  w: CodeWriter,
  condition: Code,
  then: () => void,
  otherwise?: (() => void) | ElseIf,
  lead = "",
): void {
  const width = maxLineLength - w.getIndentationLevel() * indentUnit.length - lead.length - " {".length;
  const lines = layout(prefixed("if (", suffixed(condition, ")")), width);
  for (const line of lines.slice(0, -1)) w.writeLine(line);
  w.write(`${lines.at(-1) ?? ""} `).inlineBlock(then);
  if (typeof otherwise === "object") {
    w.write(" else ");
    return writeIf(w, otherwise.condition, otherwise.then, undefined, "} else ");
  }
  if (otherwise !== undefined) w.write(" else ").inlineBlock(otherwise);
  w.newLine();
}

/** An `else` branch that is one `if` of its own, written as `else if`. */
export interface ElseIf {
  readonly condition: Code;
  readonly then: () => void;
}

/** Laid-out code as text for a statement at the top level of a file. */
export function laidOut(code: Code, suffix = ""): string {
  return layout(code, maxLineLength, suffix).join("\n");
}

/**
 * Wraps comment text at spaces so each line is at most `width` long; a word longer than the width
 * is split, since a comment line has no other way to stay within the limit.
 */
export function wrapText(text: string, width: number): string {
  return text
    .split("\n")
    .map((line) => wrapLine(line, width))
    .join("\n");
}

function wrapLine(line: string, width: number): string {
  const lines: string[] = [];
  let current = "";
  for (const word of line.split(" ")) {
    for (let rest = word; ;) {
      const joined = current === "" ? rest : `${current} ${rest}`;
      if (joined.length <= width) {
        current = joined;
        break;
      }
      if (current !== "") {
        lines.push(current);
        current = "";
        continue;
      }
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
      if (rest === "") break;
    }
  }
  lines.push(current);
  return lines.join("\n");
}
