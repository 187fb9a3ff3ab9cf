//! ClusterIP allocation as kube-apiserver 1.36 does it (MultiCIDRServiceAllocator, GA):
//! every allocated address is an `IPAddress` object (networking.k8s.io/v1, named by the
//! address) whose `spec.parentRef` names the Service; the ranges are `ServiceCIDR` objects,
//! the default one (`kubernetes`, `--service-cluster-ip-range=10.96.0.0/12`) written at start-up.
//!
//! Upstream: `pkg/registry/core/service/ipallocator/cidrallocator.go` (`MetaAllocator`: one
//! allocator per ready ServiceCIDR), `ipallocator.go` (`Allocator`: the range, the
//! static/dynamic split, `allocateNextService`, `createIPAddress`, `release`), `bitmap.go`
//! (`calculateRangeOffset`), `interfaces.go` (the error texts) and
//! `pkg/registry/core/service/storage/alloc.go` (`allocIPs`: how the errors reach the client,
//! dry run, release on delete and on a change to ExternalName).
//!
//! Modelled: IPv4 ServiceCIDRs (the cluster is single-stack), the default range first and
//! then other ServiceCIDRs by name (upstream iterates a Go map: any order). Not modelled: the
//! repair loops (`repairip.go`) that recreate a deleted IPAddress or report orphans.

use serde_json::Value;

use super::status::{quote, FieldError, Reason, Status};
use crate::Engine;
use crate::store::ObjectKey;
use crate::trace::ObjectRef;
use podlife_model::ResourceType;

/// `--service-cluster-ip-range`, kubeadm's default.
pub const SERVICE_CLUSTER_IP_RANGE: &str = "10.96.0.0/12";
/// `defaultservicecidr.DefaultServiceCIDRName`.
pub const DEFAULT_SERVICE_CIDR: &str = "kubernetes";
/// `ipallocator.ControllerName`, the value of the managed-by label.
pub const MANAGED_BY: &str = "ipallocator.k8s.io";
/// `networkingv1.LabelIPAddressFamily`.
pub const LABEL_IP_FAMILY: &str = "ipaddress.kubernetes.io/ip-family";
/// `networkingv1.LabelManagedBy`.
pub const LABEL_MANAGED_BY: &str = "ipaddress.kubernetes.io/managed-by";

/// Why an address could not be had (`ipallocator/interfaces.go`; the 1.36 texts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AllocError {
    /// `ErrFull`.
    Full,
    /// `ErrAllocated`.
    Allocated,
    /// `ErrMismatchedNetwork`: no ready ServiceCIDR contains the address.
    MismatchedNetwork,
    /// `ErrNotInRange`: the network or broadcast address of a range.
    NotInRange { ip: String, range: String },
}

impl std::fmt::Display for AllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AllocError::Full => f.write_str("range is full"),
            AllocError::Allocated => f.write_str("provided IP is already allocated"),
            AllocError::MismatchedNetwork => f.write_str("the provided network does not match the current range"),
            AllocError::NotInRange { ip, range } => write!(f, "the provided IP ({ip}) is not in the valid range. The range of valid IPs is {range}"),
        }
    }
}

/// A dotted-quad IPv4 address (`netip.ParseAddr`: four decimal octets, no leading zeros).
pub fn parse_ipv4(text: &str) -> Option<u32> {
    let parts: Vec<&str> = text.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    let mut out: u32 = 0;
    for p in parts {
        if p.is_empty() || p.len() > 3 || !p.bytes().all(|b| b.is_ascii_digit()) || (p.len() > 1 && p.starts_with('0')) {
            return None;
        }
        let n: u32 = p.parse().ok()?;
        if n > 255 {
            return None;
        }
        out = (out << 8) | n;
    }
    Some(out)
}

pub fn format_ipv4(ip: u32) -> String {
    format!("{}.{}.{}.{}", ip >> 24, (ip >> 16) & 0xFF, (ip >> 8) & 0xFF, ip & 0xFF)
}

/// One IPv4 range's allocator (`NewIPAllocator`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Range {
    /// The prefix as written (`10.96.0.0/12`), for the error text.
    pub cidr: String,
    network: u32,
    bits: u32,
    /// The network's `.0` is never handed out.
    first: u32,
    /// The broadcast address is not either (IPv4).
    last: u32,
    /// KEP-3070: the lower `offset` addresses are kept for static assignment.
    offset: u32,
    /// `hostsPerNetwork`.
    size: u32,
}

impl Range {
    pub fn parse(cidr: &str) -> Option<Range> {
        let (addr, bits) = cidr.split_once('/')?;
        let bits: u32 = bits.parse().ok().filter(|b| *b <= 32)?;
        let ip = parse_ipv4(addr)?;
        let mask = if bits == 0 { 0 } else { u32::MAX << (32 - bits) };
        let network = ip & mask;
        let total: u64 = 1u64 << (32 - bits);
        // `hostsPerNetwork`: without the network and (IPv4) broadcast addresses.
        let size = total.saturating_sub(2) as u32;
        let broadcast = (u64::from(network) + total - 1) as u32;
        Some(Range { cidr: cidr.to_string(), network, bits, first: network.wrapping_add(1), last: broadcast.wrapping_sub(1), offset: range_offset(total), size })
    }

    fn contains(&self, ip: u32) -> bool {
        let mask = if self.bits == 0 { 0 } else { u32::MAX << (32 - self.bits) };
        ip & mask == self.network
    }

    /// `allocateService`'s range check.
    fn check(&self, ip: u32) -> Result<(), AllocError> {
        if self.size == 0 || ip < self.first || ip > self.last {
            return Err(AllocError::NotInRange { ip: format_ipv4(ip), range: format!("{}/{}", format_ipv4(self.network), self.bits) });
        }
        Ok(())
    }

    /// `allocateNextService`: a random start in the upper band (from `offset` up), a linear
    /// scan with wrap-around; when that band is full, the same in the lower band.
    fn next(&self, taken: &dyn Fn(&str) -> bool, rng: &mut crate::rng::Rng) -> Result<u32, AllocError> {
        let upper = self.size.saturating_sub(self.offset);
        if upper == 0 {
            return Err(AllocError::Full);
        }
        let base = self.first + self.offset;
        let start = rng.below(u64::from(upper)) as u32;
        if let Some(ip) = scan(base, upper, start, taken) {
            return Ok(ip);
        }
        if self.offset != 0 {
            let start = rng.below(u64::from(self.offset)) as u32;
            if let Some(ip) = scan(self.first, self.offset, start, taken) {
                return Ok(ip);
            }
        }
        Err(AllocError::Full)
    }
}

/// `ipIterator` + `allocateFromRange`: from `base + start`, every address of the band once.
fn scan(base: u32, len: u32, start: u32, taken: &dyn Fn(&str) -> bool) -> Option<u32> {
    (0..len).map(|i| base + (start + i) % len).find(|ip| !taken(&format_ipv4(*ip)))
}

/// `calculateRangeOffset` (bitmap.go): `min(max(16, size/16), 256)`, none for ranges of 16
/// addresses or fewer.
fn range_offset(total: u64) -> u32 {
    if total <= 16 { 0 } else { (total / 16).clamp(16, 256) as u32 }
}

/// The IPAddress object for an allocated address (`createIPAddress`; `group` is empty and
/// `omitempty`, so it is not written).
pub fn ip_address_object(ip: &str, namespace: &str, service: &str) -> Value {
    json!({
        "apiVersion": "networking.k8s.io/v1", "kind": "IPAddress",
        "metadata": {"name": ip, "labels": {LABEL_IP_FAMILY: "IPv4", LABEL_MANAGED_BY: MANAGED_BY}},
        "spec": {"parentRef": {"resource": "services", "namespace": namespace, "name": service}}
    })
}

/// `needsClusterIP` (service strategy): everything but ExternalName.
fn needs_cluster_ip(svc: &Value) -> bool {
    svc["spec"]["type"] != "ExternalName"
}

/// The address a stored Service holds in the allocator, if any.
fn allocated_ip(svc: &Value) -> Option<String> {
    if !needs_cluster_ip(svc) {
        return None;
    }
    svc["spec"]["clusterIP"].as_str().filter(|ip| parse_ipv4(ip).is_some()).map(str::to_string)
}

impl Engine {
    /// The ranges the MetaAllocator has, in the order it tries them: every IPv4 ServiceCIDR
    /// that is ready and not being deleted (`syncAllocators`, `isReady`: no Ready condition
    /// counts as ready), the default one first.
    fn service_ranges(&self) -> Vec<Range> {
        let rt = ResourceType::by_plural("networking.k8s.io", "servicecidrs");
        let mut cidrs: Vec<(bool, String, Range)> = Vec::new();
        if let Some(rt) = rt {
            for (_, sc) in self.store.list(rt.group, rt.plural, None) {
                let ready = sc["status"]["conditions"].as_array().into_iter().flatten().find(|c| c["type"] == "Ready").is_none_or(|c| c["status"] == "True");
                if !ready || sc["metadata"]["deletionTimestamp"].is_string() {
                    continue;
                }
                let name = sc["metadata"]["name"].as_str().unwrap_or_default().to_string();
                for c in sc["spec"]["cidrs"].as_array().into_iter().flatten().filter_map(crate::Slot::as_str) {
                    if let Some(r) = Range::parse(c) {
                        cidrs.push((name != DEFAULT_SERVICE_CIDR, name.clone(), r));
                    }
                }
            }
        }
        crate::sort::sort_by(&mut cidrs, |a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        let mut out: Vec<Range> = Vec::new();
        for (_, _, r) in cidrs {
            if !out.contains(&r) {
                out.push(r);
            }
        }
        out
    }

    fn ip_address_taken(&self, ip: &str) -> bool {
        ResourceType::by_plural("networking.k8s.io", "ipaddresses").is_some_and(|rt| self.store.get(&ObjectKey::new(rt, None, ip)).is_some())
    }

    /// `allocClusterIPs` for a Service being created (or changing from ExternalName): a
    /// requested `clusterIP` is reserved, an empty one gets the next free address; the
    /// IPAddress object is written (not on a dry run). Returns the address this request now
    /// holds, so that a later failure can give it back (`txnAllocClusterIPs`' revert).
    pub(super) fn allocate_cluster_ip(&mut self, obj: &mut Value, dry_run: bool) -> Result<Option<String>, Status> {
        if !needs_cluster_ip(obj) {
            return Ok(None);
        }
        let requested = obj["spec"]["clusterIP"].as_str().unwrap_or_default().to_string();
        if requested == "None" {
            return Ok(None);
        }
        let name = obj["metadata"]["name"].as_str().unwrap_or_default().to_string();
        let namespace = obj["metadata"]["namespace"].as_str().unwrap_or("default").to_string();
        let service_rt = ResourceType::by_plural("", "services");
        let invalid = |errs: Vec<FieldError>| match service_rt {
            Some(rt) => Status::invalid(rt, &name, errs),
            None => Status::plain(Reason::Invalid, String::new()),
        };
        let ranges = self.service_ranges();
        let ip = if requested.is_empty() {
            if dry_run {
                // The dry-run allocator does not look for a free address: it answers with
                // its range's network address (`allocateNextService`, `a.CIDR().IP`).
                match ranges.first() {
                    Some(r) => format_ipv4(r.network),
                    None => return Err(internal("failed to allocate a serviceIP: range is full")),
                }
            } else {
                let store = &self.store;
                let rt = ResourceType::by_plural("networking.k8s.io", "ipaddresses");
                let taken = |ip: &str| rt.is_some_and(|rt| store.get(&ObjectKey::new(rt, None, ip)).is_some());
                let mut found = None;
                for r in &ranges {
                    match r.next(&taken, &mut self.rng) {
                        Ok(ip) => {
                            found = Some(format_ipv4(ip));
                            break;
                        }
                        Err(_) => continue,
                    }
                }
                match found {
                    Some(ip) => ip,
                    // `allocIPs`: `errors.NewInternalError(fmt.Errorf("failed to allocate a serviceIP: %v", err))`.
                    None => return Err(internal(&format!("failed to allocate a serviceIP: {}", AllocError::Full))),
                }
            }
        } else {
            // `ValidateServiceClusterIPsRelatedFields` runs first (`initIPFamilyFields`).
            let Some(addr) = parse_ipv4(&requested) else {
                return Err(invalid(vec![FieldError::invalid(
                    "spec.clusterIPs[0]",
                    super::status::quote(&requested),
                    "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)",
                )]));
            };
            // `MetaAllocator.AllocateService` → `getAllocator` → `Allocator.allocateService`;
            // a dry run asks one range's dry-run allocator, which only checks the range.
            let result = if dry_run {
                ranges.first().map_or(Err(AllocError::MismatchedNetwork), |r| r.check(addr))
            } else {
                match ranges.iter().find(|r| r.contains(addr)) {
                    None => Err(AllocError::MismatchedNetwork),
                    Some(r) => r.check(addr).and_then(|()| if self.ip_address_taken(&requested) { Err(AllocError::Allocated) } else { Ok(()) }),
                }
            };
            if let Err(e) = result {
                // `allocIPs`: field.Invalid on spec.clusterIPs with the whole slice as value.
                let ips: Vec<String> = obj["spec"]["clusterIPs"].as_array().map_or_else(|| vec![requested.clone()], |a| a.iter().map(|v| v.as_str().unwrap_or_default().to_string()).collect());
                let value = format!("[]string{{{}}}", ips.iter().map(|s| super::status::quote(s)).collect::<Vec<_>>().join(", "));
                return Err(invalid(vec![FieldError::invalid("spec.clusterIPs", value, format!("failed to allocate IP {requested}: {e}"))]));
            }
            requested
        };
        obj["spec"]["clusterIP"] = json!(ip);
        obj["spec"]["clusterIPs"] = json!([ip]);
        if dry_run {
            return Ok(None);
        }
        self.write_ip_address(&ip, &namespace, &name, obj["metadata"]["uid"].as_str().unwrap_or_default());
        Ok(Some(ip))
    }

    /// `createIPAddress` through kube-apiserver's loopback client, shown as its etcd write.
    /// The uid is derived from the Service's and the address (not drawn), so adding these
    /// objects left every later random draw where it was.
    fn write_ip_address(&mut self, ip: &str, namespace: &str, service: &str, service_uid: &str) {
        let Some(rt) = ResourceType::by_plural("networking.k8s.io", "ipaddresses") else { return };
        let mut obj = ip_address_object(ip, namespace, service);
        let seed = u64::from_str_radix(&crate::rng::hex_of(&format!("ipaddresses/{ip}/{service_uid}"), 16), 16).unwrap_or(0);
        let now = self.now.rfc3339();
        obj["metadata"]["uid"] = json!(crate::rng::Rng::new(seed).uuid());
        obj["metadata"]["creationTimestamp"] = json!(now);
        obj["metadata"]["managedFields"] = json!([{
            "apiVersion": "networking.k8s.io/v1", "fieldsType": "FieldsV1", "manager": "kube-apiserver", "operation": "Update", "time": now,
        }]);
        let object = Some(ObjectRef::new("IPAddress", None, ip));
        self.write(ObjectKey::new(rt, None, ip), obj, object);
    }

    /// `Allocator.release`: DELETE the IPAddress, errors ignored.
    pub(super) fn release_cluster_ip(&mut self, ip: &str) {
        let Some(rt) = ResourceType::by_plural("networking.k8s.io", "ipaddresses") else { return };
        let key = ObjectKey::new(rt, None, ip);
        let object = Some(ObjectRef::new("IPAddress", None, ip));
        let _ = self.remove(&key, object);
    }

    /// A Service left etcd (`afterDelete` → `releaseAllocatedResources`).
    pub(super) fn release_service_addresses(&mut self, svc: &Value) {
        if let Some(ip) = allocated_ip(svc) {
            self.release_cluster_ip(&ip);
        }
    }

    /// The REST update's ClusterIP work (`patchAllocatedValues`, the strategy's
    /// `dropTypeDependentFields`, `updateClusterIPs`): a PUT without the allocated address
    /// keeps it; a change to ExternalName drops the address fields (released once the update
    /// is stored); a change from ExternalName allocates. Returns (newly allocated, to release).
    pub(super) fn update_cluster_ip(&mut self, old: &Value, obj: &mut Value, dry_run: bool) -> Result<(Option<String>, Option<String>), Status> {
        let (was, is) = (needs_cluster_ip(old), needs_cluster_ip(obj));
        let spec_fields = ["clusterIP", "clusterIPs", "ipFamilies", "ipFamilyPolicy"];
        if was && is {
            // `patchAllocatedValues`: an update that leaves clusterIP out keeps it.
            if obj["spec"]["clusterIP"].as_str().is_none_or(str::is_empty) {
                for f in spec_fields {
                    if !old["spec"][f].is_null() && obj["spec"][f].is_null() {
                        obj["spec"][f] = old["spec"][f].clone();
                    }
                }
                if old["spec"]["clusterIP"].is_string() {
                    obj["spec"]["clusterIP"] = old["spec"]["clusterIP"].clone();
                }
            }
            return Ok((None, None));
        }
        if was && !is {
            // `dropTypeDependentFields`: only the fields the user left as they were.
            // `internalTrafficPolicy` goes the same way (`needsInternalTrafficPolicy`).
            if let Some(spec) = obj["spec"].as_object_mut() {
                for f in spec_fields.iter().chain(&["internalTrafficPolicy"]) {
                    if spec.get(*f) == old["spec"].get(*f) {
                        spec.remove(*f);
                    }
                }
            }
            return Ok((None, if dry_run { None } else { allocated_ip(old) }));
        }
        if !was && is {
            if obj["spec"]["ipFamilyPolicy"].is_null() {
                obj["spec"]["ipFamilyPolicy"] = json!("SingleStack");
            }
            if obj["spec"]["ipFamilies"].is_null() && obj["spec"]["clusterIP"] != "None" {
                obj["spec"]["ipFamilies"] = json!(["IPv4"]);
            }
            return Ok((self.allocate_cluster_ip(obj, dry_run)?, None));
        }
        Ok((None, None))
    }
}

/// `initIPFamilyFields` (`pkg/registry/core/service/storage/alloc.go`) on podlife's
/// single-stack IPv4 cluster (kind's default `ipFamily: ipv4`): the policy defaults to the old
/// one, RequireDualStack for a headless Service without selector, else SingleStack; the
/// families must be IPv4 (`not configured on this cluster`), RequireDualStack is refused
/// (`this cluster is not configured for dual-stack services`), a PreferDualStack Service gets
/// the one family; a headless selectorless Service keeps any families and, unless
/// SingleStack, gets both (the special case upstream allows on a single-stack cluster).
/// Part of `ValidateServiceClusterIPsRelatedFields` comes first: supported values, duplicates.
pub(super) fn init_ip_family_fields(obj: &mut Value, old: Option<&Value>) -> Vec<FieldError> {
    const POLICIES: [&str; 3] = ["PreferDualStack", "RequireDualStack", "SingleStack"];
    let spec = &mut obj["spec"];
    if spec["type"] == "ExternalName" {
        return Vec::new();
    }
    let headless_selectorless = spec["clusterIP"] == "None" && spec["selector"].as_object().is_none_or(|s| s.is_empty());
    if spec["ipFamilyPolicy"].is_null() {
        spec["ipFamilyPolicy"] = match old.map(|o| &o["spec"]["ipFamilyPolicy"]).filter(|p| p.is_string()) {
            Some(p) => p.clone(),
            None if headless_selectorless => json!("RequireDualStack"),
            None => json!("SingleStack"),
        };
    }
    let policy = spec["ipFamilyPolicy"].as_str().unwrap_or_default().to_string();
    let families: Vec<String> = spec["ipFamilies"].as_array().into_iter().flatten().map(|f| f.as_str().unwrap_or_default().to_string()).collect();
    let mut errs = Vec::new();
    if !POLICIES.contains(&policy.as_str()) {
        errs.push(FieldError::not_supported("spec.ipFamilyPolicy", &policy, &POLICIES));
    }
    for (i, f) in families.iter().enumerate() {
        if f != "IPv4" && f != "IPv6" {
            errs.push(FieldError::not_supported(format!("spec.ipFamilies[{i}]"), f, &["IPv4", "IPv6"]));
        } else if families[..i].contains(f) {
            errs.push(FieldError::duplicate(format!("spec.ipFamilies[{i}]"), f));
        }
    }
    if !errs.is_empty() {
        return errs;
    }
    if policy == "SingleStack" && families.len() == 2 {
        return vec![FieldError::invalid("spec.ipFamilyPolicy", quote(&policy), "must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified")];
    }
    if headless_selectorless {
        let mut fams = if families.is_empty() { vec!["IPv4".to_string()] } else { families };
        if fams.len() < 2 && policy != "SingleStack" {
            fams.push(if fams[0] == "IPv4" { "IPv6".into() } else { "IPv4".into() });
        }
        spec["ipFamilies"] = json!(fams);
        return Vec::new();
    }
    if policy == "RequireDualStack" {
        errs.push(FieldError::invalid("spec.ipFamilyPolicy", quote(&policy), "this cluster is not configured for dual-stack services"));
    }
    for (i, f) in families.iter().enumerate() {
        if f != "IPv4" {
            errs.push(FieldError::invalid(format!("spec.ipFamilies[{i}]"), quote(f), "not configured on this cluster"));
        }
    }
    if errs.is_empty() && families.is_empty() {
        spec["ipFamilies"] = json!(["IPv4"]);
    }
    errs
}

fn internal(message: &str) -> Status {
    // `errors.NewInternalError`: "Internal error occurred: <err>".
    Status::plain(Reason::InternalError, format!("Internal error occurred: {message}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_range_bounds_and_offset() {
        let r = Range::parse(SERVICE_CLUSTER_IP_RANGE).unwrap_or_else(|| unreachable!());
        assert_eq!(format_ipv4(r.first), "10.96.0.1");
        assert_eq!(format_ipv4(r.last), "10.111.255.254");
        assert_eq!(r.offset, 256);
        assert_eq!(r.size, (1 << 20) - 2);
        // calculateRangeOffset's table (bitmap_test.go): /28 → 0, /27 → 16, /24 → 16, /20 → 256.
        assert_eq!(range_offset(16), 0);
        assert_eq!(range_offset(32), 16);
        assert_eq!(range_offset(256), 16);
        assert_eq!(range_offset(4096), 256);
    }

    #[test]
    fn dynamic_addresses_come_from_the_upper_band_then_the_lower() {
        let r = Range::parse("10.0.0.0/27").unwrap_or_else(|| unreachable!());
        // 30 hosts, offset 16: the upper band is 10.0.0.17 – 10.0.0.30.
        let mut rng = crate::rng::Rng::new(1);
        let mut taken: Vec<String> = Vec::new();
        for _ in 0..14 {
            let t = taken.clone();
            let ip = r.next(&|ip: &str| t.iter().any(|x| x == ip), &mut rng).unwrap_or_else(|_| unreachable!());
            assert!((17..=30).contains(&(ip & 0xFF)), "{}", format_ipv4(ip));
            taken.push(format_ipv4(ip));
        }
        let t = taken.clone();
        let ip = r.next(&|ip: &str| t.iter().any(|x| x == ip), &mut rng).unwrap_or_else(|_| unreachable!());
        assert!((1..=16).contains(&(ip & 0xFF)));
        let all: Vec<String> = (1..=30).map(|i| format!("10.0.0.{i}")).collect();
        assert_eq!(r.next(&|ip: &str| all.iter().any(|x| x == ip), &mut rng), Err(AllocError::Full));
    }

    #[test]
    fn requested_address_errors() {
        let r = Range::parse(SERVICE_CLUSTER_IP_RANGE).unwrap_or_else(|| unreachable!());
        assert_eq!(
            r.check(parse_ipv4("10.96.0.0").unwrap_or(0)).map_err(|e| e.to_string()),
            Err("the provided IP (10.96.0.0) is not in the valid range. The range of valid IPs is 10.96.0.0/12".to_string())
        );
        assert!(r.check(parse_ipv4("10.96.0.10").unwrap_or(0)).is_ok());
        assert!(!r.contains(parse_ipv4("1.1.1.1").unwrap_or(0)));
        assert_eq!(parse_ipv4("10.096.0.1"), None);
        assert_eq!(parse_ipv4("10.96.0"), None);
        assert_eq!(parse_ipv4("256.1.1.1"), None);
    }

    /// `initIPFamilyFields` on the single-stack IPv4 cluster.
    #[test]
    fn ip_families_on_a_single_stack_cluster() {
        let svc = |spec: Value| json!({"metadata": {"name": "s"}, "spec": spec});
        let mut plain = svc(json!({"selector": {"a": "b"}}));
        assert!(init_ip_family_fields(&mut plain, None).is_empty());
        assert_eq!((plain["spec"]["ipFamilyPolicy"].clone(), plain["spec"]["ipFamilies"].clone()), (json!("SingleStack"), json!(["IPv4"])));
        let mut prefer = svc(json!({"selector": {"a": "b"}, "ipFamilyPolicy": "PreferDualStack"}));
        assert!(init_ip_family_fields(&mut prefer, None).is_empty());
        assert_eq!(prefer["spec"]["ipFamilies"], json!(["IPv4"]));
        let errs = init_ip_family_fields(&mut svc(json!({"selector": {"a": "b"}, "ipFamilyPolicy": "PreferDualStack", "ipFamilies": ["IPv6", "IPv4"]})), None);
        assert_eq!(errs.iter().map(ToString::to_string).collect::<Vec<_>>(), ["spec.ipFamilies[0]: Invalid value: \"IPv6\": not configured on this cluster"]);
        let errs = init_ip_family_fields(&mut svc(json!({"selector": {"a": "b"}, "ipFamilyPolicy": "RequireDualStack"})), None);
        assert_eq!(errs.iter().map(ToString::to_string).collect::<Vec<_>>(), ["spec.ipFamilyPolicy: Invalid value: \"RequireDualStack\": this cluster is not configured for dual-stack services"]);
        let mut headless = svc(json!({"clusterIP": "None"}));
        assert!(init_ip_family_fields(&mut headless, None).is_empty());
        assert_eq!((headless["spec"]["ipFamilyPolicy"].clone(), headless["spec"]["ipFamilies"].clone()), (json!("RequireDualStack"), json!(["IPv4", "IPv6"])));
    }
}
