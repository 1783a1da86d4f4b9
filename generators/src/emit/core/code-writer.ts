// The line writer behind generated function bodies: the part of ts-morph's CodeBlockWriter that the
// emitters use (lines, inline blocks, indentation), writing the same text. CodeBlockWriter also
// scans every character written to track strings, comments and regular expressions, which only
// matters for a string literal left open across a line break; generated code has none (string
// literals are JSON-quoted, so always closed on their line), and the scan was most of the time
// spent writing validators.

const indentUnit = "  ";

export class CodeWriter {
  private text = "";
  /** Whether the text ends a line, kept as text is added: reading the end of the text would flatten it. */
  private endsLine = false;
  private level = 0;
  /** Set by `indent(block)` when the block did not end its line: the next write starts a new one. */
  private newLineOnNextWrite = false;

  getIndentationLevel(): number {
    return this.level;
  }

  /** Text at the writer's indentation; each line of it starts indented. */
  write(text: string): this {
    this.newLineIfPending();
    if (!text.includes("\n")) {
      // An empty text still indents an empty line, as CodeBlockWriter does.
      this.writeOnLine(text);
      return this;
    }
    const lines = text.split(/\r?\n/);
    lines.forEach((line, index) => {
      if (index > 0) this.append("\n");
      if (line !== "") this.writeOnLine(line);
    });
    return this;
  }

  /** Text on a line of its own. */
  writeLine(text: string): this {
    this.newLineIfPending();
    if (this.text.length > 0) this.newLineIfLastNot();
    this.write(text);
    return this.newLine();
  }

  newLine(): this {
    this.newLineOnNextWrite = false;
    this.append("\n");
    return this;
  }

  newLineIfLastNot(): this {
    this.newLineIfPending();
    return this.atLineStart() && this.text.length > 0 ? this : this.newLine();
  }

  blankLine(): this {
    return this.newLineIfLastNot().newLine();
  }

  /** `{`, the block one level deeper, then `}` on its own line. */
  inlineBlock(block: () => void): this {
    this.newLineIfPending();
    this.write("{");
    this.indented(block);
    return this.newLineIfLastNot().write("}");
  }

  /** With a number, that many indentation units as text; with a block, the block one level deeper. */
  indent(timesOrBlock: number | (() => void) = 1): this {
    if (typeof timesOrBlock === "number") {
      this.newLineIfPending();
      return this.write(indentUnit.repeat(timesOrBlock));
    }
    this.indented(timesOrBlock);
    if (!this.atLineStart() || this.text.length === 0) this.newLineOnNextWrite = true;
    return this;
  }

  toString(): string {
    return this.text;
  }

  private indented(block: () => void): void {
    if (this.text.length > 0) this.newLineIfLastNot();
    this.level++;
    block();
    this.level = Math.max(0, this.level - 1);
  }

  private writeOnLine(line: string): void {
    if (this.atLineStart()) this.append(indentUnit.repeat(this.level));
    this.append(line);
  }

  private append(text: string): void {
    if (text === "") return;
    this.text += text;
    const last = text.charCodeAt(text.length - 1);
    this.endsLine = last === 10 || last === 13;
  }

  /** At the start of a line: nothing written yet, or the last character ends a line. */
  private atLineStart(): boolean {
    return this.text.length === 0 || this.endsLine;
  }

  private newLineIfPending(): void {
    if (this.newLineOnNextWrite) this.newLine();
  }
}
