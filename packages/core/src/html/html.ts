// Server-rendered pages of the suite (the receiver's /ui, the emulator's console page): one escaping
// rule, so a sender's or a user's text never becomes markup on any of them.

/** Markup already escaped (built by `html`): interpolated as is. Every other value is escaped. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Text for an element's content or a quoted attribute value: alerts carry senders' text. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => ENTITIES[c]!);
}

function piece(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(piece).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(value);
}

/**
 * Tagged template: the literal parts are markup, every `${value}` is escaped unless it is a
 * `SafeHtml` (nested `html`) — so forgetting to escape is not possible, only opting out is.
 * Arrays are joined; null, undefined and false render nothing.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += piece(values[i]) + strings[i + 1]!;
  return new SafeHtml(out);
}
