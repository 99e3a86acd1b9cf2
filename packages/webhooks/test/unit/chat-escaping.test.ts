// One escaping function per platform, each run over the hostile inputs: what comes out is inert by
// that platform's own parsing rules and to linkifyjs and linkify-it (test/helpers/chat-checks.ts),
// and still says what went in.
import { describe, expect, it } from 'vitest';
import { encodeLink } from '../../src/alerts/run-link.ts';
import { discordText } from '../../src/delivery/destinations/discord.ts';
import { emailText } from '../../src/delivery/destinations/email.ts';
import { ntfyText } from '../../src/delivery/destinations/ntfy.ts';
import { slackText } from '../../src/delivery/destinations/slack.ts';
import { teamsText } from '../../src/delivery/destinations/teams.ts';
import { discord, HOSTILE, plainText, readable, slack, teams } from '../helpers/chat-checks.ts';

// What a person should read: the input with controls dropped, tabs as spaces, and each lone
// surrogate as U+FFFD; `readable` takes the inert characters back out of what was sent.
// biome-ignore lint/suspicious/noControlCharactersInRegex: what the escaping drops
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const meant = (text: string) =>
  text
    .replace(CONTROL, '')
    .replace(/\t/g, ' ')
    .replace(/[\ud800-\udfff]/gu, '\ufffd');

describe.each(HOSTILE)('%s', (name, input) => {
  it('is caught by the checks when sent as it is (the checks can fail)', () => {
    const found = [...slack.problems(input), ...discord.problems(input), ...plainText.problems(input)];
    if (name !== 'unicode') expect(found.length).toBeGreaterThan(0);
  });
  it('Slack: no link, mention or entity from it; reads the same', () => {
    const out = slackText(input);
    expect(slack.problems(out)).toEqual([]);
    expect(readable(slack.visible(out))).toBe(readable(meant(input)));
  });
  it('Discord: no masked link, mention, formatting or bare link; reads the same', () => {
    const out = discordText(input);
    expect(discord.problems(out)).toEqual([]);
    expect(readable(discord.visible(out))).toBe(readable(meant(input)));
  });
  it('Teams, ntfy, e-mail: no bare link or mention, no control character; reads the same', () => {
    for (const out of [teamsText(input), ntfyText(input), emailText(input)]) {
      expect(teams.problems(out)).toEqual([]);
      expect(plainText.problems(out)).toEqual([]);
      expect(readable(out)).toBe(readable(meant(input)));
    }
  });
});

describe('links the receiver adds', () => {
  const cases: Array<[string, { given: string; want: string }]> = [
    [
      'a parenthesis, a pipe and an angle bracket',
      {
        given: 'https://console.example/runs/1#x)y|z>w',
        want: 'https://console.example/runs/1#x%29y%7Cz%3Ew',
      },
    ],
    ['brackets and a space', { given: 'https://a.example/[a] b', want: 'https://a.example/%5Ba%5D%20b' }],
    [
      'an ordinary URL',
      { given: 'https://console.example/runs/9?a=1&b=2', want: 'https://console.example/runs/9?a=1&b=2' },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(encodeLink(given)).toBe(want);
    // Still the same address.
    expect(decodeURI(encodeLink(given))).toBe(decodeURI(given.replace(/ /g, '%20')));
  });
});
