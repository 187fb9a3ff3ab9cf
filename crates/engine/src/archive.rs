//! Archives as `tar` and `kubectl cp` write them: the tar format (512-byte headers, GNU tar's
//! `ustar  ` magic, Go's `archive/tar` `ustar\000`) and gzip framing.
//!
//! Files are text (`String`) everywhere in podlife; bytes that are not UTF-8 (a gzip header,
//! a checksum) are kept one char each in a private-use range ([`to_text`]), which
//! [`byte_len`] counts as one byte, so `wc -c`, `ls -l` and the archive agree on sizes.
//! Compression stores (deflate's "stored" blocks): a `.tar.gz` is a few bytes larger than its
//! `.tar`, where real gzip would shrink it; only stored blocks are read back.

/// Bytes 0x80–0xFF that are not part of UTF-8 text: U+10FE80–U+10FEFF.
const ESCAPE: u32 = 0x10FE00;

fn escaped(c: char) -> Option<u8> {
    let v = c as u32;
    (ESCAPE + 0x80..=ESCAPE + 0xFF).contains(&v).then(|| (v - ESCAPE) as u8)
}

fn push_valid(out: &mut String, s: &str) {
    if !s.as_bytes().contains(&0xF4) {
        return out.push_str(s);
    }
    for c in s.chars() {
        if escaped(c).is_some() {
            // Text that already holds an escape char: escape its bytes, so it round-trips.
            out.extend(c.to_string().bytes().map(|b| char::from_u32(ESCAPE + b as u32).unwrap_or('?')));
        } else {
            out.push(c);
        }
    }
}

/// Bytes as podlife's file text.
pub fn to_text(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                push_valid(&mut out, s);
                return out;
            }
            Err(e) => {
                let (good, bad) = rest.split_at(e.valid_up_to());
                push_valid(&mut out, std::str::from_utf8(good).unwrap_or_default());
                let n = e.error_len().unwrap_or(bad.len());
                out.extend(bad[..n].iter().map(|b| char::from_u32(ESCAPE + *b as u32).unwrap_or('?')));
                rest = &bad[n..];
            }
        }
    }
}

/// The bytes a file's text stands for.
pub fn to_bytes(s: &str) -> Vec<u8> {
    if !s.as_bytes().contains(&0xF4) {
        return s.as_bytes().to_vec();
    }
    let mut out = Vec::with_capacity(s.len());
    let mut buf = [0u8; 4];
    for c in s.chars() {
        match escaped(c) {
            Some(b) => out.push(b),
            None => out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes()),
        }
    }
    out
}

/// How many bytes a file's text stands for.
pub fn byte_len(s: &str) -> usize {
    if !s.as_bytes().contains(&0xF4) {
        return s.len();
    }
    s.chars().map(|c| if escaped(c).is_some() { 1 } else { c.len_utf8() }).sum()
}

/// One member of an archive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The member name as stored (a directory's ends in `/`).
    pub name: String,
    /// A file's bytes; None for a directory.
    pub data: Option<Vec<u8>>,
    pub mode: u32,
    pub uid: u32,
    pub gid: u32,
    pub mtime: u64,
    pub uname: String,
    pub gname: String,
}

impl Entry {
    pub fn is_dir(&self) -> bool {
        self.data.is_none()
    }
}

/// Who writes an archive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writer {
    /// GNU tar: magic `ustar  `, the archive padded to its 10240-byte record.
    Gnu,
    /// busybox tar: GNU's magic, no padding.
    Busybox,
    /// Go's `archive/tar` (kubectl): POSIX `ustar\000`.
    Go,
}

/// Writes the archive. A name over 99 bytes is cut (GNU tar would add a `././@LongLink`
/// member).
pub fn write_tar(entries: &[Entry], writer: Writer) -> Vec<u8> {
    let gnu = writer != Writer::Go;
    let mut out = Vec::new();
    for e in entries {
        let mut h = [0u8; 512];
        let put = |h: &mut [u8; 512], at: usize, s: &[u8]| h[at..at + s.len()].copy_from_slice(s);
        let octal = |h: &mut [u8; 512], at: usize, width: usize, v: u64| {
            let s = format!("{v:0w$o}", w = width - 1);
            h[at..at + width - 1].copy_from_slice(&s.as_bytes()[s.len() - (width - 1)..]);
        };
        let name = e.name.as_bytes();
        put(&mut h, 0, &name[..name.len().min(99)]);
        octal(&mut h, 100, 8, e.mode as u64 & 0o7777);
        octal(&mut h, 108, 8, e.uid as u64);
        octal(&mut h, 116, 8, e.gid as u64);
        octal(&mut h, 124, 12, e.data.as_ref().map_or(0, |d| d.len()) as u64);
        octal(&mut h, 136, 12, e.mtime);
        h[156] = if e.is_dir() { b'5' } else { b'0' };
        put(&mut h, 257, if gnu { b"ustar  \0" } else { b"ustar\x0000" });
        put(&mut h, 265, &e.uname.as_bytes()[..e.uname.len().min(31)]);
        put(&mut h, 297, &e.gname.as_bytes()[..e.gname.len().min(31)]);
        if !gnu {
            put(&mut h, 329, b"0000000\x000000000\0");
        }
        put(&mut h, 148, b"        ");
        let sum: u32 = h.iter().map(|b| *b as u32).sum();
        put(&mut h, 148, format!("{sum:06o}\0 ").as_bytes());
        out.extend_from_slice(&h);
        if let Some(d) = &e.data {
            out.extend_from_slice(d);
            out.resize(out.len().next_multiple_of(512), 0);
        }
    }
    out.resize(out.len() + 1024, 0);
    if writer == Writer::Gnu {
        out.resize(out.len().next_multiple_of(10240), 0);
    }
    out
}

/// Why an archive could not be read to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TarError {
    /// The first header is not a tar header.
    NotTar,
    /// A later header is damaged, or the data ends inside a member.
    Damaged,
}

/// Reads an archive's members (what was read before a damaged header, and the error).
pub fn read_tar(bytes: &[u8]) -> (Vec<Entry>, Option<TarError>) {
    let mut entries = Vec::new();
    let mut at = 0;
    let mut long_name: Option<String> = None;
    let field = |h: &[u8], from: usize, len: usize| {
        let f = &h[from..from + len];
        String::from_utf8_lossy(&f[..f.iter().position(|b| *b == 0).unwrap_or(len)]).into_owned()
    };
    let octal = |h: &[u8], from: usize, len: usize| u64::from_str_radix(field(h, from, len).trim_matches([' ', '\0']), 8).ok();
    while at + 512 <= bytes.len() {
        let h = &bytes[at..at + 512];
        if h.iter().all(|b| *b == 0) {
            return (entries, None);
        }
        let stored = octal(h, 148, 8);
        let sum: u64 = h.iter().enumerate().map(|(i, b)| if (148..156).contains(&i) { 32 } else { *b as u64 }).sum();
        let size = octal(h, 124, 12);
        let (Some(size), true) = (size, stored == Some(sum)) else {
            return (entries, Some(if at == 0 { TarError::NotTar } else { TarError::Damaged }));
        };
        let start = at + 512;
        if size > (bytes.len() - start) as u64 {
            return (entries, Some(TarError::Damaged));
        }
        let size = size as usize;
        at = start + size.next_multiple_of(512);
        let data = &bytes[start..start + size];
        let kind = h[156];
        if kind == b'L' {
            long_name = Some(String::from_utf8_lossy(data).trim_end_matches('\0').to_string());
            continue;
        }
        if !matches!(kind, b'0' | b'\0' | b'5' | b'7') {
            // Links, devices, pax headers: not modelled, skipped.
            continue;
        }
        let prefix = if &h[257..263] == b"ustar\0" { field(h, 345, 155) } else { String::new() };
        let name = long_name.take().unwrap_or_else(|| if prefix.is_empty() { field(h, 0, 100) } else { format!("{prefix}/{}", field(h, 0, 100)) });
        let dir = kind == b'5' || name.ends_with('/');
        entries.push(Entry {
            name,
            data: (!dir).then(|| data.to_vec()),
            mode: octal(h, 100, 8).unwrap_or(0o644) as u32,
            uid: octal(h, 108, 8).unwrap_or(0) as u32,
            gid: octal(h, 116, 8).unwrap_or(0) as u32,
            mtime: octal(h, 136, 12).unwrap_or(0),
            uname: field(h, 265, 32),
            gname: field(h, 297, 32),
        });
    }
    let error = if entries.is_empty() && !bytes.is_empty() { Some(TarError::NotTar) } else { (at < bytes.len()).then_some(TarError::Damaged) };
    (entries, error)
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for b in data {
        crc ^= *b as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// Whether bytes start as gzip does.
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.starts_with(&[0x1f, 0x8b])
}

/// gzip framing around stored deflate blocks (no file name, mtime 0, Unix).
pub fn gzip(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3];
    let mut chunks = data.chunks(0xFFFF).peekable();
    if data.is_empty() {
        out.extend_from_slice(&[1, 0, 0, 0xFF, 0xFF]);
    }
    while let Some(c) = chunks.next() {
        out.push(chunks.peek().is_none() as u8);
        let n = c.len() as u16;
        out.extend_from_slice(&n.to_le_bytes());
        out.extend_from_slice(&(!n).to_le_bytes());
        out.extend_from_slice(c);
    }
    out.extend_from_slice(&crc32(data).to_le_bytes());
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out
}

/// Why gzip data could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GzipError {
    /// No gzip magic.
    NotGzip,
    /// Damaged, or compressed with a method podlife does not read (only stored blocks).
    Corrupt,
    /// The data ends early.
    Truncated,
}

pub fn gunzip(bytes: &[u8]) -> Result<Vec<u8>, GzipError> {
    if !is_gzip(bytes) || bytes.len() < 10 || bytes[2] != 8 {
        return Err(if is_gzip(bytes) && bytes.len() < 10 { GzipError::Truncated } else { GzipError::NotGzip });
    }
    let flags = bytes[3];
    let mut at = 10;
    if flags & 4 != 0 {
        let n = bytes.get(at..at + 2).map_or(0, |x| u16::from_le_bytes([x[0], x[1]]) as usize);
        at += 2 + n;
    }
    for bit in [8, 16] {
        if flags & bit != 0 {
            at += bytes.get(at..).and_then(|r| r.iter().position(|b| *b == 0)).ok_or(GzipError::Truncated)? + 1;
        }
    }
    if flags & 2 != 0 {
        at += 2;
    }
    let mut out = Vec::new();
    loop {
        let head = *bytes.get(at).ok_or(GzipError::Truncated)?;
        if head & 6 != 0 {
            return Err(GzipError::Corrupt);
        }
        let len = bytes.get(at + 1..at + 5).ok_or(GzipError::Truncated)?;
        let n = u16::from_le_bytes([len[0], len[1]]);
        if n != !u16::from_le_bytes([len[2], len[3]]) {
            return Err(GzipError::Corrupt);
        }
        at += 5;
        out.extend_from_slice(bytes.get(at..at + n as usize).ok_or(GzipError::Truncated)?);
        at += n as usize;
        if head & 1 != 0 {
            break;
        }
    }
    let tail = bytes.get(at..at + 8).ok_or(GzipError::Truncated)?;
    if u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]) != crc32(&out) {
        return Err(GzipError::Corrupt);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip_through_text() {
        let bytes: Vec<u8> = (0..=255u8).chain("é\u{10FE90}x".bytes()).collect();
        let text = to_text(&bytes);
        assert_eq!(to_bytes(&text), bytes);
        assert_eq!(byte_len(&text), bytes.len());
        assert_eq!(to_text(b"plain"), "plain");
    }

    #[test]
    fn tar_and_gzip_round_trip() {
        let e = |name: &str, data: Option<&str>| Entry { name: name.into(), data: data.map(|d| d.as_bytes().to_vec()), mode: if data.is_some() { 0o644 } else { 0o755 }, uid: 0, gid: 0, mtime: 1_772_442_000, uname: "root".into(), gname: "root".into() };
        let entries = vec![e("d/", None), e("d/a", Some("hi\n"))];
        let tar = write_tar(&entries, Writer::Gnu);
        assert_eq!(tar.len(), 10240);
        assert_eq!(read_tar(&tar), (entries.clone(), None));
        let ustar = write_tar(&entries, Writer::Go);
        assert_eq!(ustar.len(), 512 * 5);
        assert_eq!(read_tar(&ustar).0, entries);
        let big: Vec<u8> = (0..200_000u32).map(|i| i as u8).collect();
        assert_eq!(gunzip(&gzip(&big)), Ok(big.clone()));
        assert_eq!(gzip(&tar).len(), 10240 + 10 + 5 + 8);
        assert_eq!(gunzip(&tar), Err(GzipError::NotGzip));
        assert_eq!(read_tar(b"hello\n").1, Some(TarError::NotTar));
        assert_eq!(read_tar(&[b'x'; 512]).1, Some(TarError::NotTar));
    }
}
