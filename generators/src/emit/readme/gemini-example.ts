// The README's Gemini example: a complete `@google/genai` loop over tools/gemini.json. Gemini 3
// models sign their function calls, so the loop sends the model's own content back (not a rebuilt
// one) before the function responses; a response carries `output`, or `error` for a failed call,
// the two keys Gemini documents.
import type { EmitContext } from "../core/emitter.ts";
import { jsonImport, type ModelExample } from "./model.ts";

/** A current Gemini model with function calling (Gemini API models list). */
export const geminiModel = "gemini-3.6-flash";

export function geminiExample(context: EmitContext): ModelExample {
  const { packageName } = context.server;
  return {
    title: "Gemini",
    intro:
      "With `@google/genai` (`generateContent`), a complete loop: `tools/gemini.json` holds the function " +
      "declarations (`parametersJsonSchema`), and each call's answer goes back as a function response.",
    lang: "ts",
    code: [
      'import { GoogleGenAI, createPartFromFunctionResponse, type Content } from "@google/genai";',
      jsonImport(packageName, "gemini"),
      `import { handleToolCall } from ${JSON.stringify(packageName)};`,
      "",
      'const contents: Content[] = [{ role: "user", parts: [{ text: prompt }] }];',
      "for (let turns = 5; turns-- > 0;) {",
      `  const reply = await new GoogleGenAI({}).models.generateContent({ model: ${JSON.stringify(geminiModel)}, ` +
        "contents, config: { tools: [{ functionDeclarations: tools }] } });",
      "  const calls = reply.functionCalls ?? [];",
      "  if (calls.length === 0) break;",
      '  contents.push(reply.candidates?.[0]?.content ?? { role: "model" }, { role: "user", parts: await ' +
        'Promise.all(calls.map(({ id = "", name = "", args }) =>',
      "    handleToolCall(client, name, args).then((r) => createPartFromFunctionResponse(id, name, { [r.isError ? " +
        '"error" : "output"]: r.content[0].text })))) });',
      "}",
    ].join("\n"),
  };
}
