// Every way a caller, a logger or a serializer can read a public object (a transport, a client, an
// options object, an error, an MCP server), as text, for the tests that no secret is readable from one.
import { Console } from "node:console";
import { Writable } from "node:stream";
import { inspect } from "node:util";
import { encodings, random, revealing } from "./encodings.js";

const deep = (value: unknown): string => inspect(value, { depth: Infinity, showHidden: true, getters: false });

/** What console.log prints for the value, through a Console of its own. */
function logged(value: unknown): string {
  let text = "";
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => void ((text += chunk.toString()), done()) });
  new Console({ stdout: sink, stderr: sink, colorMode: false }).log(value);
  return text;
}

/** A structured clone: either it fails (its error read in full) or the clone is read in full. */
function cloned(value: unknown): string {
  try {
    return `clone: ${deep(structuredClone(value))}`;
  } catch (error) {
    return `refused: ${String(error)} ${deep(error)}`;
  }
}

/**
 * The value's own properties, string and symbol keys, enumerable or not, with their values (never running a getter).
 */
function ownProperties(value: unknown): string {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return "";
  return Reflect.ownKeys(value)
    .map((key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value, key)!;
      return `${String(key)}=${"value" in descriptor ? deep(descriptor.value) : "(accessor)"}`;
    })
    .join("\n");
}

function attempt(read: () => unknown): string {
  try {
    return String(read());
  } catch (error) {
    return `threw ${deep(error)}`;
  }
}

/** Each readable surface of the value, by name, as text. */
export function objectSurfaces(value: unknown): Record<string, string> {
  const record = value as Record<string, unknown>;
  const isObject = (typeof value === "object" || typeof value === "function") && value !== null;
  return {
    "util.inspect": inspect(value),
    "util.inspect showHidden depth Infinity": deep(value),
    "JSON.stringify": attempt(() => JSON.stringify(value)),
    "String()": attempt(() => String(value)),
    "Object.keys": isObject ? Object.keys(record).join(",") : "",
    "Object.entries": isObject
      ? Object.entries(record)
          .map(([key, item]) => `${key}=${deep(item)}`)
          .join("\n")
      : "",
    "Object.getOwnPropertyNames and symbols": ownProperties(value),
    "console.log": logged(value),
    structuredClone: cloned(value),
  };
}

/** An error's surfaces, and those of each error in its cause chain, named by depth. */
export function errorChainSurfaces(error: unknown): Record<string, string> {
  const surfaces: Record<string, string> = {};
  let current = error;
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth += 1) {
    for (const [name, text] of Object.entries(objectSurfaces(current))) surfaces[`cause ${depth}: ${name}`] = text;
    for (const [name, text] of Object.entries({ message: (current as Error).message, stack: (current as Error).stack }))
      surfaces[`cause ${depth}: ${name}`] = String(text);
    current = current instanceof Error ? current.cause : undefined;
  }
  return surfaces;
}

export interface SecretForm {
  readonly kind: string;
  readonly encoding: string;
  readonly shown: string;
}

/**
 * Each encoding the redactor knows of the secret, as the part of it that must never be shown, and
 * the secret as util.inspect quotes it (its own escapes of quotes and backslashes).
 */
export function secretForms(kind: string, secret: string, seed: number): SecretForm[] {
  const known = Object.entries(encodings(secret, random(seed))).map(([encoding, encoded]) => ({
    kind,
    encoding,
    shown: revealing(encoding, encoded),
  }));
  return [...known, { kind, encoding: "util.inspect quoting", shown: inspect(secret).slice(1, -1) }];
}

/** `surface shows encoding of kind` for each form found on each surface. */
export function leaksOn(surfaces: Record<string, string>, forms: readonly SecretForm[]): string[] {
  return Object.entries(surfaces).flatMap(([surface, text]) =>
    forms
      .filter(({ shown }) => shown !== "" && text.includes(shown))
      .map(({ kind, encoding }) => `${surface} shows the ${encoding} of the ${kind}`),
  );
}
