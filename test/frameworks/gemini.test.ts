// The Gemini row: @google/genai 3 `generateContent` over tools/gemini.json, with a scripted endpoint
// behind the SDK's own `httpOptions.fetch`. The SDK sends every package's declarations as the
// package ships them (260 tools); the model's valid call reaches the tool and its value goes back
// as the function response's `output`, the invalid one goes back as `error` (the key Gemini
// documents for a failed call) with the package's message and pointer. Gemini has no strict mode.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { GoogleGenAI, createPartFromFunctionResponse, type Content, type FunctionDeclaration } from "@google/genai";
import tools from "@toolcat/cloud-sheets/tools/gemini.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { loadSelectedPackages, workspaceRoot } from "../support/packages.ts";
import {
  invalid,
  invalidText,
  scenario,
  scriptedFetch,
  sheets,
  toolName,
  valid,
  valueText,
} from "./support/scenario.ts";

const candidate = (parts: object[]) => ({
  candidates: [{ index: 0, finishReason: "STOP", content: { role: "model", parts } }],
});

function gemini(requests: Record<string, unknown>[], ...bodies: unknown[]): GoogleGenAI {
  return new GoogleGenAI({ apiKey: "gemini-test", httpOptions: { fetch: scriptedFetch(requests, ...bodies) } });
}

describe("Gemini generateContent", () => {
  it("sends every package's declarations as shipped", async () => {
    const packages = await loadSelectedPackages();
    let count = 0;
    for (const pkg of packages) {
      const declarations = JSON.parse(
        readFileSync(join(workspaceRoot, "packages", pkg.slug, "tools", "gemini.json"), "utf8"),
      ) as FunctionDeclaration[];
      const requests: Record<string, unknown>[] = [];
      await gemini(requests, candidate([{ text: "ok" }])).models.generateContent({
        model: "m",
        contents: "hi",
        config: { tools: [{ functionDeclarations: declarations }] },
      });
      expect(requests[0]!["tools"], pkg.slug).toEqual([{ functionDeclarations: declarations }]);
      count += declarations.length;
    }
    expect(count).toBe(260);
  });

  it(
    "answers the valid call with the value as output and " + "the invalid one with the package's issue as error",
    async () => {
      const { client, received } = scenario();
      const requests: Record<string, unknown>[] = [];
      const calls = [valid, invalid].map((args, i) => ({
        functionCall: { id: `call_${i}`, name: toolName, args },
        thoughtSignature: `sig_${i}`,
      }));
      const ai = gemini(requests, candidate(calls), candidate([{ text: "Ada, 36." }]));
      const contents: Content[] = [{ role: "user", parts: [{ text: "What is in sheet-1?" }] }];
      for (let turns = 5; turns-- > 0;) {
        const reply = await ai.models.generateContent({
          model: "m",
          contents,
          config: { tools: [{ functionDeclarations: tools }] },
        });
        const fnCalls = reply.functionCalls ?? [];
        if (fnCalls.length === 0) break;
        const parts = await Promise.all(
          fnCalls.map(async ({ id = "", name = "", args }) => {
            const result = await sheets.handleToolCall(client, name, args);
            return createPartFromFunctionResponse(id, name, {
              [result.isError ? "error" : "output"]: result.content[0].text,
            });
          }),
        );
        contents.push(reply.candidates?.[0]?.content ?? { role: "model" }, { role: "user", parts });
      }
      expect(received).toEqual([valid]);
      expect(requests).toHaveLength(2);
      const [, modelTurn, answers] = requests[1]!["contents"] as Content[];
      // The model's own content goes back, signatures and all (Gemini 3 checks them).
      expect(modelTurn).toEqual({ role: "model", parts: calls });
      expect(answers).toEqual({
        role: "user",
        parts: [
          { functionResponse: { id: "call_0", name: toolName, response: { output: valueText } } },
          {
            functionResponse: { id: "call_1", name: toolName, response: { error: expect.stringMatching(invalidText) } },
          },
        ],
      });
    },
  );
});
