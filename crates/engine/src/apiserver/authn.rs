//! Authentication: who is asking. kubectl's kubeconfig user is `kubernetes-admin` (kubeadm's
//! client certificate, group `kubeadm:cluster-admins`); `--as` impersonates another user, and
//! `system:serviceaccount:<ns>:<name>` gets a service account's groups.
//!
//! Upstream: `apiserver/pkg/endpoints/filters/impersonation.go`,
//! `apiserver/pkg/authentication/serviceaccount/util.go`.

use serde::Serialize;

pub const ADMIN_USER: &str = "kubernetes-admin";
pub const ADMIN_GROUP: &str = "kubeadm:cluster-admins";
pub const AUTHENTICATED: &str = "system:authenticated";

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UserInfo {
    pub name: String,
    pub groups: Vec<String>,
}

impl UserInfo {
    /// The kubeconfig's own identity.
    pub fn admin() -> UserInfo {
        UserInfo { name: ADMIN_USER.into(), groups: vec![ADMIN_GROUP.into(), AUTHENTICATED.into()] }
    }

    /// The identity an impersonation header asks for: a service account's name gets its
    /// groups; everyone gets `system:authenticated` (unless impersonating `system:anonymous`).
    pub fn impersonated(name: &str, extra_groups: &[String]) -> UserInfo {
        let mut groups: Vec<String> = extra_groups.to_vec();
        if let Some(rest) = name.strip_prefix("system:serviceaccount:")
            && let Some((ns, _)) = rest.split_once(':') {
                groups.push("system:serviceaccounts".into());
                groups.push(format!("system:serviceaccounts:{ns}"));
            }
        if name != "system:anonymous" && !groups.iter().any(|g| g == AUTHENTICATED) {
            groups.push(AUTHENTICATED.into());
        }
        UserInfo { name: name.into(), groups }
    }
}
