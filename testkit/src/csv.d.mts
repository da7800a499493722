// Types for TypeScript suites that do not check JavaScript (the console's Vitest); see csv.mjs.
export function parseCsv(text: string): { bom: boolean; rows: string[][] };
