//! Flags as `podlife`'s subcommands take them: `--flag=value` or `--flag value`, as Go's and
//! clap's parsers both do.

/// A command-line word as a flag and its inline value: `--seed=3` is (`--seed`, `3`); any
/// other word is itself, with no value (a flag's value is then the next word).
pub fn split(word: &str) -> (&str, Option<String>) {
    match word.split_once('=') {
        Some((flag, value)) if flag.starts_with("--") => (flag, Some(value.to_string())),
        _ => (word, None),
    }
}

/// A flag's value: the inline one, else the next word (`i` moves past it).
pub fn value(inline: &Option<String>, args: &[String], i: &mut usize) -> Option<String> {
    inline.clone().or_else(|| {
        *i += 1;
        args.get(*i).cloned()
    })
}
