//! Splitting a stream into documents the way kubectl's `YAMLReader` does
//! (upstream: `apimachinery/pkg/util/yaml/decoder.go`, `YAMLReader.Read`): a line that starts
//! with `---` and has nothing after it but spaces or a comment ends a document.

pub struct Chunk<'a> {
    pub text: &'a str,
    /// 1-based line of the chunk's first line in the whole text.
    pub first_line: u32,
}

pub fn documents(text: &str) -> impl Iterator<Item = Chunk<'_>> {
    let mut chunks = Vec::new();
    let mut start = 0usize;
    let mut start_line = 1u32;
    let mut offset = 0usize;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let line_no = i as u32 + 1;
        if is_separator(line) {
            chunks.push(Chunk { text: &text[start..offset], first_line: start_line });
            start = offset + line.len();
            start_line = line_no + 1;
        }
        offset += line.len();
    }
    chunks.push(Chunk { text: &text[start..], first_line: start_line });
    chunks.into_iter()
}

fn is_separator(line: &str) -> bool {
    match line.strip_prefix("---") {
        Some(rest) => {
            let rest = rest.trim();
            rest.is_empty() || rest.starts_with('#')
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_separator_lines_only() {
        let text = "a: 1\n---\nb: 2\n--- # c\nc: 3\n---x\n";
        let chunks: Vec<_> = documents(text).map(|c| (c.first_line, c.text)).collect();
        assert_eq!(chunks, vec![(1, "a: 1\n"), (3, "b: 2\n"), (5, "c: 3\n---x\n")]);
    }
}
