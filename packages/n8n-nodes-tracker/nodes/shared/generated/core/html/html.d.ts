// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
/** Markup already escaped (built by `html`): interpolated as is. Every other value is escaped. */
export declare class SafeHtml {
    readonly value: string;
    constructor(value: string);
    toString(): string;
}
/** Text for an element's content or a quoted attribute value: alerts carry senders' text. */
export declare function escapeHtml(value: unknown): string;
/**
 * Tagged template: the literal parts are markup, every `${value}` is escaped unless it is a
 * `SafeHtml` (nested `html`) — so forgetting to escape is not possible, only opting out is.
 * Arrays are joined; null, undefined and false render nothing.
 */
export declare function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml;
