// The packages the tests run programs against, from source, over the in-memory transport with a
// secret the tools see and programs must never see.
import * as sheets from "../../../cloud-sheets/src/index.ts";
import * as events from "../../../crm-events-api/src/index.ts";
import { createInMemoryTransport, type ClientOptions } from "@toolcat/runtime";
import type { CodePackage } from "../../src/index.ts";

export const secret = "sk-test-7f3a9c1e5b";

export const packages: readonly CodePackage[] = [sheets, events];

/**
 * Tool handlers: GetSpreadsheet echoes its input (and the secret, which must come back redacted).
 * Each call's tool name is pushed to `calls` as the call arrives.
 */
export function caller(delayMs = 0, calls: Pick<string[], "push"> = []): ClientOptions {
  const answer = async (name: string, input: unknown): Promise<unknown> => {
    calls.push(name);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return { input, token: secret, rows: [["A1", 1]] };
  };
  const transport = createInMemoryTransport({
    "CloudSheets.GetSpreadsheet": (input: unknown) => answer("CloudSheets.GetSpreadsheet", input),
    "CloudSheets.WhoAmI": () => answer("CloudSheets.WhoAmI", {}),
    "CloudSheets.WriteToCell": (input: unknown) => answer("CloudSheets.WriteToCell", input),
  } as never);
  return { transport, secrets: { SHEETS_TOKEN: secret }, env: false };
}
