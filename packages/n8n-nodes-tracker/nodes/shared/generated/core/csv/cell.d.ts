// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
/**
 * One CSV cell as a JSON value, the suite's one rule for turning CSV into rows (the emulator reading
 * an uploaded file, the MCP server reading a local one):
 * - a quoted cell is text, whatever it looks like (`"3"` stays "3");
 * - `true` and `false` are booleans;
 * - a number written canonically (`String(Number(cell)) === cell`: "3", "-2.5") is a number, so a
 *   `score` column compares as numbers;
 * - anything else stays the string it is: "007", "1e3", "+5", "3.0", " 4" and "" keep ids, codes
 *   and zip codes intact.
 */
export declare function csvCell(text: string, quoted: boolean): string | number | boolean;
