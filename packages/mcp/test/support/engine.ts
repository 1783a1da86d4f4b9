// A local engine for the CLI tests: the wire protocol the runtime's HTTP transport speaks, on
// 127.0.0.1, with one scripted behaviour per tool and a record of calls that were abandoned.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const ENGINE_API_KEY = "engine-test-key";

/** How long CloudSheets.WriteToCell takes to answer. */
export const SLOW_CALL_MS = 1_500;

export interface TestEngine {
  readonly url: string;
  /** Tool names of calls whose client went away before the answer. */
  readonly abandoned: string[];
  /** Resolves when a call to the tool has arrived and is being held open or slowly answered (each call once). */
  waitForHeld(toolName: string): Promise<void>;
  close(): Promise<void>;
}

type Behaviour = (response: ServerResponse) => void;

const answer = (response: ServerResponse, body: unknown): void =>
  void response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));

export async function startEngine(): Promise<TestEngine> {
  const abandoned: string[] = [];
  const arrivals = new Map<string, { readonly promise: Promise<void>; readonly resolve: () => void }>();
  const arrival = (toolName: string): { readonly promise: Promise<void>; readonly resolve: () => void } => {
    const existing = arrivals.get(toolName);
    if (existing !== undefined) return existing;
    let resolve = (): void => undefined;
    const promise = new Promise<void>((done) => (resolve = done));
    arrivals.set(toolName, { promise, resolve });
    return { promise, resolve };
  };

  const behaviours: Readonly<Record<string, Behaviour>> = {
    "CloudSheets.GetSpreadsheet": (response) =>
      answer(response, {
        success: true,
        output: {
          value: {
            rows: [
              ["Name", "Score"],
              ["Ada", 36],
            ],
          },
        },
      }),
    // The engine holds secrets; this one is not configured on it.
    "CreatorApi.FetchZetaAppSections": (response) =>
      answer(response, {
        success: false,
        output: { error: { message: "the secret ZETA_SERVER_URL is not configured on the engine", can_retry: false } },
      }),
    "CloudSheets.WhoAmI": (response) =>
      answer(response, {
        success: true,
        output: { authorization: { url: "https://auth.example.com/grant?id=7", status: "pending" } },
      }),
    // Answers after SLOW_CALL_MS: a call that is still in flight when a server is told to stop.
    "CloudSheets.WriteToCell": (response) => {
      arrival("CloudSheets.WriteToCell").resolve();
      setTimeout(() => answer(response, { success: true, output: { value: { written: true } } }), SLOW_CALL_MS);
    },
    // Never answers: the test cancels it and expects the connection to be dropped.
    "CloudSheets.SearchSpreadsheets": (response) => {
      response.once("close", () => abandoned.push("CloudSheets.SearchSpreadsheets"));
      arrival("CloudSheets.SearchSpreadsheets").resolve();
    },
  };

  // No idle timeout: a server in the test's own event loop that closes an idle kept-alive connection
  // can reset a call undici sends on it after a stalled turn; only the client closes one.
  const server = createServer({ keepAliveTimeout: 0 }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.headers.authorization !== `Bearer ${ENGINE_API_KEY}`)
        return void response.writeHead(401).end("bad key");
      const { tool_name: toolName } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { tool_name: string };
      const behaviour = behaviours[toolName];
      if (behaviour === undefined) return void response.writeHead(404).end(`no behaviour for ${toolName}`);
      behaviour(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    abandoned,
    // Each arrival is waited for once, so a later call's wait does not see an earlier call.
    waitForHeld: (toolName) => arrival(toolName).promise.then(() => void arrivals.delete(toolName)),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
