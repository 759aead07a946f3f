import os from "node:os";
import { afterEach, describe, expect, it, vi } from "vitest";
import { refusedAddress } from "./download-addresses.server";

/**
 * IMPORT_PICTURE_HOSTS=public means the public internet only (issue 37, decision 066): every
 * special-purpose range of the IANA registries, in every spelling, and the machine's own addresses
 * are refused; link-local, multicast and reserved addresses are refused whatever the setting.
 */
describe("download addresses", () => {
  afterEach(() => vi.restoreAllMocks());

  const special = [
    "0.1.2.3", "10.1.2.3", "100.64.0.1", "100.127.255.254", "127.0.0.1", "172.16.0.1", "172.31.255.255",
    "192.0.0.9", "192.0.0.170", "192.0.2.1", "192.31.196.1", "192.52.193.1", "192.88.99.1", "192.168.1.1",
    "192.175.48.1", "198.18.0.1", "198.19.255.255", "198.51.100.7", "203.0.113.9", "240.0.0.1", "255.255.255.255",
    "::", "::1", "::ffff:127.0.0.1", "::FFFF:7F00:1", "0:0:0:0:0:ffff:a00:1", "::ffff:192.0.2.1", "::ffff:0:a00:1", "::10.0.0.1",
    "64:ff9b::c000:201", "64:ff9b::8.8.8.8", "64:ff9b:1::1", "100::1", "2001::1", "2001:2::1", "2001:20::1", "2001:db8::1",
    "2002:c000:201::1", "2620:4f:8000::1", "3fff::1", "5f00::1", "fc00::1", "fd12:3456::1", "fe80::1", "fe80::1%eth0", "ff02::1", "[::1]",
  ];

  it.each(special)("refuses %s with IMPORT_PICTURE_HOSTS=public", (address) => {
    expect(refusedAddress(address, "public")).not.toBeNull();
  });

  it.each(["93.184.215.14", "8.8.8.8", "1.1.1.1", "198.20.0.1", "2606:4700:4700::1111", "2a00:1450:4001::1", "::ffff:8.8.8.8"])("takes the public address %s", (address) => {
    expect(refusedAddress(address, "public")).toBeNull();
  });

  it("refuses link-local, multicast, reserved and unspecified addresses always, in every spelling", () => {
    for (const address of ["169.254.169.254", "::ffff:169.254.169.254", "::ffff:a9fe:a9fe", "64:ff9b::a9fe:a9fe", "224.0.0.1", "240.0.0.1", "0.0.0.0", "::", "fe80::1", "ff02::1"]) {
      expect(refusedAddress(address, "private"), address).toMatch(/link-local, multicast, reserved or unspecified/);
    }
    expect(refusedAddress("10.1.2.3", "private")).toBeNull();
    expect(refusedAddress("192.0.2.1", "private")).toBeNull();
  });

  it("refuses the machine's own addresses with IMPORT_PICTURE_HOSTS=public, whatever range they are in", () => {
    const own = { address: "93.184.215.14", netmask: "255.255.255.0", family: "IPv4", mac: "02:00:00:00:00:01", internal: false, cidr: "93.184.215.14/24" } as const;
    const own6 = { address: "2a01:4f8::1", netmask: "ffff:ffff:ffff:ffff::", family: "IPv6", mac: "02:00:00:00:00:01", internal: false, cidr: "2a01:4f8::1/64", scopeid: 0 } as const;
    vi.spyOn(os, "networkInterfaces").mockReturnValue({ eth0: [own, own6] });
    expect(refusedAddress("93.184.215.14", "public")).toMatch(/address of this machine/);
    expect(refusedAddress("::ffff:93.184.215.14", "public")).toMatch(/address of this machine/);
    expect(refusedAddress("2a01:4f8:0::1", "public")).toMatch(/address of this machine/);
    expect(refusedAddress("93.184.215.15", "public")).toBeNull();
    expect(refusedAddress("93.184.215.14", "private")).toBeNull();
  });

  it("refuses what is no address", () => {
    expect(refusedAddress("example.com", "private")).toMatch(/not an IP address/);
  });
});
