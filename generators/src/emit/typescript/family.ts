// The typescript family: the input and body types, the validators and the client.
import type { EmitFamily } from "../core/family.ts";
import { clientEmitter } from "./client.ts";
import { typesEmitter } from "./types.ts";
import { validatorsEmitter } from "./validators.ts";

export const typescriptFamily: EmitFamily = {
  name: "typescript",
  takes: [],
  emitters: [typesEmitter, validatorsEmitter, clientEmitter],
};
