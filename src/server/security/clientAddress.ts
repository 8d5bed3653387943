import net from 'node:net';

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function ipv6Groups(address: string): number[] | null {
  // A zone (fe80::1%eth0) names the interface, not the host.
  let text = address.split('%')[0];
  if (!net.isIPv6(text)) return null;
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length > 1 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  return [...head, ...Array.from({ length: halves.length > 1 ? missing : 0 }, () => '0'), ...tail].map((group) => parseInt(group, 16));
}

/**
 * The key per-address limits count a client under: an IPv4 address as it is (an IPv4-mapped IPv6
 * address as its IPv4 form), an IPv6 address by its /64 network, since one subscriber is usually
 * given a whole /64 and could otherwise take a new address for every request. Null for no address.
 */
export function addressLimitKey(address: string | null | undefined): string | null {
  if (!address) return null;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The address key a request is counted under by every per-address limit. */
export function limitKeyOf(request: { ip: string }): string {
  return addressLimitKey(request.ip) ?? 'unknown';
}

/** An address as a BlockList reads it: an IPv4-mapped IPv6 address as its IPv4 form (a dual-stack socket's view of an IPv4 client). */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const bare = address.split('%')[0];
  if (net.isIPv4(bare)) return { address: bare, family: 'ipv4' };
  const groups = ipv6Groups(bare);
  if (!groups) return null;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return { address: [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.'), family: 'ipv4' };
  }
  return { address: bare, family: 'ipv6' };
}

const NETWORK = /^(.+)\/(\d{1,3})$/;

/** Whether `entry` is an IP address or a network in CIDR notation (10.0.0.0/8, fd00::/8). */
export function isAddressOrNetwork(entry: string): boolean {
  const network = NETWORK.exec(entry);
  if (!network) return net.isIP(entry) !== 0;
  const family = net.isIP(network[1]);
  return family !== 0 && Number(network[2]) <= (family === 4 ? 32 : 128);
}

/**
 * A list of addresses and networks (as isAddressOrNetwork accepts them) that answers whether a
 * request's address is on it. The address is the one every per-address rule reads (request.ip:
 * the socket's, or the client's as TRUST_PROXY's proxies report it).
 */
export class AddressList {
  private readonly list = new net.BlockList();
  readonly empty: boolean;

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const network = NETWORK.exec(entry);
      const plain = plainAddress(network ? network[1] : entry);
      if (!plain || !isAddressOrNetwork(entry)) throw new Error(`Not an address or network: ${entry}`);
      // A network is taken as written (an IPv4-mapped one names IPv6 addresses); an address as the client's would read.
      if (network) this.list.addSubnet(network[1], Number(network[2]), net.isIPv4(network[1]) ? 'ipv4' : 'ipv6');
      else this.list.addAddress(plain.address, plain.family);
    }
    this.empty = entries.length === 0;
  }

  has(address: string | null | undefined): boolean {
    const plain = address ? plainAddress(address) : null;
    return plain !== null && this.list.check(plain.address, plain.family);
  }
}
