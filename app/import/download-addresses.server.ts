import net from "node:net";
import os from "node:os";

/**
 * Which addresses an import may download from (decisions 039 and 066). The table is the IANA
 * IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and the RFCs that added to them) plus
 * the IPv6 address space outside 2000::/3, which IANA has not allocated for global unicast. Written
 * out rather than taken from ipaddr.js: the copy Express brings (1.9.1) lacks 198.18.0.0/15,
 * 2001::/23 beyond Teredo, 3fff::/20 and 5f00::/16, and it is no dependency of ours.
 */
type Family = "ipv4" | "ipv6";

function blockList(ranges: readonly (readonly [string, number])[]): net.BlockList {
  const list = new net.BlockList();
  for (const [network, bits] of ranges) list.addSubnet(network, bits, net.isIPv6(network) ? "ipv6" : "ipv4");
  return list;
}

/** Never reachable, whatever the setting: unspecified, link-local (cloud metadata at 169.254.169.254), multicast, reserved. */
const NEVER = blockList([
  ["0.0.0.0", 8],
  ["169.254.0.0", 16],
  ["224.0.0.0", 4],
  // Reserved for future use, and the limited broadcast address 255.255.255.255.
  ["240.0.0.0", 4],
  ["::", 128],
  ["fe80::", 10],
  ["ff00::", 8],
]);

/** Special-purpose, so never "public": reachable only with IMPORT_PICTURE_HOSTS=private. */
const SPECIAL = blockList([
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.31.196.0", 24],
  ["192.52.193.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["192.175.48.0", 24],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  // Within 2000::/3: IETF protocol assignments (Teredo, benchmarking, ORCHID, DRIP …), documentation, 6to4, AS112.
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["2620:4f:8000::", 48],
  ["3fff::", 20],
]);

/**
 * Global unicast IPv6. Everything outside is special: loopback, IPv4-compatible and -translated
 * forms, NAT64 (64:ff9b::/96, which would reach any IPv4 address through a translator),
 * discard-only, unique-local (fc00::/7), SRv6 (5f00::/16) and the unallocated rest.
 */
const GLOBAL_IPV6 = blockList([["2000::", 3]]);

const NAT64 = blockList([["64:ff9b::", 96]]);

/** An address without its zone (`fe80::1%eth0`), and an IPv4-mapped IPv6 address as the IPv4 address it is. */
function normalise(address: string): [string, Family] | null {
  const plain = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (net.isIPv4(plain)) return [plain, "ipv4"];
  if (!net.isIPv6(plain)) return null;
  // The URL parser writes every spelling (::ffff:127.0.0.1, ::FFFF:7F00:1, 0:0:0:0:0:ffff:…) one way.
  const canonical = new URL(`http://[${plain}]`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const [high, low] = [parseInt(mapped[1] as string, 16), parseInt(mapped[2] as string, 16)];
    return [`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, "ipv4"];
  }
  return [canonical, "ipv6"];
}

/** The machine's own addresses, asked each time: interfaces come and go (a VPN, a container network). */
function ownAddress(address: string, family: Family): boolean {
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) {
      const own = normalise(entry.address);
      if (own && own[1] === family && own[0] === address) return true;
    }
  }
  return false;
}

export type PictureHosts = "private" | "public";

/** Why `address` may not be downloaded from, or null when it may. */
export function refusedAddress(address: string, hosts: PictureHosts): string | null {
  const normalised = normalise(address);
  if (!normalised) return `${address} is not an IP address`;
  const [checked, family] = normalised;
  // NAT64 reaches the IPv4 address in its last 32 bits through a translator: that one counts too.
  const translated = family === "ipv6" && NAT64.check(checked, "ipv6") ? normalise(`::ffff:${checked.split(":").slice(-2).join(":")}`) : null;
  if (NEVER.check(checked, family) || (translated && NEVER.check(...translated))) return `${address} is a link-local, multicast, reserved or unspecified address`;
  if (hosts === "private") return null;
  if (SPECIAL.check(checked, family) || (family === "ipv6" && !GLOBAL_IPV6.check(checked, family))) {
    return `${address} is a private, loopback or special-purpose address (IMPORT_PICTURE_HOSTS=public)`;
  }
  if (ownAddress(checked, family)) return `${address} is an address of this machine (IMPORT_PICTURE_HOSTS=public)`;
  return null;
}
