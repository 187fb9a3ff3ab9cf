//! Any sequence of inputs at any positions: the player never panics, and replaying its log on
//! the same seed rebuilds the same timeline (what autosave relies on).

use podlife_player::{Input, Player};
use proptest::prelude::*;

const FILES: &[&str] = &[
    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\nspec:\n  containers:\n  - name: c\n    image: nginx:1.27\n",
    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: b\nspec:\n  containers:\n  - name: c\n    image: busybox:1.36\n    command: [sh, -c, 'exit 3']\n",
    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: c\nspec:\n  containers:\n  - name: c\n",
    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: d\n spec: [\n",
    "",
];

const COMMANDS: &[&str] = &[
    "kubectl get pods",
    "kubectl delete pod a",
    "kubectl describe pod b",
    "sleep 20",
    "sleep 99999999",
    "kubectl logs b --previous",
    "podlife node down worker-1",
    "kubectl run x --image=nginx:no-such",
    "kubectl apply -f missing.yaml",
    "nonsense 'unterminated",
    "",
];

fn input() -> impl Strategy<Value = (usize, Input)> {
    let apply = (0..FILES.len()).prop_map(|i| Input::Apply { files: vec![("f.yaml".into(), FILES[i].into())], horizon_ms: 0 });
    let delete = (0..FILES.len()).prop_map(|i| Input::Delete { files: vec![("f.yaml".into(), FILES[i].into())], horizon_ms: 0 });
    let command = (0..COMMANDS.len()).prop_map(|i| Input::Command { line: COMMANDS[i].into() });
    (0usize..400, prop_oneof![apply, delete, command])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn inputs_anywhere_never_panic_and_replay_exactly(inputs in prop::collection::vec(input(), 1..5)) {
        let mut p = Player::new(3);
        for (at, input) in inputs {
            p.seek(at);
            p.give(input);
            prop_assert!(p.position() <= p.reactions().len());
            let _ = podlife_player::view::scene(&p);
            let _ = podlife_player::view::changes(&p);
            let _ = podlife_player::view::explanation(&p);
        }
        let again = Player::replay(3, p.log());
        prop_assert_eq!(again.reactions(), p.reactions());
        prop_assert_eq!(again.console(), p.console());
    }
}
