// What a consumer's bundle of one generated validator must hold: the tool's own function, or, when
// the tool shares its checks with others (src/validators.ts), its alias of the shared body, whose
// name is no tool's.
export function holdsValidator(bundleText: string, tool: string): boolean {
  return new RegExp(`(function validate${tool}\\(|var validate${tool} = validateShared_\\d+;)`).test(bundleText);
}
