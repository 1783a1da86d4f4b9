// The runtime's version for the User-Agent header, kept as a constant so the built package needs no
// JSON import; a test checks it against package.json.
export const RUNTIME_VERSION = "0.1.0";
