// Names that must not become parameter names, property keys or identifiers in generated code:
// they collide with Object.prototype (a validator reading `input.constructor` finds a function,
// `__proto__` as a key changes the prototype) or are reserved words of JavaScript.

/** Object.prototype's own names, and `prototype`, which functions carry. */
const prototypeNames = new Set([
  "__proto__",
  "__defineGetter__",
  "__defineSetter__",
  "__lookupGetter__",
  "__lookupSetter__",
  "constructor",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "toString",
  "valueOf",
  "prototype",
]);

/** ECMAScript reserved words, strict-mode reserved words and the globals that act like them. */
const reservedWords = new Set(
  (
    "await break case catch class const continue debugger default delete do else enum export extends false " +
    "finally for function if implements import in instanceof interface let new null package private protected " +
    "public return static super switch this throw true try typeof var void while with yield arguments eval " +
    "undefined NaN Infinity"
  ).split(" "),
);

/** Why `name` cannot be used as a generated name or key, or undefined when it can. */
export function reservedReason(name: string, keyOnly = false): string | undefined {
  if (prototypeNames.has(name)) return `"${name}" is a property of every JavaScript object`;
  if (!keyOnly && reservedWords.has(name)) return `"${name}" is a reserved word in JavaScript`;
  return undefined;
}
