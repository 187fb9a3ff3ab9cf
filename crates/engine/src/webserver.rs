//! nginx and httpd serving their document root, as a client's request meets them: the file at
//! the request's path in the container's filesystem (a volume mounted over the root, the
//! writable layer, then the image's own files — `containerd/image_files.rs`), a directory's
//! index, or the server's own error page. Probes still ask the program model
//! (`App::http_status`), which answers `/` with 200.
//!
//! nginx (`ngx_http_static_module`, `ngx_http_index_module`, the default `location /` with
//! `index index.html index.htm`, `autoindex off`): a directory request without an index is 403,
//! a directory named without its slash is a 301 to it, a missing file is 404; its error pages
//! are `ngx_http_special_response.c`'s, with CRLF line ends and the version (`server_tokens
//! on`). An image whose pages podlife does not hold (nginx-slim) keeps the program model's
//! default page at `/` unless a file is there. httpd (the image's `httpd.conf`: `DirectoryIndex index.html`, `Options Indexes`):
//! a missing file is 404 with Apache's page; a directory without an index is left to the
//! program model.

use crate::process::AppKind;
use crate::Engine;
use crate::containerd::image_files::{self, HTTPD_ROOT, NGINX_ROOT};

/// What a path under the document root is in the container.
enum Entry {
    File(String),
    Dir,
    Missing,
}

/// A web server's answer: status, headers in the server's order, body.
pub(crate) type Answer = (u16, Vec<(String, String)>, String);

impl Engine {
    /// nginx's or httpd's answer to `GET path` with `Host: host`, with the headers the server
    /// writes (nginx: `Server`, `Date`, `Content-Type`, `Content-Length`, and `Location` on a
    /// redirect — absolute, from the request's host, `absolute_redirect on`); None for other
    /// programs.
    pub(crate) fn docroot_http(&mut self, node: &str, container_id: &str, kind: &AppKind, host: &str, path: &str) -> Option<Answer> {
        let (code, body) = self.docroot_answer(node, container_id, kind, path)?;
        let server = match kind {
            AppKind::Nginx => self.container_env(node, container_id, "NGINX_VERSION").map_or("nginx".to_string(), |v| format!("nginx/{}", nginx_version(&v))),
            _ => self.container_env(node, container_id, "HTTPD_VERSION").map_or("Apache".to_string(), |v| format!("Apache/{v} (Unix)")),
        };
        let mut headers = vec![
            ("Server".to_string(), server),
            ("Date".to_string(), crate::internet::http_date(self.now)),
            ("Content-Type".to_string(), "text/html".to_string()),
            ("Content-Length".to_string(), body.len().to_string()),
        ];
        if code == 301 {
            let path = path.split(['?', '#']).next().unwrap_or("/");
            headers.push(("Location".to_string(), format!("http://{host}{path}/")));
        }
        // (A file's Last-Modified, ETag and Accept-Ranges are not written.)
        headers.push(("Connection".to_string(), "keep-alive".to_string()));
        Some((code, headers, body))
    }

    /// nginx's answer to a plain HTTP request on a port it serves with `ssl`
    /// (`NGX_HTTP_TO_HTTPS`, answered as 400 with `ngx_http_error_497_page`); None when the
    /// program is not nginx or the port is not one of its TLS ports.
    pub(crate) fn nginx_plain_on_tls_port(&self, node: &str, container_id: &str, port: u16) -> Option<Answer> {
        let p = self.machines.get(node)?.runtime.containers.get(container_id)?.process.as_ref()?;
        if p.app.nginx_tls(port) != Some(true) {
            return None;
        }
        let version = self.container_env(node, container_id, "NGINX_VERSION").map(|v| nginx_version(&v));
        let server = version.as_deref().map_or("nginx".to_string(), |v| format!("nginx/{v}"));
        let body = format!("<html>\r\n<head><title>400 The plain HTTP request was sent to HTTPS port</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n<center>The plain HTTP request was sent to HTTPS port</center>\r\n<hr><center>{server}</center>\r\n</body>\r\n</html>\r\n");
        let headers = vec![
            ("Server".to_string(), server),
            ("Date".to_string(), crate::internet::http_date(self.now)),
            ("Content-Type".to_string(), "text/html".to_string()),
            ("Content-Length".to_string(), body.len().to_string()),
            ("Connection".to_string(), "close".to_string()),
        ];
        Some((400, headers, body))
    }

    /// The certificate a program presents to a TLS client on `port`: Some(PEM) (None inside
    /// when it has none podlife can read) when it serves TLS there, None otherwise.
    pub(crate) fn tls_listener(&self, node: &str, container_id: &str, port: u16) -> Option<Option<String>> {
        let p = self.machines.get(node)?.runtime.containers.get(container_id)?.process.as_ref()?;
        (p.app.nginx_tls(port) == Some(true)).then(|| p.app.tls_certificate.clone())
    }

    /// The answer of nginx or httpd in `container_id` to `GET path` from its document root,
    /// None for other programs.
    fn docroot_answer(&mut self, node: &str, container_id: &str, kind: &AppKind, path: &str) -> Option<(u16, String)> {
        let root = match kind {
            AppKind::Nginx => NGINX_ROOT,
            AppKind::Httpd => HTTPD_ROOT,
            _ => return None,
        };
        let path = path.split(['?', '#']).next().unwrap_or("/");
        let path = if path.starts_with('/') { path.to_string() } else { format!("/{path}") };
        let version = self.container_env(node, container_id, "NGINX_VERSION").map(|v| nginx_version(&v));
        let nginx_page = |code: u16| (code, nginx_error_page(code, version.as_deref()));
        if path.split('/').any(|seg| seg == "..") {
            return Some(if *kind == AppKind::Nginx { nginx_page(400) } else { (400, httpd_error_page(400)) });
        }
        let full = format!("{root}{path}");
        // An image whose own pages podlife does not hold (nginx-slim, …) keeps the program
        // model's default page where its index would be.
        let image_ref = self.machines.get(node)?.runtime.containers.get(container_id)?.image_ref.clone();
        let unknown_index = image_files::file(&image_ref, &format!("{root}/index.html")).is_none() && (path == "/" || path == "/index.html");
        if unknown_index && !matches!(self.entry(node, container_id, &format!("{root}/index.html")), Entry::File(_)) {
            return None;
        }
        if path.ends_with('/') {
            for index in ["index.html", "index.htm"] {
                if let Entry::File(body) = self.entry(node, container_id, &format!("{full}{index}")) {
                    return Some((200, body));
                }
            }
            return match (kind, self.entry(node, container_id, full.trim_end_matches('/'))) {
                (AppKind::Nginx, Entry::Dir) => Some(nginx_page(403)),
                (AppKind::Nginx, _) => Some(nginx_page(404)),
                (_, Entry::Dir) => None,
                _ => Some((404, httpd_error_page(404))),
            };
        }
        Some(match (kind, self.entry(node, container_id, &full)) {
            (_, Entry::File(body)) => (200, body),
            (AppKind::Nginx, Entry::Dir) => nginx_page(301),
            (AppKind::Nginx, Entry::Missing) => nginx_page(404),
            (_, Entry::Dir) => (301, httpd_error_page(301)),
            (_, Entry::Missing) => (404, httpd_error_page(404)),
        })
    }

    fn entry(&mut self, node: &str, container_id: &str, path: &str) -> Entry {
        if let Some(text) = self.container_file(node, container_id, path) {
            return Entry::File(text);
        }
        if self.container_dir(node, container_id, path) { Entry::Dir } else { Entry::Missing }
    }

    /// A variable of the container's process environment (the image's `ENV`, then the kubelet's).
    pub(crate) fn container_env(&self, node: &str, container_id: &str, name: &str) -> Option<String> {
        let rt = &self.machines.get(node)?.runtime;
        let c = rt.containers.get(container_id)?;
        let env = crate::containerd::cri::oci_env("", crate::containerd::cri::node_image(rt, c), &c.env);
        env.into_iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }
}

/// nginx's version from the image's `NGINX_VERSION`: images before 1.19 gave the Debian
/// package's version (`1.9.2-1~jessie`).
fn nginx_version(env: &str) -> String {
    env.split('-').next().unwrap_or(env).to_string()
}

fn reason(code: u16) -> &'static str {
    match code {
        301 => "Moved Permanently",
        400 => "Bad Request",
        403 => "Forbidden",
        502 => "Bad Gateway",
        _ => "Not Found",
    }
}

/// nginx's built-in page for an error status (`ngx_http_error_tail`: the version when
/// `server_tokens` is on, the default).
pub(crate) fn nginx_error_page(code: u16, version: Option<&str>) -> String {
    let server = version.map_or("nginx".to_string(), |v| format!("nginx/{v}"));
    let status = format!("{code} {}", reason(code));
    format!("<html>\r\n<head><title>{status}</title></head>\r\n<body>\r\n<center><h1>{status}</h1></center>\r\n<hr><center>{server}</center>\r\n</body>\r\n</html>\r\n")
}

/// Apache's error document for a status (`modules/http/http_protocol.c`).
fn httpd_error_page(code: u16) -> String {
    let text = match code {
        301 => "<p>The document has moved.</p>",
        400 => "<p>Your browser sent a request that this server could not understand.<br />\n</p>",
        _ => "<p>The requested URL was not found on this server.</p>",
    };
    let title = format!("{code} {}", reason(code));
    format!("<!DOCTYPE HTML PUBLIC \"-//IETF//DTD HTML 2.0//EN\">\n<html><head>\n<title>{title}</title>\n</head><body>\n<h1>{}</h1>\n{text}\n</body></html>\n", reason(code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nginx_error_pages_name_the_version() {
        assert_eq!(
            nginx_error_page(404, Some("1.27.5")),
            "<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx/1.27.5</center>\r\n</body>\r\n</html>\r\n"
        );
        assert!(nginx_error_page(403, None).contains("<center>nginx</center>"));
    }
}
