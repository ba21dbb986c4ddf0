import { BlockList, isIP } from 'node:net';

/** An IPv4 address as a dual-stack socket reports it (`::ffff:127.0.0.1`). */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address as written in an allow list: an IPv4 client of a dual-stack socket as plain IPv4. */
function plainAddress(address: string): string {
  return MAPPED_IPV4.exec(address)?.[1] ?? address;
}

/**
 * A test of client addresses against `entries`, IP addresses and CIDR ranges as the configuration checked
 * them (`127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`). An empty list allows no one; an address that is
 * not an IP (none, or a unix socket) is never allowed.
 */
export function addressAllowList(entries: readonly string[]): (address: string | undefined) => boolean {
  const allowed = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const plain = plainAddress(address);
    const type = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) allowed.addAddress(plain, type);
    else allowed.addSubnet(plain, Number(prefix), type);
  }
  return (address) => {
    if (address === undefined) return false;
    const plain = plainAddress(address);
    const version = isIP(plain);
    return version !== 0 && allowed.check(plain, version === 6 ? 'ipv6' : 'ipv4');
  };
}
