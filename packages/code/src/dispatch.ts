// One tool call on the host: the program's JSON text parsed, the package's client called (it
// validates, resolves secrets and runs the transport), and the outcome turned into JSON text for
// the program, redacted. A failure carries the package's message, code and issues with JSON pointers.
import type { CallOptions } from "@toolcat/runtime";
import type { ToolClient } from "./packages.js";
import { cleanJson, type Clean } from "./redact.js";

/** What the program's promise is resolved with: JSON text of `{ ok, value }` or `{ ok, error }`. */
export interface Answer {
  readonly ok: boolean;
  readonly json: string;
}

interface Failure {
  readonly message: string;
  readonly code: string;
  readonly issues: readonly { readonly path: string; readonly code: string; readonly message: string }[];
}

export async function dispatch(
  client: ToolClient,
  tool: string,
  inputJson: string,
  options: CallOptions,
  clean: Clean,
): Promise<Answer> {
  try {
    const value = await client.call(tool, JSON.parse(inputJson), options);
    // Through JSON and back: what the tool answered, as the program may see it, secrets redacted.
    const json = JSON.stringify(value === undefined ? null : value);
    return { ok: true, json: JSON.stringify({ ok: true, value: cleanJson(json, clean) }) };
  } catch (error) {
    try {
      return { ok: false, json: JSON.stringify({ ok: false, error: failure(error, clean) }) };
    } catch {
      // Only a failure whose fields throw when read gets here; the program still learns the call failed.
      return {
        ok: false,
        json: JSON.stringify({ ok: false, error: { message: `${tool} failed`, code: "unexpected", issues: [] } }),
      };
    }
  }
}

function failure(error: unknown, clean: Clean): Failure {
  const fields =
    typeof error === "object" && error !== null
      ? (error as { message?: unknown; code?: unknown; issues?: unknown })
      : {};
  const message = typeof fields.message === "string" ? fields.message : "the tool call failed";
  const code = typeof fields.code === "string" ? fields.code : "unexpected";
  const issues = Array.isArray(fields.issues)
    ? fields.issues.map((issue: { path?: unknown; code?: unknown; message?: unknown }) => ({
        path: clean(String(issue.path)),
        code: String(issue.code),
        message: clean(String(issue.message)),
      }))
    : [];
  return { message: clean(message), code, issues };
}
