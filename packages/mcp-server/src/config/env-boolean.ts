// Boolean environment variables, parsed strictly: `TRACKERKIT_MCP_READ_ONLY=yes` once fell through
// to false and exposed every write tool. An unknown value is a start-up error, never a guess.

const TRUE = ['1', 'true'];
const FALSE = ['0', 'false'];
export const ACCEPTED_BOOLEANS = [...TRUE, ...FALSE];

/** `undefined` when unset or empty; otherwise the value, or an Error naming the variable. */
export function parseEnvBoolean(name: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = raw.trim().toLowerCase();
  if (TRUE.includes(value)) return true;
  if (FALSE.includes(value)) return false;
  throw new Error(
    `${name}: "${raw}" is not a boolean; accepted values are ${ACCEPTED_BOOLEANS.join(', ')} (any case), or unset`,
  );
}
