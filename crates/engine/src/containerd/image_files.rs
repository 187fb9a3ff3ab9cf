//! Files an image ships that learners read or that its program serves: the lower layer of a
//! container's root filesystem, under its writable layer (a file written there hides the
//! image's; a volume mounted over the directory hides both, as overlayfs and a bind mount
//! do). Only the few files teaching manifests touch are kept — the bundle carries them.
//!
//! nginx (docker.io/library/nginx, Debian and alpine variants alike): nginx.org's packaged
//! `nginx.conf`, `conf.d/default.conf` as the entrypoint's `10-listen-on-ipv6-by-default.sh`
//! leaves it (the `listen [::]:80;` line), and the document root's `index.html` and
//! `50x.html` (nginxinc/docker-nginx, nginx 1.27–1.29). httpd: `htdocs/index.html`.

/// nginx's document root in its images (`root /usr/share/nginx/html;`).
pub const NGINX_ROOT: &str = "/usr/share/nginx/html";
/// httpd's `DocumentRoot "/usr/local/apache2/htdocs"`.
pub const HTTPD_ROOT: &str = "/usr/local/apache2/htdocs";

const STYLE: &str = "<style>\nhtml { color-scheme: light dark; }\nbody { width: 35em; margin: 0 auto;\nfont-family: Tahoma, Verdana, Arial, sans-serif; }\n</style>\n";

const NGINX_CONF: &str = r#"
user  nginx;
worker_processes  auto;

error_log  /var/log/nginx/error.log notice;
pid        /run/nginx.pid;


events {
    worker_connections  1024;
}


http {
    include       /etc/nginx/mime.types;
    default_type  application/octet-stream;

    log_format  main  '$remote_addr - $remote_user [$time_local] "$request" '
                      '$status $body_bytes_sent "$http_referer" '
                      '"$http_user_agent" "$http_x_forwarded_for"';

    access_log  /var/log/nginx/access.log  main;

    sendfile        on;
    #tcp_nopush     on;

    keepalive_timeout  65;

    #gzip  on;

    include /etc/nginx/conf.d/*.conf;
}
"#;

/// The welcome page's style before its dark-mode `color-scheme` line (the 612-byte page).
const STYLE_CLASSIC: &str = "<style>\n    body {\n        width: 35em;\n        margin: 0 auto;\n        font-family: Tahoma, Verdana, Arial, sans-serif;\n    }\n</style>\n";

const NGINX_DEFAULT_CONF: &str = r#"server {
    listen       80;
    listen  [::]:80;
    server_name  localhost;

    #access_log  /var/log/nginx/host.access.log  main;

    location / {
        root   /usr/share/nginx/html;
        index  index.html index.htm;
    }

    #error_page  404              /404.html;

    # redirect server error pages to the static page /50x.html
    #
    error_page   500 502 503 504  /50x.html;
    location = /50x.html {
        root   /usr/share/nginx/html;
    }

    # proxy the PHP scripts to Apache listening on 127.0.0.1:80
    #
    #location ~ \.php$ {
    #    proxy_pass   http://127.0.0.1;
    #}

    # pass the PHP scripts to FastCGI server listening on 127.0.0.1:9000
    #
    #location ~ \.php$ {
    #    root           html;
    #    fastcgi_pass   127.0.0.1:9000;
    #    fastcgi_index  index.php;
    #    fastcgi_param  SCRIPT_FILENAME  /scripts$fastcgi_script_name;
    #    include        fastcgi_params;
    #}

    # deny access to .htaccess files, if Apache's document root
    # concurs with nginx's one
    #
    #location ~ /\.ht {
    #    deny  all;
    #}
}

"#;

const NGINX_INDEX_BODY: &str = "<h1>Welcome to nginx!</h1>\n<p>If you see this page, the nginx web server is successfully installed and\nworking. Further configuration is required.</p>\n\n<p>For online documentation and support please refer to\n<a href=\"http://nginx.org/\">nginx.org</a>.<br/>\nCommercial support is available at\n<a href=\"http://nginx.com/\">nginx.com</a>.</p>\n\n<p><em>Thank you for using nginx.</em></p>\n";

const NGINX_50X_BODY: &str = "<h1>An error occurred.</h1>\n<p>Sorry, the page you are looking for is currently unavailable.<br/>\nPlease try again later.</p>\n<p>If you are the system administrator of this resource then you should check\nthe error log for details.</p>\n<p><em>Faithfully yours, nginx.</em></p>\n";

pub const HTTPD_INDEX: &str = "<html><body><h1>It works!</h1></body></html>\n";

/// Which family of image a reference names (its repository's last path element).
fn family(image_ref: &str) -> &str {
    let without_digest = image_ref.split('@').next().unwrap_or(image_ref);
    let last = without_digest.rsplit('/').next().unwrap_or(without_digest);
    let repo = last.split(':').next().unwrap_or(last);
    match repo {
        "nginx" if !image_ref.contains("nginx-slim") => "nginx",
        // bprashanth/nginxhttps: nginx 1.9's packaged files (kubernetes/examples https-nginx).
        "nginxhttps" => "nginx-1.9",
        "httpd" => "httpd",
        "artifact" if without_digest.contains("crio/artifact") => "crio-artifact",
        _ => "",
    }
}

fn page(title: &str, body: &str) -> String {
    format!("<!DOCTYPE html>\n<html>\n<head>\n<title>{title}</title>\n{STYLE}</head>\n<body>\n{body}</body>\n</html>\n")
}

/// alpine-baselayout 3.6's `/etc/group` (aports `main/alpine-baselayout/group`; Alpine 3.20
/// and 3.21 ship 3.6.x). Older Alpine releases carried a longer file, and later ones were not
/// checked: neither is modelled.
const ALPINE_GROUP: &str = "root:x:0:root\nbin:x:1:root,bin,daemon\ndaemon:x:2:root,bin,daemon\nsys:x:3:root,bin\n\
adm:x:4:root,daemon\ntty:x:5:\ndisk:x:6:root\nlp:x:7:lp\nkmem:x:9:\nwheel:x:10:root\nfloppy:x:11:root\nmail:x:12:mail\n\
news:x:13:news\nuucp:x:14:uucp\ncron:x:16:cron\naudio:x:18:\ncdrom:x:19:\ndialout:x:20:root\nftp:x:21:\nsshd:x:22:\n\
input:x:23:\ntape:x:26:root\nvideo:x:27:root\nnetdev:x:28:\nkvm:x:34:kvm\ngames:x:35:\nshadow:x:42:\nwww-data:x:82:\n\
users:x:100:games\nntp:x:123:\nabuild:x:300:\nutmp:x:406:\nping:x:999:\nnogroup:x:65533:\nnobody:x:65534:\n";

/// The image's `/etc/group`, where podlife knows it: Alpine 3.20 and 3.21, and agnhost from
/// 2.45 on, whose Dockerfile (kubernetes test/images/agnhost, on `alpine:3.21`) adds
/// `adduser -u 1000 -D user-defined-in-image && addgroup -g 50000 group-defined-in-image &&
/// addgroup user-defined-in-image group-defined-in-image` for the supplemental-groups tests.
fn etc_group(image_ref: &str) -> Option<String> {
    if agnhost_with_image_user(image_ref) {
        return Some(format!("{ALPINE_GROUP}user-defined-in-image:x:1000:\ngroup-defined-in-image:x:50000:user-defined-in-image\n"));
    }
    let (repo, tag) = repo_and_tag(image_ref);
    let alpine = matches!(repo.as_str(), "alpine" | "docker.io/library/alpine" | "library/alpine");
    (alpine && minor_after(&tag, "3.").is_some_and(|m| (20..=21).contains(&m))).then(|| ALPINE_GROUP.to_string())
}

/// agnhost from 2.45 on, whose image defines `user-defined-in-image` (uid 1000) in
/// `group-defined-in-image` (gid 50000).
pub(crate) fn agnhost_with_image_user(image_ref: &str) -> bool {
    let (repo, tag) = repo_and_tag(image_ref);
    repo.ends_with("e2e-test-images/agnhost") && minor_after(&tag, "2.").is_some_and(|m| m >= 45)
}

/// An image reference's repository and tag (`latest` when it names none), lower-case.
fn repo_and_tag(image_ref: &str) -> (String, String) {
    let r = image_ref.split('@').next().unwrap_or(image_ref).to_ascii_lowercase();
    match r.rsplit_once(':').filter(|(_, t)| !t.contains('/')) {
        Some((repo, tag)) => (repo.to_string(), tag.to_string()),
        None => (r, "latest".to_string()),
    }
}

/// The minor version of a tag that starts with `major.` (`2.45-1` → 45).
fn minor_after(tag: &str, major: &str) -> Option<u32> {
    tag.strip_prefix(major).and_then(|m| m.split(|c: char| !c.is_ascii_digit()).next()).and_then(|m| m.parse().ok())
}

/// The image's own file at `path`, if it ships one podlife knows.
pub fn file(image_ref: &str, path: &str) -> Option<String> {
    if path == "/etc/group" {
        return etc_group(image_ref);
    }
    Some(match (family(image_ref), path) {
        // The packaged file begins with an empty line.
        ("nginx", "/etc/nginx/nginx.conf") => NGINX_CONF.to_string(),
        ("nginx", "/etc/nginx/conf.d/default.conf") => NGINX_DEFAULT_CONF.to_string(),
        ("nginx", "/usr/share/nginx/html/index.html") => page("Welcome to nginx!", NGINX_INDEX_BODY),
        ("nginx", "/usr/share/nginx/html/50x.html") => page("Error", NGINX_50X_BODY),
        // nginx.org's packaged nginx.conf of the 1.9 series: one worker, the error log from
        // `warn` up (no `[notice]` lines), the pid under /var/run.
        ("nginx-1.9", "/etc/nginx/nginx.conf") => NGINX_CONF.replace("processes  auto;", "processes  1;").replace("error.log notice;", "error.log warn;").replace(" /run/", " /var/run/"),
        ("nginx-1.9", "/etc/nginx/conf.d/default.conf") => NGINX_DEFAULT_CONF.replace("    listen  [::]:80;\n", ""),
        ("nginx-1.9", "/usr/share/nginx/html/index.html") => format!("<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!</title>\n{STYLE_CLASSIC}</head>\n<body>\n{NGINX_INDEX_BODY}</body>\n</html>\n"),
        ("httpd", "/usr/local/apache2/htdocs/index.html") => HTTPD_INDEX.to_string(),
        // quay.io/crio/artifact (CRI-O's test image for image volumes): two one-line files.
        ("crio-artifact", "/dir/file") => "1\n".to_string(),
        ("crio-artifact", "/file") => "2\n".to_string(),
        _ => return None,
    })
}

/// The names the image has in directory `dir` (its files and the directories leading to them).
pub fn list(image_ref: &str, dir: &str) -> Vec<&'static str> {
    match (family(image_ref), dir.trim_end_matches('/')) {
        ("nginx", "/etc/nginx") => vec!["conf.d", "nginx.conf"],
        ("nginx", "/etc/nginx/conf.d") => vec!["default.conf"],
        ("nginx", "/usr/share/nginx/html") => vec!["50x.html", "index.html"],
        ("nginx-1.9", "/etc/nginx") => vec!["conf.d", "nginx.conf"],
        ("nginx-1.9", "/etc/nginx/conf.d") => vec!["default.conf"],
        ("nginx-1.9", "/usr/share/nginx/html") => vec!["index.html"],
        ("httpd", "/usr/local/apache2") => vec!["htdocs"],
        ("crio-artifact", "") => vec!["dir", "file"],
        ("crio-artifact", "/dir") => vec!["file"],
        ("httpd", "/usr/local/apache2/htdocs") => vec!["index.html"],
        _ => vec![],
    }
}

/// Whether the image has a directory at `path` (beyond the directories every image has).
pub fn is_dir(image_ref: &str, path: &str) -> bool {
    !list(image_ref, path).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nginx_ships_its_configuration_and_pages() {
        let index = file("docker.io/library/nginx:1.27", "/usr/share/nginx/html/index.html").unwrap_or_default();
        // The packaged index.html is 615 bytes.
        assert_eq!(index.len(), 615);
        assert!(file("nginx:1.29-alpine", "/etc/nginx/nginx.conf").is_some_and(|c| c.starts_with("\nuser  nginx;\n")));
        assert_eq!(list("nginx", "/usr/share/nginx/html"), ["50x.html", "index.html"]);
        assert_eq!(file("registry.k8s.io/nginx-slim:0.27", "/etc/nginx/nginx.conf"), None);
        assert_eq!(file("busybox", "/etc/nginx/nginx.conf"), None);
        assert!(is_dir("httpd:2.4", "/usr/local/apache2/htdocs"));
        // nginx 1.9's welcome page is the 612-byte one.
        assert_eq!(file("docker.io/bprashanth/nginxhttps:1.0", "/usr/share/nginx/html/index.html").map(|p| p.len()), Some(612));
        assert!(file("bprashanth/nginxhttps:1.0", "/etc/nginx/conf.d/default.conf").is_some_and(|c| !c.contains("[::]")));
        assert!(file("bprashanth/nginxhttps:1.0", "/etc/nginx/nginx.conf").is_some_and(|c| c.contains("worker_processes  1;\n\nerror_log  /var/log/nginx/error.log warn;\npid        /var/run/nginx.pid;\n")));
    }

    #[test]
    fn group_files_of_alpine_and_agnhost() {
        let agnhost = file("registry.k8s.io/e2e-test-images/agnhost:2.45", "/etc/group").unwrap_or_default();
        assert!(agnhost.starts_with("root:x:0:root\n") && agnhost.ends_with("nobody:x:65534:\nuser-defined-in-image:x:1000:\ngroup-defined-in-image:x:50000:user-defined-in-image\n"));
        assert_eq!(file("registry.k8s.io/e2e-test-images/agnhost:2.40", "/etc/group"), None);
        assert_eq!(file("alpine:3.21", "/etc/group").map(|g| g.lines().count()), Some(35));
        assert_eq!(file("alpine:3.18", "/etc/group"), None);
        assert_eq!(file("nginx:1.27", "/etc/group"), None);
    }
}
