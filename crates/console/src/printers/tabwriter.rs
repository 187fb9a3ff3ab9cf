//! Go's `text/tabwriter` `format()` in full: a column's width is computed over each run of
//! consecutive lines that have a cell in that column (not the last cell of the line). kubectl
//! `describe` uses it with minwidth 0, tabwidth 8, padding 2 (`pkg/describe/describe.go`,
//! `tabbedString`).

pub fn align(text: &str, min_width: usize, padding: usize) -> String {
    let lines: Vec<Vec<&str>> = text.split('\n').map(|l| l.split('\t').collect()).collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut widths: Vec<usize> = Vec::new();
    format(&lines, 0, lines.len(), &mut widths, &mut out, min_width, padding);
    out.join("\n")
}

fn cell_width(s: &str) -> usize {
    s.chars().count()
}

fn write_lines(lines: &[Vec<&str>], from: usize, to: usize, widths: &[usize], out: &mut Vec<String>) {
    for line in &lines[from..to] {
        let mut s = String::new();
        for (j, cell) in line.iter().enumerate() {
            s.push_str(cell);
            if j + 1 < line.len() && j < widths.len() {
                s.extend(std::iter::repeat_n(' ', widths[j].saturating_sub(cell_width(cell))));
            }
        }
        out.push(s);
    }
}

fn format(lines: &[Vec<&str>], mut line0: usize, line1: usize, widths: &mut Vec<usize>, out: &mut Vec<String>, min_width: usize, padding: usize) {
    let column = widths.len();
    let mut this = line0;
    while this < line1 {
        if column + 1 >= lines[this].len() {
            this += 1;
            continue;
        }
        write_lines(lines, line0, this, widths, out);
        line0 = this;
        let mut width = min_width;
        while this < line1 && column + 1 < lines[this].len() {
            width = width.max(cell_width(lines[this][column]) + padding);
            this += 1;
        }
        widths.push(width);
        format(lines, line0, this, widths, out, min_width, padding);
        widths.pop();
        line0 = this;
    }
    write_lines(lines, line0, line1, widths, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_end_at_lines_without_tabs() {
        let text = "Name:\tnginx\nNamespace:\tdefault\nContainers:\n  nginx:\n    Image:\tx\n    Restart Count:\t0\n";
        assert_eq!(
            align(text, 0, 2),
            "Name:       nginx\nNamespace:  default\nContainers:\n  nginx:\n    Image:          x\n    Restart Count:  0\n"
        );
    }
}
