// Preloaded (node --import) into the import command a test runs on real catalogue files: those
// name pictures on internet hosts (example.com, a vendor's catalogue server), and tests reach no
// network. Every host name but loopback fails to resolve, as on a machine without one.
import dns from "node:dns";
import { syncBuiltinESMExports } from "node:module";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1"]);

function offline(hostname) {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (tests run offline)`), { code: "ENOTFOUND", errno: -3008, syscall: "getaddrinfo", hostname });
}

const lookup = dns.lookup;
dns.lookup = function offlineLookup(hostname, options, callback) {
  if (LOOPBACK.has(hostname)) return lookup.call(this, hostname, options, callback);
  const done = typeof options === "function" ? options : callback;
  process.nextTick(done, offline(hostname));
  return {};
};

const promisesLookup = dns.promises.lookup;
dns.promises.lookup = (hostname, options) => (LOOPBACK.has(hostname) ? promisesLookup(hostname, options) : Promise.reject(offline(hostname)));

syncBuiltinESMExports();
