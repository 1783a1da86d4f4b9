// The call every framework row replays: the model asks for CloudSheets_GetSpreadsheet twice in one
// turn, once with valid arguments and once with max_rows over the spec's maximum of 1000; in strict
// mode it also sends null for every optional parameter it leaves out. The in-memory tool records
// what reaches it and answers with a value, so a row can check the valid call got the parsed input,
// the model read back only that value, and the invalid call came back as the package's issue. The
// invalid call also carries a bearer token that is one of the client's secrets: no row may show it
// in the error the model or the developer reads.
import * as sheets from "../../../packages/cloud-sheets/src/index.ts";

export { sheets };

export const toolName = "CloudSheets_GetSpreadsheet";
export const value = { rows: [["Ada", 36]] };
export const valueText = JSON.stringify(value);
export const valid = { spreadsheet_id: "sheet-1", max_rows: 2 };
/** A bearer JWT the model sent; the client holds it as a secret. */
export const token = "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtb2RlbCJ9.c2lnbmF0dXJlLXZhbHVl";
export const invalid = { spreadsheet_id: token, max_rows: 5000 };

/** `pattern` in a text that does not hold the token's JWT in any part. */
const withoutToken = (pattern: string): RegExp =>
  new RegExp(`^(?![\\s\\S]*${token.split(" ")[1]!.slice(0, 12)})[\\s\\S]*${pattern}`);

/** The package's own message for the invalid call, with its JSON pointer. */
export const invalidText = withoutToken(
  "Invalid arguments for CloudSheets\\.GetSpreadsheet:\\n- /max_rows: max_rows must be at most 1000, got 5000",
);
/** The issue with its pointer, as every route words it (MCP's wording around it differs from handleToolCall's). */
export const pointerText = withoutToken("/max_rows: max_rows must be at most 1000, got 5000");
/** The same issue through a Standard Schema consumer, which prints the path its own way. */
export const issueText = withoutToken("max_rows must be at most 1000, got 5000");

export type Mode = "strict" | "non-strict";
export const modes: readonly Mode[] = ["strict", "non-strict"];

const optionalNulls = Object.fromEntries(
  Object.keys(sheets.manifest.tools.find((t) => t.modelName === toolName)!.inputSchema.properties ?? {}).map((name) => [
    name,
    null,
  ]),
);

/** The arguments as a model sends them in `mode`. */
export function sent(args: Record<string, unknown>, mode: Mode): Record<string, unknown> {
  return mode === "strict" ? { ...optionalNulls, ...args } : args;
}

/** A client over an in-memory tool, and the inputs that reached it. */
export function scenario(): { client: ReturnType<typeof sheets.createCloudSheetsClient>; received: unknown[] } {
  const received: unknown[] = [];
  const client = sheets.createCloudSheetsClient({
    transport: sheets.createInMemoryTransport({
      "CloudSheets.GetSpreadsheet": (input) => {
        received.push(input);
        return value;
      },
    }),
    env: false,
    secrets: { SHEETS_TOKEN: token },
  });
  return { client, received };
}

/** A provider endpoint answering JSON bodies in turn, recording each request body the SDK sent. */
export function scriptedFetch(requests: Record<string, unknown>[], ...bodies: unknown[]): typeof fetch {
  return async (_url, init) => {
    requests.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return Response.json(bodies[Math.min(requests.length, bodies.length) - 1]);
  };
}
