//! Property tests: any text, and any mutation of a valid-looking manifest, is read without a
//! panic, and positions always point inside the text.

use podlife_manifest::{Item, parse};
use proptest::prelude::*;

const SAMPLE: &str = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\n  labels: {app: web}\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.27\n    ports:\n    - containerPort: 80\n    resources:\n      requests: {cpu: 250m, memory: 128Mi}\n---\nkind: x\n";

fn check(text: &str) {
    let lines = text.lines().count().max(1) as u32 + 1;
    for item in parse(text) {
        if let Item::Error(e) = item {
            assert!(e.position.line >= 1 && e.position.line <= lines, "{e:?} outside {lines} lines");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text(text in "\\PC{0,300}") {
        check(&text);
    }

    #[test]
    fn yaml_punctuation_soup(text in "[-:{}\\[\\],&*!|>'\"%@ #\\n a-z0-9.]{0,200}") {
        check(&text);
    }

    #[test]
    fn mutated_manifests(pos in 0usize..SAMPLE.len(), insert in "[-:{}\\[\\],&*!|>'\" \\n\\t]{0,4}", cut in 0usize..8) {
        let mut text = SAMPLE.to_string();
        let pos = (0..=pos).rev().find(|p| text.is_char_boundary(*p)).unwrap_or(0);
        let end = (pos + cut).min(text.len());
        let end = (end..=text.len()).find(|p| text.is_char_boundary(*p)).unwrap_or(text.len());
        text.replace_range(pos..end, &insert);
        check(&text);
    }
}

#[test]
fn text_past_the_request_body_limit_is_one_stated_error() {
    let text = "#".repeat(podlife_manifest::MAX_INPUT_BYTES + 1);
    match parse(&text).as_slice() {
        [Item::Error(e)] => assert_eq!(e.message, "input exceeds the limit of 3145728 bytes"),
        other => panic!("expected one error, got {} items", other.len()),
    }
    assert!(parse(&text[1..]).iter().all(|item| !matches!(item, Item::Error(_))));
}
