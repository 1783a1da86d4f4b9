// CodeWriter must write what ts-morph's CodeBlockWriter writes for the same calls, so generated
// bytes stay the same; CodeBlockWriter is the oracle over random call sequences.
import { CodeBlockWriter } from "ts-morph";
import { describe, expect, it } from "vitest";
import { CodeWriter } from "../../../src/emit/core/code-writer.ts";
import { seededRandom } from "../hostile-text.ts";

/** The calls the emitters make, which both writers take. */
interface Writer {
  write(text: string): unknown;
  writeLine(text: string): unknown;
  newLine(): unknown;
  blankLine(): unknown;
  inlineBlock(block: () => void): unknown;
  indent(timesOrBlock: number | (() => void)): unknown;
  getIndentationLevel(): number;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Code as the emitters write it: string literals JSON-quoted, so closed on their own line. */
const texts = [
  ...["", "x", "return true;", `f(${JSON.stringify('it\'s "q" `t`')})`, "/** doc */", "if (a) "],
  ...["a\nb", "\n", "a\n", "\r\n", "  "],
];

/** One random program of writer calls, replayed identically on any writer. */
function program(seed: number): (w: Writer) => void {
  const steps: ((w: Writer, nested: (w: Writer) => void) => void)[] = [];
  const local = seededRandom(seed);
  const count = 1 + Math.floor(local() * 12);
  for (let i = 0; i < count; i++) {
    const text = pick(local, texts);
    const times = 1 + Math.floor(local() * 2);
    steps.push(
      pick<(w: Writer, nested: (w: Writer) => void) => void>(local, [
        (w) => w.write(text),
        (w) => w.writeLine(text),
        (w) => w.newLine(),
        (w) => w.blankLine(),
        (w) => w.indent(times),
        (w, nested) => w.inlineBlock(() => nested(w)),
        (w, nested) => w.indent(() => nested(w)),
        (w) => w.write(String(w.getIndentationLevel())),
      ]),
    );
  }
  const depth = Math.floor(local() * 3);
  const inner = depth === 0 ? () => {} : program(seed + 1);
  return (w) => steps.forEach((step) => step(w, inner));
}

describe("CodeWriter", () => {
  it("writes blocks and lines with two-space indentation", () => {
    const w = new CodeWriter();
    w.writeLine("/** doc */");
    w.write("function f() ").inlineBlock(() => {
      w.write("if (a) ").inlineBlock(() => w.writeLine("return 1;"));
      w.newLine();
      w.indent(() => w.writeLine("x;"));
    });
    expect(w.toString()).toBe("/** doc */\nfunction f() {\n  if (a) {\n    return 1;\n  }\n    x;\n}");
  });

  it.each(Array.from({ length: 400 }, (_, i) => i))("matches CodeBlockWriter on random program %i", (seed) => {
    const run = program(seed * 7919);
    const ours = new CodeWriter();
    const theirs = new CodeBlockWriter({ indentNumberOfSpaces: 2, newLine: "\n", useSingleQuote: false });
    run(ours);
    run(theirs);
    expect(ours.toString()).toBe(theirs.toString());
  });
});
