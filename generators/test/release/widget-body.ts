// A captured request body for the widget spec's mode-pattern tool (WidgetApi.ExecuteWidget): nested
// objects, $ref'd components, array items, an enum, nullable and a recursive component, and helpers
// to change a copy of it in one place. Shared by the body diff table and the end-to-end diff tests.
import type { CapturedRequestBody } from "../../src/ir/request-body.ts";
import type { Server } from "../../src/ir/types.ts";
import type { JsonValue } from "../../src/ir/json.ts";
import { readAnswer } from "../../src/loader/body-schema.ts";
import { captureFile } from "../../src/loader/request-bodies.ts";

export const bodyTool = "ExecuteWidget";
export const bodyFile = captureFile("widget-api", bodyTool);

/** Built fresh on every call, so each case edits its own copy. */
export function widgetBody(): { [key: string]: JsonValue } {
  return {
    type: "object",
    required: ["name", "lines"],
    additionalProperties: false,
    properties: {
      name: { type: "string", maxLength: 80, description: "what to call the run" },
      note: { type: "string", nullable: true },
      priority: { type: "string", enum: ["low", "high"] },
      customer: { $ref: "#/components/schemas/Customer" },
      lines: { type: "array", maxItems: 50, items: { $ref: "#/components/schemas/Line" } },
      tree: { $ref: "#/components/schemas/Node" },
    },
    components: {
      schemas: {
        Customer: {
          type: "object",
          required: ["id"],
          properties: {
            id: { type: "string" },
            address: { type: "object", properties: { city: { type: "string" }, zip: { type: "string" } } },
          },
        },
        Line: {
          type: "object",
          required: ["sku"],
          properties: { sku: { type: "string" }, qty: { type: "integer", minimum: 1 } },
        },
        Node: {
          type: "object",
          properties: {
            label: { type: "string" },
            children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
          },
        },
      },
    },
  };
}

/** The capture file `toolcat schemas pull` writes for this answer. */
export function captureText(answer: JsonValue, capturedAt = "2025-01-02T03:04:05.000Z"): string {
  return (
    JSON.stringify(
      { tool: `WidgetApi.${bodyTool}`, capturedFrom: "http://127.0.0.1:4010", capturedAt, answer },
      null,
      2,
    ) + "\n"
  );
}

export function captured(answer: JsonValue, capturedAt = "2025-01-02T03:04:05.000Z"): CapturedRequestBody {
  const read = readAnswer(answer);
  if (!read.ok) throw new Error(`test setup: ${JSON.stringify(read.problems)}`);
  return { file: bodyFile, capturedFrom: "http://127.0.0.1:4010", capturedAt, ...read.value };
}

/** The server with `body` as the mode-pattern tool's capture (none when undefined). */
export function withBody(server: Server, body: CapturedRequestBody | undefined): Server {
  return {
    ...server,
    tools: server.tools.map((tool) => {
      if (tool.name !== bodyTool) return tool;
      const { requestBody: _old, ...rest } = tool;
      return body === undefined ? rest : { ...rest, requestBody: body };
    }),
  };
}
