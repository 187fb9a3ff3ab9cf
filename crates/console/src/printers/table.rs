//! Go's `text/tabwriter` as kubectl configures it (`printers.GetNewTabWriter`: minwidth 6,
//! tabwidth 4, padding 3, padchar ' ', no flags). The last cell of a row is not a column and is
//! printed as is.

/// Aligns rows of cells into kubectl's table text (each row ends with a newline).
pub fn render(rows: &[Vec<String>]) -> String {
    const MIN_WIDTH: usize = 6;
    const PADDING: usize = 3;
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0usize; columns];
    for row in rows {
        for (i, cell) in row.iter().enumerate().take(row.len().saturating_sub(1)) {
            widths[i] = widths[i].max((cell.chars().count() + PADDING).max(MIN_WIDTH));
        }
    }
    let mut out = String::new();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            out.push_str(cell);
            if i + 1 < row.len() {
                let pad = widths[i].saturating_sub(cell.chars().count());
                out.extend(std::iter::repeat_n(' ', pad));
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kubectl_get_pods_layout() {
        let rows = vec![
            vec!["NAME".into(), "READY".into(), "STATUS".into(), "RESTARTS".into(), "AGE".into()],
            vec!["nginx".into(), "0/1".into(), "Pending".into(), "0".into(), "5s".into()],
        ];
        assert_eq!(render(&rows), "NAME    READY   STATUS    RESTARTS   AGE\nnginx   0/1     Pending   0          5s\n");
    }

    #[test]
    fn narrow_columns_get_min_width() {
        let rows = vec![vec!["A".into(), "B".into()], vec!["x".into(), "y".into()]];
        assert_eq!(render(&rows), "A     B\nx     y\n");
    }
}
