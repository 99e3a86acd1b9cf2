// Text from the service made inert for every reader that turns plain text into links: Slack's and
// Teams' servers, mail readers, ntfy's Android app (autoLink="web"), terminals. They all find a
// link by a scheme (`https://`, `//`, `mailto:`) or by a host name (labels joined by dots ending in
// a known top-level domain, `evil.com/reset`, `192.168.0.1`, `user@example.com`); neither survives.
import { wellFormed } from './wire-json.ts';

const WORD_JOINER = '\u2060';
const ZWSP = '\u200b';
// U+2024 ONE DOT LEADER reads as a full stop but joins no host name: no linkifier takes it for a
// label separator. The word joiner after it covers a reader that folds it back to `.` (NFKC does):
// the next label then starts with a character no top-level domain has.
const INERT_DOT = `\u2024${WORD_JOINER}`;
// A full stop followed by anything but a space or a newline (an invisible character after it may
// be skipped by some reader); one that ends a sentence joins nothing and is left as it is.
const JOINING_DOT = /\.(?=[^ \n])/g;
// A colon after a letter and before more text ends a scheme (`mailto:`, `file:`, `tel:`).
const SCHEME_COLON = /(?<=\p{L}):(?=[^\s])/gu;
// C0 and C1 controls but newline and tab, and the bidirectional overrides that can make text read
// other than it is stored (a tracker named to look like another).
// biome-ignore lint/suspicious/noControlCharactersInRegex: those are what it removes
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// What ends a line for some reader: CR and LF, NEL, and the Unicode line and paragraph separators.
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/g;

/**
 * Text from the service as valid Unicode (a lone surrogate, which some services refuse, becomes
 * U+FFFD) on one line: line breaks and tabs become spaces, controls are dropped. For titles and names.
 */
export function singleLine(text: string): string {
  return wellFormed(text).replace(LINE_BREAK, ' ').replace(/\t/g, ' ').replace(CONTROL, '');
}

/**
 * Text from the service that no reader turns into a link or a mention, reading as it was: valid
 * Unicode, controls dropped (newlines kept), every dot inside a word an inert dot (`evil․com`,
 * `192․168․0․1`), a word joiner in `//`, before a scheme's colon and inside `localhost`
 * (`https⁠:/⁠/`, `mailto⁠:`), and a zero-width space after `@` (`@here`, `user@host`).
 */
export function inertText(text: string): string {
  return (
    wellFormed(text)
      .replace(CONTROL, '')
      .replace(/\t/g, ' ')
      .replace(JOINING_DOT, INERT_DOT)
      .replace(/\/\//g, `/${WORD_JOINER}/`)
      .replace(SCHEME_COLON, `${WORD_JOINER}:`)
      // linkifyjs (and browsers) take `localhost` alone for a host.
      .replace(/local(?=host)/gi, `$&${WORD_JOINER}`)
      .replace(/@/g, `@${ZWSP}`)
  );
}
