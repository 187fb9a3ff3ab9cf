//! CRI's ImageService as the kubelet's image manager calls it: `PullImage` and what containerd
//! does and logs for it (`internal/cri/server/images/image_pull.go`, the instrumented service),
//! and `RemoveContainer` of an exited container. The kubelet decides when a pull starts and how
//! long it takes (its serialized puller, `kubelet/mod.rs`); containerd's state and journal change
//! only here, so the kubelet reaches the runtime through calls, as over the CRI socket.

use super::cri::CriError;
use super::Resolved;
use crate::clock::Time;
use crate::registry::ImageRef;
use crate::trace::{Action, ObjectRef};
use super::service::{Containerd, Cx};

/// The image a PullImage request names: the pod's image with `:latest` when it has neither
/// tag nor digest (`applyDefaultImageTag`, kubelet `images/image_manager.go`).
fn pull_request_image(image: &str) -> String {
    match ImageRef::parse_normalized(image) {
        Ok(r) if r.tag.is_none() && r.digest.is_none() => format!("{image}:latest"),
        _ => image.to_string(),
    }
}

impl Containerd {
    /// The puller takes a `PullImage` of `image` at `started` (the kubelet's serialized queue):
    /// containerd logs the request when its CRI answers (`up`), and the trace says it is queued.
    pub(crate) fn pull_image_queued(&mut self, cx: &mut Cx<'_>, object: Option<ObjectRef>, image: &str, reference: &ImageRef, started: Time, up: bool) {
        let now = cx.now();
        if up && let Some(rt) = self.runtime(cx) {
            rt.log(started, format!("PullImage {:?}", pull_request_image(image)));
        }
        cx.record(Action::ImagePull, object, crate::sort::map_of([
            ("image".to_string(), json!(reference.to_string())),
            ("result".to_string(), json!("pulling")),
            ("queuedMs".to_string(), json!(started.millis() - now.millis())),
        ]), vec![]);
    }

    /// A pull of `image` ends now: containerd stores the image and logs what it pulled.
    /// Returns the image's size in bytes (0: not an image a registry serves).
    pub(crate) fn image_pulled(&mut self, cx: &mut Cx<'_>, object: Option<ObjectRef>, image: &str, started: Time) -> u64 {
        let node = self.node.as_str();
        let reference = ImageRef::parse_normalized(image).ok().map(ImageRef::with_default_tag);
        let pulled = reference.as_ref().and_then(|r| match cx.machine().machine(node).map(|m| m.runtime.resolve(r)) {
            Some(Resolved::Remote(img)) => Some(img),
            _ => None,
        });
        if let Some(img) = &pulled
            && let Some(rt) = self.runtime(cx)
        {
            rt.store_image(img.clone());
        }
        let bytes = pulled.as_ref().map_or(0, |i| i.size_bytes);
        cx.record(Action::ImagePull, object, crate::sort::map_of([
            ("image".to_string(), json!(image)),
            ("bytes".to_string(), json!(bytes)),
            ("result".to_string(), json!("pulled")),
        ]), vec![]);
        let now = cx.now();
        let pull = crate::gostrings::go_duration(now.millis() - started.millis());
        if let (Some(img), Some(rt)) = (pulled, self.runtime(cx)) {
            let requested = pull_request_image(image);
            rt.log(now, format!("Pulled image {requested:?} with image id {:?}, repo tag \"{}:{}\", repo digest \"{}@{}\", size \"{bytes}\" in {pull}", img.image_id, img.name, img.tag, img.name, img.repo_digest));
            rt.log(now, format!("PullImage {requested:?} returns image reference {:?}", img.image_id));
        }
        bytes
    }

    /// A pull of `image` failed with `text`: the trace says why, containerd's journal too.
    pub(crate) fn pull_image_failed(&mut self, cx: &mut Cx<'_>, object: Option<ObjectRef>, image: &str, text: &str) {
        let mut params = crate::sort::map_of([("image".to_string(), json!(image)), ("error".to_string(), json!(text))]);
        // A repository no simulated registry holds: say so, and what is near.
        if let Some(closest) = crate::registry::unknown_repository(image) {
            params.insert("unknownRepository".to_string(), json!(closest));
        }
        cx.record(Action::ImagePull, object, params, vec![]);
        let now = cx.now();
        if let Some(rt) = self.runtime(cx).filter(|rt| rt.up) {
            rt.log_error(now, format!("PullImage {:?} failed", pull_request_image(image)), text);
        }
    }

    /// `getImageVolumes`' pull of an `image` volume's image: stored at once when a registry
    /// serves it (its pull time and failures are not modelled).
    pub(crate) fn pull_volume_image(&mut self, cx: &mut Cx<'_>, reference: &ImageRef) {
        if let Some(rt) = self.runtime(cx)
            && rt.image_status(reference).is_none()
            && let Resolved::Remote(img) = rt.resolve(reference)
        {
            rt.store_image(img);
        }
    }

    /// `RemoveContainer` of an exited container (the container GC, or a reset of all of a pod's
    /// containers): its record goes, with containerd's two log lines.
    pub(crate) fn remove_container(&mut self, cx: &mut Cx<'_>, object: Option<ObjectRef>, id: &str, name: &str) -> Result<(), CriError> {
        self.cri_call(cx, "RemoveContainer", object, crate::sort::map_of([("container".to_string(), json!(name)), ("containerID".to_string(), json!(id))]))?;
        let now = cx.now();
        if let Some(rt) = self.runtime(cx) {
            rt.log(now, format!("RemoveContainer for \"{id}\""));
            rt.containers.remove(id);
            self.stop_requests.remove(id);
            rt.containers_changed += 1;
            rt.log(now, format!("RemoveContainer for \"{id}\" returns successfully"));
        }
        Ok(())
    }
}
