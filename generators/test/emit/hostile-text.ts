// Seeded hostile strings for the generative tests: comment terminators, template and handlebars
// syntax, quotes, backslashes, markup, markdown structure and random unicode, mixed at random.

/** mulberry32 (the runtime's test generator): small, fast and deterministic, so a failing seed can be replayed. */
export { random as seededRandom } from "../../../packages/runtime/test/support/encodings.ts";

const canaryAttack = "globalThis.__toolcatCanary = 'RAN';";

/** Fragments that break naive code, comment, template or markdown generation. */
export const hostileFragments = [
  "*/",
  `*/ ${canaryAttack} /*`,
  `"; ${canaryAttack} "`,
  `'; ${canaryAttack} '`,
  `\`; ${canaryAttack} \``,
  `\${${canaryAttack}}`,
  "/*",
  "//",
  "`",
  "```",
  "``code``",
  '"',
  "'",
  "\\",
  "\\u2028",
  "\\n",
  "</script><script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "&amp; &lt;",
  "<!-- x -->",
  "# heading",
  "\n\n# heading",
  "| a | b |",
  "|---|",
  "> quote",
  "- item",
  "+ item",
  "1. item",
  "===",
  "[link](javascript:alert(1))",
  "![img](x)",
  "**bold** _em_",
  "{{handlebars}}",
  "{{{triple}}}",
  "@param x",
  "\t",
  "    indented",
  "\u00e9\u4e2d\ud83d\ude00",
  "constructor",
  "__proto__",
  "toString",
];

const printable = (random: () => number): string => {
  const roll = random();
  if (roll < 0.6) return String.fromCharCode(0x20 + Math.floor(random() * 95));
  if (roll < 0.9) return String.fromCharCode(0xa0 + Math.floor(random() * 0x1f00));
  return String.fromCodePoint(0x1f300 + Math.floor(random() * 0x300));
};

/** A non-empty hostile string of printable text (what `lint` accepts): fragments and random characters. */
export function hostileString(random: () => number, maxParts = 6): string {
  const parts: string[] = [];
  const count = 1 + Math.floor(random() * maxParts);
  for (let i = 0; i < count; i++) {
    const roll = random();
    if (roll < 0.55) parts.push(hostileFragments[Math.floor(random() * hostileFragments.length)] ?? "");
    else if (roll < 0.95)
      parts.push(Array.from({ length: 1 + Math.floor(random() * 8) }, () => printable(random)).join(""));
    else parts.push("long ".repeat(60));
  }
  return parts.join(" ").trim() || "x";
}

/** Any string at all, controls, lone surrogates and line separators included: for the escape functions. */
export function anyString(random: () => number): string {
  const pieces = [
    "*",
    "/",
    "*/",
    "\0",
    "\x7f",
    "\x1b",
    "\u2028",
    "\u2029",
    "\ud800",
    "\udc00",
    "\u202e",
    "<",
    "/",
    "`",
    "\\",
    "\n",
    "\r",
    "$",
    "{",
  ];
  const length = Math.floor(random() * 12);
  let text = "";
  for (let i = 0; i < length; i++) {
    text +=
      random() < 0.7
        ? (pieces[Math.floor(random() * pieces.length)] ?? "")
        : String.fromCharCode(Math.floor(random() * 0x10000));
  }
  return text;
}
