//! Property tests: whatever a learner types at the console, or pipes in as a manifest, gets
//! an answer and never a panic.

use podlife_console::Session;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_kubectl_lines(words in prop::collection::vec("[-a-z=/,.:0-9A-Z\"']{0,12}", 0..6)) {
        let mut s = Session::new(1);
        let line = format!("kubectl {}", words.join(" "));
        let _ = s.exec(&line, None);
    }

    #[test]
    fn arbitrary_manifests(kind in "(Pod|Node|Namespace|Deployment|Service|ConfigMap|Pdo)",
                           field in "[a-zA-Z]{1,8}", value in "[-a-z0-9:{}\\[\\]\" ]{0,12}") {
        let mut s = Session::new(1);
        let apiv = if kind == "Deployment" { "apps/v1" } else { "v1" };
        let text = format!("apiVersion: {apiv}\nkind: {kind}\nmetadata:\n  name: x\nspec:\n  {field}: {value}\n  containers:\n  - name: c\n    image: i\n");
        let _ = s.exec("kubectl apply -f -", Some(&text));
        let _ = s.exec("kubectl create -f -", Some(&text));
        let _ = s.exec("kubectl get all", None);
    }
}
