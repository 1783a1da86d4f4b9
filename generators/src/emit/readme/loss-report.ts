// The README's per-tool loss report: what each provider form of the tool files leaves out of the
// full input schema (the manifest's `lowering.notEnforced`), one line per tool. Providers with the
// same list share one entry, and keywords at one pointer share one pointer, so the line stays short.
// Pointers come from spec names, so every piece goes through markdownCode.
import type { ProviderForm, ToolLowering } from "../../../../packages/runtime/src/manifest.ts";
import type { DroppedKeyword } from "../../../../packages/runtime/src/lowering/lowered.ts";
import { markdownCode } from "../core/escape.ts";

const providers: readonly (readonly [ProviderForm, string])[] = [
  ["openai", "OpenAI"],
  ["anthropic", "Anthropic"],
  ["gemini", "Gemini"],
];

/** The lead-in of a loss line; the template and the tests find the line by it. */
export const lossLead = "Not enforced by the provider; checked by the validator:";

/** `` `pattern`, `maxLength` at `/properties/name` ``; the root pointer reads "at the root". */
function droppedText(dropped: readonly DroppedKeyword[]): string {
  const byPointer = new Map<string, string[]>();
  for (const { pointer, keyword } of dropped) byPointer.set(pointer, [...(byPointer.get(pointer) ?? []), keyword]);
  // Sorted (the root first), so two providers that drop the same checks in any order get the same text.
  return [...byPointer]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([pointer, keywords]) =>
        `${[...new Set(keywords)].sort().map(markdownCode).join(", ")} at ` +
        `${pointer === "" ? "the root" : markdownCode(pointer)}`,
    )
    .join("; ");
}

/** The tool's loss line, or undefined when every provider form enforces everything. */
export function lossLine(lowering: ToolLowering): string | undefined {
  const byText = new Map<string, string[]>();
  for (const [form, name] of providers) {
    const dropped = lowering.notEnforced[form];
    if (dropped.length === 0) continue;
    const text = droppedText(dropped);
    byText.set(text, [...(byText.get(text) ?? []), name]);
  }
  if (byText.size === 0) return undefined;
  return `${lossLead} ${[...byText].map(([text, names]) => `${names.join(", ")}: ${text}`).join(". ")}.`;
}
