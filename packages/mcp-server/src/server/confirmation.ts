// Confirmation of destructive tools by the user, through the protocol's input_required flow
// (2026-07-28: the client asks the user and retries; 2025-era connections: the SDK's shim sends a
// real elicitation/create). Only when the client declared elicitation: otherwise the tool runs as
// before, and its annotations (destructiveHint) are what the host shows.
import {
  acceptedContent,
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  inputRequired,
} from '@modelcontextprotocol/server';
import { z } from 'zod';

const CONFIRM_KEY = 'confirm';
const confirmation = z.object({
  confirm: z.boolean().describe('Yes, do it (it cannot be undone).'),
});

/**
 * Whether the caller can be asked: a 2026-07-28 request's own capabilities, or initialize's
 * (2025). The SDK lifts a 2026 request's envelope (protocol version, client capabilities) off
 * `params._meta` into `ctx.mcpReq.envelope` on every transport, so `_meta` never holds them. Over
 * HTTP the SDK also copies them into the per-request server's negotiated capabilities, which hid
 * this; over stdio nothing does, and a client that declared elicitation was never asked.
 */
export function canElicit(
  envelope: Record<string, unknown> | undefined,
  negotiated: ClientCapabilities | undefined,
): boolean {
  // A 2026 request speaks for itself: what it declares is what this request may use.
  const declared =
    envelope === undefined
      ? negotiated
      : (envelope[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined);
  return declared?.elicitation !== undefined;
}

/**
 * `undefined` when the user confirmed (run the tool); otherwise the result to return: the
 * input_required asking them, or, after a refusal, an isError saying nothing was changed.
 */
export function confirmOrAsk(
  toolName: string,
  message: string,
  responses: Record<string, unknown> | undefined,
): CallToolResult | ReturnType<typeof inputRequired> | undefined {
  if (responses?.[CONFIRM_KEY] === undefined) {
    return inputRequired({
      inputRequests: { [CONFIRM_KEY]: inputRequired.elicit({ message, requestedSchema: confirmation }) },
    });
  }
  if (acceptedContent(responses, CONFIRM_KEY)?.confirm === true) return undefined;
  return {
    content: [{ type: 'text', text: `${toolName}: the user did not confirm; nothing was changed.` }],
    isError: true,
  };
}
