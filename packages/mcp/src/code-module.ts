// The `@toolcat/code` module as code mode takes it. @toolcat/code (TypeScript, QuickJS) is an optional
// peer: only its types are imported here; the module itself is handed in, so tools and search mode
// never load or need it.
import type * as Code from "@toolcat/code";

/** The `@toolcat/code` module (`import * as code from "@toolcat/code"`), which code mode runs programs with. */
export type CodeModule = typeof Code;
