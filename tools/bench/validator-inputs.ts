// The inputs the throughput section times, synthesized from each tool's inputSchema with the
// contract tests' seeded generator (test/support/inputs.ts): valid inputs (one per mode, plus a
// second draw) and invalid ones (random mutations: missing or unknown keys, wrong types, bounds,
// enums, formats, JSON text, conditional requirements), each classified by Ajv on the peers' schema.
import type { Ajv2020 } from "ajv/dist/2020.js";
import { mutatedInput, random, validInput } from "../../test/support/inputs.ts";
import { peerSchema } from "./peer-ajv.ts";

type Schema = { readonly [keyword: string]: unknown };

export interface ToolInputs {
  readonly valid: readonly unknown[];
  readonly invalid: readonly unknown[];
}

/** How many invalid inputs each tool gets; mutations Ajv still accepts are drawn again. */
export const invalidPerTool = 4;
const maxDraws = 200;
const notObjects: readonly unknown[] = [null, [], "text", 42];

/**
 * The input as a model's tool call delivers it: parsed from JSON text. A mutation that deleted a key
 * leaves an object in V8's dictionary mode, which no parsed input is in and which makes every
 * contender's reads slower in ways real calls never see; the round trip also drops what JSON cannot
 * carry (undefined values), and Ajv classifies what is left.
 */
const asParsed = (input: unknown): unknown => (input === undefined ? undefined : JSON.parse(JSON.stringify(input)));

/** A seed from the tool's full name, so every run, process and Node version times the same inputs. */
const seedOf = (fullName: string): number => [...fullName].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 17);

/**
 * Whether the tool's input carries an object request body: a parameter that is an object, or JSON
 * text with a `contentSchema` (a captured request body, cell data). The body-heavy row times these.
 */
export function hasObjectBody(schema: Schema): boolean {
  const parameters = Object.values((schema["properties"] ?? {}) as Record<string, Schema>);
  return parameters.some(
    (parameter) =>
      parameter["type"] === "object" ||
      parameter["properties"] !== undefined ||
      parameter["contentSchema"] !== undefined,
  );
}

/** The tool's modes when it has the mode pattern (one valid input each), else one undefined. */
function modes(schema: Schema): readonly (string | undefined)[] {
  const mode = ((schema["properties"] ?? {}) as Record<string, Schema>)["mode"];
  return Array.isArray(mode?.["enum"]) ? (mode["enum"] as string[]) : [undefined];
}

/**
 * Valid and invalid inputs for one tool. `ajv` (every-error mode, ajv-formats, the JSON-text
 * formats) is the judge: a generated valid input it rejects is a generator bug and throws.
 */
export function toolInputs(fullName: string, schema: Schema, ajv: Ajv2020): ToolInputs {
  const check = ajv.compile(peerSchema(schema));
  const rng = random(seedOf(fullName));
  const valid = [...modes(schema).map((mode) => validInput(schema, rng, mode)), validInput(schema, rng)];
  for (const input of valid) {
    if (!check(input))
      throw new Error(
        `${fullName}: the generated valid input ${JSON.stringify(input)} fails Ajv: ${ajv.errorsText(check.errors)}`,
      );
  }
  const invalid: unknown[] = [];
  for (let draw = 0; draw < maxDraws && invalid.length < invalidPerTool; draw++) {
    const input = asParsed(mutatedInput(schema, rng));
    if (!check(input)) invalid.push(input);
  }
  // A tool that accepts any object (its parameters are not documented) is invalid only as a whole.
  for (const whole of notObjects) if (invalid.length < invalidPerTool && !check(whole)) invalid.push(whole);
  if (invalid.length < invalidPerTool)
    throw new Error(`${fullName}: only ${invalid.length} of ${maxDraws} mutations are invalid`);
  return { valid, invalid };
}
