// Preloaded (`node --import`) into a child process that must not reach past this machine, such as
// a code generator run by a test: every TCP connection and every name lookup passes through
// net.Socket's connect and dns's lookup, so a host that is not loopback is refused there, before
// any packet leaves, and written to the file named by TRACKERKIT_LOOPBACK_LOG for the test to read.

import dns from 'node:dns';
import { appendFileSync } from 'node:fs';
import net from 'node:net';

const log = process.env.TRACKERKIT_LOOPBACK_LOG;
const loopback = (host) =>
  host === undefined ||
  host === 'localhost' ||
  host === '::1' ||
  host === '[::1]' ||
  /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

function refuse(host) {
  if (log) appendFileSync(log, `${host}\n`);
  const error = new Error(`loopback-only: refused a connection to ${host}`);
  error.code = 'ECONNREFUSED';
  return error;
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const first = args[0];
  const options = Array.isArray(first) ? first[0] : first;
  const host =
    typeof options === 'object' && options !== null
      ? options.path === undefined
        ? (options.host ?? 'localhost')
        : undefined
      : typeof options === 'number'
        ? typeof args[1] === 'string'
          ? args[1]
          : 'localhost'
        : undefined; // a string first argument is a Unix socket path
  if (!loopback(host)) {
    const error = refuse(host);
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function (host, ...rest) {
  if (loopback(host)) return lookup.call(this, host, ...rest);
  const callback = rest.at(-1);
  const error = refuse(host);
  process.nextTick(() => callback(error));
  return {};
};
const promisesLookup = dns.promises.lookup;
dns.promises.lookup = async (host, ...rest) => {
  if (loopback(host)) return promisesLookup(host, ...rest);
  throw refuse(host);
};
