// Checks every value of an engine's answer before it is read as a schema. Numbers must be finite
// (YAML's `.inf` and `.nan`, or `1e400` in JSON text, would reach generated code as Infinity or
// NaN). An answer given as JSON text is also held to the rules a spec file's text meets, which the
// YAML reader cannot apply inside one string: no forbidden character in any key or string, and no
// nesting deeper than a spec's. One walk with an explicit stack, so no answer overflows the stack.
import { pointer } from "../../../packages/runtime/src/validation.ts";
import type { AnswerPath, BodyProblem } from "./body-problem.ts";
import { maxDepth } from "./document-checks.ts";
import { forbiddenCharacters, forbiddenHint } from "./text.ts";

/** Problems of the values in `answer`; `fromText`: it was parsed from JSON text. */
export function answerValueProblems(answer: unknown, fromText: boolean): BodyProblem[] {
  const problems: BodyProblem[] = [];
  const stack: { value: unknown; path: AnswerPath }[] = [{ value: answer, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() ?? { value: undefined, path: [] };
    if (typeof value === "number" && !Number.isFinite(value)) {
      problems.push({ path, message: `${String(value)} at ${where(path)} is not a finite number` });
    } else if (typeof value === "string" && fromText) {
      problems.push(...forbidden(value, `a string at ${where(path)}`));
    } else if (typeof value === "object" && value !== null) {
      if (fromText && path.length > maxDepth) {
        problems.push({
          path: [],
          message: `the answer's JSON text nests deeper than ${maxDepth} levels (at ${where(path)})`,
          rule: { code: "too-deep", hint: "Request bodies are shallow; this is not one." },
        });
        continue;
      }
      const entries: [string | number, unknown][] = Array.isArray(value)
        ? value.map((item, i) => [i, item])
        : Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] ?? ["", undefined];
        if (typeof key === "string" && fromText)
          problems.push(...forbidden(key, `the key ${JSON.stringify(key)} at ${where(path)}`));
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return problems;
}

/** A JSON-text answer is one string in the file: its problems are placed there, and named by pointer. */
function forbidden(text: string, what: string): BodyProblem[] {
  return forbiddenCharacters(text)
    .slice(0, 1)
    .map(({ name }) => ({
      path: [],
      message: `${name} in ${what} of the answer's JSON text`,
      rule: { code: "forbidden-character", hint: forbiddenHint },
    }));
}

function where(path: AnswerPath): string {
  return path.length === 0 ? "the top" : pointer(...path);
}
