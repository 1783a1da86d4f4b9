// Secret values never leave the host: every string handed to the program and every string of the
// result passes through `clean`, the runtime's redaction over the secrets the clients may use.
import { redact } from "@toolcat/runtime";
import type { JsonValue } from "./result.js";

export type Clean = (text: string) => string;

export function cleaner(secrets: readonly string[]): Clean {
  return secrets.length === 0 ? (text) => text : (text) => redact(text, secrets);
}

/** JSON text parsed with every string value and key redacted. */
export function cleanJson(json: string, clean: Clean): JsonValue {
  return JSON.parse(json, function (key: string, value: unknown) {
    const cleanedKey = clean(key);
    if (cleanedKey !== key && this !== null && typeof this === "object") {
      // A key that is itself a secret moves to its redacted name.
      (this as Record<string, unknown>)[cleanedKey] = typeof value === "string" ? clean(value) : value;
      return undefined;
    }
    return typeof value === "string" ? clean(value) : value;
  }) as JsonValue;
}
