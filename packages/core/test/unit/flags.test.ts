// The commands' flag parsing and the checks of the values they share: every refusal names the
// flag (or variable) and what is wrong with the value.
import { describe, expect, it } from 'vitest';
import { hostFromOption, parseFlags, UsageError, urlFromOption } from '../../src/cli/index.ts';

const options = {
  port: { type: 'string', short: 'p' },
  token: { type: 'string' },
  verbose: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
} as const;

describe('parseFlags', () => {
  const accepted: [string, { given: string[]; want: Record<string, unknown> }][] = [
    ['a value after its flag', { given: ['--port', '80'], want: { port: '80' } }],
    ['a value that starts with a dash', { given: ['--port', '-1'], want: { port: '-1' } }],
    ['a short flag with a dash value', { given: ['-p', '-5'], want: { port: '-5' } }],
    ['an inline value', { given: ['--token=--x'], want: { token: '--x' } }],
    ['switches', { given: ['-v', '--help'], want: { verbose: true, help: true } }],
  ];
  it.each(accepted)('reads %s', (_name, { given, want }) => {
    expect(parseFlags({ args: given, options }).values).toEqual(want);
  });

  const refused: [string, { given: string[]; want: string }][] = [
    ['an unknown flag', { given: ['--prot', '1'], want: 'unknown option --prot' }],
    ['a flag without its value', { given: ['--port'], want: '--port needs a value' }],
    ['a short flag without its value', { given: ['-p'], want: '--port needs a value' }],
    [
      'a flag followed by another',
      { given: ['--token', '--help'], want: '--token needs a value (--help is an option)' },
    ],
    [
      'a flag followed by a short one',
      { given: ['--token', '-v'], want: '--token needs a value (-v is an option)' },
    ],
    [
      'a flag followed by a typo',
      { given: ['--token', '--hlep'], want: '--token needs a value (--hlep is an option)' },
    ],
    ['a value given to a switch', { given: ['--help=yes'], want: '--help takes no value' }],
    ['an argument where none is taken', { given: ['serve'], want: 'unexpected argument serve' }],
  ];
  it.each(refused)('refuses %s, naming it', (_name, { given, want }) => {
    expect(() => parseFlags({ args: given, options })).toThrow(new UsageError(want));
  });

  it('leaves what follows `--` to the command', () => {
    expect(parseFlags({ args: ['--', '--port'], options, allowPositionals: true }).positionals).toEqual([
      '--port',
    ]);
  });
});

describe('hostFromOption', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['localhost', 'localhost'],
    ['0.0.0.0', '0.0.0.0'],
    ['::1', '::1'],
    ['[::1]', '::1'],
    ['fe80::1%eth0', 'fe80::1%eth0'],
  ])('accepts %s', (raw, want) => expect(hostFromOption('--host', raw)).toBe(want));

  it.each(['', ' ', '999.1.1.1', 'http://127.0.0.1', '127.0.0.1:80', 'a b', 'host/path', 'user@host'])(
    'refuses "%s" naming the flag',
    (raw) => {
      expect(() => hostFromOption('--host', raw)).toThrow(
        new UsageError(`--host must be a host name or an IP address to listen on, got "${raw}"`),
      );
    },
  );
});

describe('urlFromOption', () => {
  const smtp = ['smtp:', 'smtps:'] as const;
  it.each(['smtp://127.0.0.1:2525', 'smtps://user:pass@mail.example:465/?pool=true'])('accepts %s', (raw) =>
    expect(urlFromOption('--smtp-url', raw, smtp, 'smtp://127.0.0.1:2525')).toBe(raw),
  );
  it.each(['notaurl', '', 'http://mail.example', 'smtp:', 'smtp:///path'])(
    'refuses "%s" naming the option',
    (raw) => {
      expect(() => urlFromOption('TRACKER_EMULATOR_SMTP_URL', raw, smtp, 'smtp://127.0.0.1:2525')).toThrow(
        new UsageError(
          `TRACKER_EMULATOR_SMTP_URL must be a URL starting with smtp:// or smtps://, such as smtp://127.0.0.1:2525, got "${raw}"`,
        ),
      );
    },
  );
});
