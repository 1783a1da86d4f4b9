// The HTTP endpoint in process, and raw requests to it: node:http rather than fetch, so the tests
// choose every header (Host included) and see exactly what the server answers.
import { request as httpRequest } from "node:http";
import { afterEach } from "vitest";
import { httpDefaults } from "../../src/cli/args.ts";
import { serveHttp, type HttpEndpoint, type HttpOptions } from "../../src/cli/http.ts";
import { createMcpServerFactory } from "../../src/server.ts";
import type { ToolClient } from "../../src/toolkit.ts";
import { toolkits } from "./toolkits.ts";

const endpoints: HttpEndpoint[] = [];
afterEach(async () => {
  await Promise.all(endpoints.splice(0).map((endpoint) => endpoint.close()));
});

/** Serves both packages (every call answered null, or by `client`) with the CLI's defaults and `options` on top. */
export async function startHttp(
  options: Partial<HttpOptions> = {},
  client: ToolClient = { call: async () => null },
): Promise<HttpEndpoint> {
  const factory = createMcpServerFactory({ toolkit: toolkits, client });
  const endpoint = await serveHttp(
    factory,
    { port: 0, host: "127.0.0.1", allowedHosts: [], ...httpDefaults, ...options },
    () => undefined,
  );
  endpoints.push(endpoint);
  return endpoint;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A request as given; an empty `host` header sends none. */
export function raw(url: string, method: string, headers: Record<string, string>, body?: string): Promise<RawResponse> {
  const { host, ...rest } = headers;
  const hostOptions = host === undefined ? {} : host === "" ? { setHost: false } : { headers: { ...rest, host } };
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, headers: rest, ...hostOptions }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

export const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" };

export const initialize = (protocolVersion = "2025-06-18"): string =>
  JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion, capabilities: {}, clientInfo: { name: "t", version: "1" } },
  });

/** A 2025-era initialize POST with `headers` on top; its answer. */
export const postInitialize = (url: string, headers: Record<string, string> = {}): Promise<RawResponse> =>
  raw(url, "POST", { ...mcpHeaders, ...headers }, initialize());
