//! CNI on a node: the `host-local` IPAM plugin over the node's `podCIDR`, as kind's and
//! flannel's bridge setups use it (`containernetworking/plugins` `plugins/ipam/host-local`).
//!
//! host-local reserves the gateway (the first address, `.1`, on the bridge), never hands out
//! the network or broadcast address, and allocates round-robin: the next free address after
//! the last one it reserved, wrapping at the end of the range. A released address is therefore
//! not reused at once — a new pod usually gets a new IP, as on a real node.

use crate::vecmap::VecSet;

/// The IP address manager of one node.
#[derive(Debug, Clone, Default)]
pub struct HostLocal {
    /// The network as an integer and its prefix length (`10.244.1.0/24` → (0x0af40100, 24)).
    network: Option<(u32, u8)>,
    reserved: VecSet<u32>,
    last: Option<u32>,
}

/// Why no address could be given (the CNI plugin's error texts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IpamError {
    NoPodCidr,
    Exhausted(String),
}

impl std::fmt::Display for IpamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // kindnet/flannel have no subnet config until the node has a podCIDR.
            IpamError::NoPodCidr => write!(f, "failed to load netconf: no podCIDR assigned to this node"),
            // host-local `allocator.go`: `no IP addresses available in range set: %s`.
            IpamError::Exhausted(range) => write!(f, "failed to allocate for range 0: no IP addresses available in range set: {range}"),
        }
    }
}

impl HostLocal {
    /// An allocator for `cidr` (`10.244.1.0/24`); None if the text is not an IPv4 CIDR.
    pub fn new(cidr: &str) -> HostLocal {
        HostLocal { network: parse_cidr(cidr), reserved: VecSet::new(), last: None }
    }

    fn range(&self) -> Option<(u32, u32)> {
        let (net, prefix) = self.network?;
        if prefix > 30 {
            return None;
        }
        let size = 1u64 << (32 - prefix);
        // First usable after the gateway (.1), last before broadcast.
        Some((net + 2, (net as u64 + size - 2) as u32))
    }

    /// The first and last address host-local may hand out, as text (for its error message).
    fn range_text(&self) -> String {
        match self.range() {
            Some((a, b)) => format!("{}-{}", ip_text(a), ip_text(b)),
            None => String::new(),
        }
    }

    /// Sets the range once the node has one (keeps the reservations if it is unchanged).
    pub fn set_range(&mut self, cidr: &str) {
        let network = parse_cidr(cidr);
        if network != self.network {
            *self = HostLocal::new(cidr);
        }
    }

    /// Reserves the next free address.
    pub fn allocate(&mut self) -> Result<String, IpamError> {
        let (first, last) = self.range().ok_or(IpamError::NoPodCidr)?;
        let count = last - first + 1;
        let start = match self.last {
            Some(l) if l >= first && l < last => l + 1,
            _ => first,
        };
        for i in 0..count {
            let candidate = first + (start - first + i) % count;
            if self.reserved.insert(candidate) {
                self.last = Some(candidate);
                return Ok(ip_text(candidate));
            }
        }
        Err(IpamError::Exhausted(self.range_text()))
    }

    /// Gives an address back (CNI DEL).
    pub fn release(&mut self, ip: &str) {
        if let Some(v) = parse_ip(ip) {
            self.reserved.remove(&v);
        }
    }

    /// The gateway the bridge holds (`.1`), for the trace.
    pub fn gateway(&self) -> Option<String> {
        self.network.map(|(n, _)| ip_text(n + 1))
    }

    /// The range's prefix length (a pod's address is configured with it: `10.244.1.2/24`).
    pub fn prefix_len(&self) -> Option<u8> {
        self.network.map(|(_, p)| p)
    }
}

fn parse_ip(text: &str) -> Option<u32> {
    let parts: Vec<u8> = text.split('.').map(|p| p.parse::<u8>().ok()).collect::<Option<Vec<u8>>>()?;
    (parts.len() == 4).then(|| u32::from_be_bytes([parts[0], parts[1], parts[2], parts[3]]))
}

fn parse_cidr(text: &str) -> Option<(u32, u8)> {
    let (ip, prefix) = text.split_once('/')?;
    let prefix: u8 = prefix.parse().ok().filter(|p| *p <= 32)?;
    let mask = if prefix == 0 { 0 } else { u32::MAX << (32 - prefix) };
    Some((parse_ip(ip)? & mask, prefix))
}

fn ip_text(v: u32) -> String {
    let b = v.to_be_bytes();
    format!("{}.{}.{}.{}", b[0], b[1], b[2], b[3])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_address_skips_the_gateway_and_allocation_is_round_robin() {
        let mut ipam = HostLocal::new("10.244.1.0/24");
        assert_eq!(ipam.gateway().as_deref(), Some("10.244.1.1"));
        assert_eq!(ipam.allocate().as_deref(), Ok("10.244.1.2"));
        assert_eq!(ipam.allocate().as_deref(), Ok("10.244.1.3"));
        ipam.release("10.244.1.2");
        // The released address is not reused at once.
        assert_eq!(ipam.allocate().as_deref(), Ok("10.244.1.4"));
    }

    #[test]
    fn exhaustion_and_wrap_around() {
        let mut ipam = HostLocal::new("10.0.0.0/29"); // .2 … .6
        let got: Vec<String> = (0..5).map(|_| ipam.allocate().unwrap()).collect();
        assert_eq!(got.last().map(String::as_str), Some("10.0.0.6"));
        assert_eq!(ipam.allocate(), Err(IpamError::Exhausted("10.0.0.2-10.0.0.6".into())));
        ipam.release("10.0.0.3");
        assert_eq!(ipam.allocate().as_deref(), Ok("10.0.0.3"));
        assert_eq!(HostLocal::new("nonsense").allocate(), Err(IpamError::NoPodCidr));
    }
}
