// runCode's options as JavaScript callers may pass them: anything at all. They are read once, inside
// a try, so a missing field, a throwing getter or a proxy is an `input` result, never an exception.
import type { ClientOptions } from "@toolcat/runtime";
import type { CodeLimits } from "./limits.js";
import type { CodePackage } from "./packages.js";

export interface RunCodeOptions {
  /** The generated packages the program may call, each under its namespace (`CloudSheets`). */
  readonly packages: readonly CodePackage[];
  /**
   * How the host calls tools: the client options (transport, secrets, env, userId) every package's client is made with.
   */
  readonly caller: ClientOptions;
  /** Overrides of `defaultLimits`. */
  readonly limits?: Partial<CodeLimits>;
  /** Aborts the run: the program stops and calls in flight are cancelled. */
  readonly signal?: AbortSignal;
}

const shape = "runCode takes (source, { packages, caller, limits?, signal? })";

export function readOptions(options: unknown): { ok: true; options: RunCodeOptions } | { ok: false; message: string } {
  try {
    if (typeof options !== "object" || options === null)
      return { ok: false, message: `${shape}; got no options object` };
    const { packages, caller, limits, signal } = options as RunCodeOptions;
    if (!Array.isArray(packages)) {
      return {
        ok: false,
        message:
          `${shape}: packages must be an array of generated package modules (import * as sheets from ` +
          '"@toolcat/cloud-sheets")',
      };
    }
    if (typeof caller !== "object" || caller === null) {
      return {
        ok: false,
        message:
          `${shape}: caller must be the client options ({ transport, secrets?, env? }) each package's client is ` +
          "made with",
      };
    }
    return {
      ok: true,
      options: {
        packages: [...packages],
        caller,
        ...(limits !== undefined && { limits }),
        ...(signal !== undefined && { signal }),
      },
    };
  } catch {
    // The thrown text is not repeated: it may quote anything the options held.
    return { ok: false, message: `${shape}; reading the options threw` };
  }
}
