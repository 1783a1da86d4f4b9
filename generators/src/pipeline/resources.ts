// The files emitters need, loaded here so emit stays free of file reads and writes: the README
// template, compiled (and cached, pipeline/template.ts), and WordNet (pipeline/wordnet.ts).
import type { EmitResources } from "../emit/core/emitter.ts";
import { loadTemplate } from "./template.ts";
import { wordNetSynonyms } from "./wordnet.ts";

let loaded: EmitResources | undefined;

/** Loaded once per process, when the first package is generated, so commands that emit none never read them. */
export function emitResources(): EmitResources {
  return (loaded ??= {
    readmeTemplate: loadTemplate(new URL("../../templates/package-readme.md.hbs", import.meta.url)),
    synonyms: wordNetSynonyms,
  });
}
