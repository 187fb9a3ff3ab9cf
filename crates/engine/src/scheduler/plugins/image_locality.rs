//! ImageLocality (upstream `pkg/scheduler/framework/plugins/imagelocality`): prefers nodes
//! that already have the pod's images, weighted by image size and how widely the image is
//! spread (so that one node with the image does not attract everything).

use crate::scheduler::framework::{ClusterView, MAX_NODE_SCORE, NodeInfo, PodInfo, ScorePlugin};

const MB: i64 = 1024 * 1024;
/// `minThreshold`, `maxContainerThreshold`.
const MIN_THRESHOLD: i64 = 23 * MB;
const MAX_CONTAINER_THRESHOLD: i64 = 1000 * MB;

pub struct ImageLocality;

/// `calculatePriority`.
pub fn calculate_priority(sum_scores: i64, num_containers: i64) -> i64 {
    let max_threshold = MAX_CONTAINER_THRESHOLD * num_containers;
    let s = sum_scores.clamp(MIN_THRESHOLD, max_threshold.max(MIN_THRESHOLD));
    if max_threshold <= MIN_THRESHOLD {
        return 0;
    }
    MAX_NODE_SCORE * (s - MIN_THRESHOLD) / (max_threshold - MIN_THRESHOLD)
}

impl ScorePlugin for ImageLocality {
    fn name(&self) -> &'static str {
        "ImageLocality"
    }

    fn weight(&self) -> i64 {
        1
    }

    fn score(&self, pod: &PodInfo, node: &NodeInfo, cluster: &ClusterView) -> i64 {
        let total = cluster.total_nodes as i64;
        let mut sum = 0i64;
        // The pod's names come normalized (`PodInfo`); a node without images scores the floor.
        let images = if node.images.is_empty() { [].iter().chain(&[]) } else { pod.images.iter().chain(&pod.init_images) };
        for name in images {
            if let Some(size) = node.images.get(name) {
                let with_image = cluster.image_nodes.get(name).copied().unwrap_or(0) as i64;
                // scaledImageScore: size × (nodes with the image / all nodes), in integer math.
                sum += (*size as f64 * (with_image as f64 / total.max(1) as f64)) as i64;
            }
        }
        calculate_priority(sum, (pod.images.len() + pod.init_images.len()) as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of upstream `TestImageLocalityPriority` (sums already scaled by spread).
    #[test]
    fn upstream_table() {
        assert_eq!(calculate_priority(20 * MB, 2), 0);
        assert_eq!(calculate_priority(125 * MB, 2), 5);
        assert_eq!(calculate_priority(170 * MB, 2), 7);
        assert_eq!(calculate_priority(2000 * MB, 2), 100);
        assert_eq!(calculate_priority(4000 * MB / 3, 2), 66);
        assert_eq!(calculate_priority(1000 * MB, 3), 32);
        assert_eq!(calculate_priority(50 * MB, 2), 1);
        assert_eq!(calculate_priority(150 * MB, 2), 6);
    }
}
