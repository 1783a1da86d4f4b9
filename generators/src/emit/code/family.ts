// The code family: the code-mode declarations and the `codeApi` record.
import type { EmitFamily } from "../core/family.ts";
import { modelFamily } from "../model/family.ts";
import { typescriptFamily } from "../typescript/family.ts";
import { codeApiEmitter } from "./api.ts";

export const codeFamily: EmitFamily = {
  name: "code",
  takes: [modelFamily, typescriptFamily],
  emitters: [codeApiEmitter],
};
