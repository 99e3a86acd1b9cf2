import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/index.ts';

describe('isLoopbackHost', () => {
  it.each<[string, { given: string; want: boolean }]>([
    ['localhost', { given: 'localhost', want: true }],
    ['LOCALHOST', { given: 'LOCALHOST', want: true }],
    ['127.0.0.1', { given: '127.0.0.1', want: true }],
    ['127.1.2.3', { given: '127.1.2.3', want: true }],
    ['::1 as bound', { given: '::1', want: true }],
    ['[::1] as in a Host header', { given: '[::1]', want: true }],
    ['IPv4-mapped loopback', { given: '::ffff:127.0.0.1', want: true }],
    ['a name that starts with 127.', { given: '127.evil.example', want: false }],
    ['0.0.0.0', { given: '0.0.0.0', want: false }],
    ['a LAN address', { given: '192.168.1.5', want: false }],
    ['localhost as a suffix', { given: 'localhost.evil.example', want: false }],
    ['empty', { given: '', want: false }],
  ])('%s', (_name, { given, want }) => {
    expect(isLoopbackHost(given)).toBe(want);
  });
});
