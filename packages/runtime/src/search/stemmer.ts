// The Porter2 stemmer both sides use: the generator for the tool documents, the runtime for queries.
// A static import, inlined into the runtime's build (package.json `toolcatInline`), so every runtime and
// bundler finds it and no CommonJS loader starts on import; importing it only defines the function.
// @ts-expect-error -- wink-porter2-stemmer ships no types: it is one function, a word in, its stem out.
import winkStem from "wink-porter2-stemmer";
import type { Stem } from "./terms.js";

export const stem: Stem = winkStem as Stem;
