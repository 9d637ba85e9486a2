# Web-server and application log lines for scripts/bench-tool's log searches (deterministic:
# srand(32)), and blocklists of literals for them.
#   awk -v n=LINES -f logs.awk > logs.txt                      # about 126 bytes a line
#   awk -v n=LITERALS -v list=blocklist -f logs.awk > list.txt # IPs, paths, tokens
# Lines: access lines (client IP, time, method, path, HTTP/1.1 on most, status with a few
# percent of 4xx and 5xx, bytes, user agent, Go-http-client/1.1 on some) and application lines
# in two formats (bracketed levels ERROR, WARN, INFO, DEBUG; logfmt with level=error and the
# like), whose messages carry upstream IPv4 addresses and ports, timeouts, refused and reset
# connections in mixed case at a few percent, rare alerts (scripts/bench-tool.d/alerts.txt),
# Cyrillic and other non-ASCII text. Clients, paths and tokens come from fixed pools, so that a
# blocklist (generated from the same pools) names some literals present in the data; its
# literals overlap and are prefixes of one another ("10.4.7.1", "10.4.7.12"), and a few are
# not ASCII.
function ip(j) { return first[j % 12 + 1] "." int(j / 12) % 256 "." (j * 37) % 256 "." (j * 101 + 7) % 254 + 1 }
function token(k) { return sprintf("tok_%04x%04x", (k * 2749) % 65536, (k * 12289 + 1) % 65521) }
function path(k, r) {
    r = k % 10
    if (r < 4) return "/api/v1/users/" k % 20000
    if (r < 6) return "/api/v1/orders/" k % 50000 "/items"
    if (r < 7) return "/static/js/app." token(k % 300) ".js"
    if (r < 8) return "/search?q=" word[int(k / 10) % nword + 1] "&page=" k % 50
    if (r < 9) return "/files/" k % 3000 "/" file[int(k / 10) % nfile + 1]
    return "/health"
}
function pick(a, n) { return a[int(rand() * n) + 1] }
BEGIN {
    srand(32)
    nip = 40000; ntoken = 20000
    split("10 172 192 203 198 45 81 91 104 151 185 62", first, " ")
    nword = split("shoes книги café straße Zürich 東京 laptop москва garden naïve", word, " ")
    nfile = split("report.pdf Отчёт-2026.pdf données.csv invoice.xlsx photo.jpg", file, " ")
    nscan = split("/wp-login.php /wp-admin/setup-config.php /.env /phpmyadmin/index.php /.git/config", scan, " ")
    if (list == "blocklist") {
        for (i = 1; i <= n; i++) {
            r = rand()
            if (r < 0.35) print ip(int(rand() * nip * 4))  # a quarter from the clients' pool
            else if (r < 0.40) { s = ip(int(rand() * nip)); print substr(s, 1, length(s) - 1) }
            else if (r < 0.65) print token(int(rand() * ntoken * 5))
            else if (r < 0.85) print "/api/v1/users/" int(rand() * 400000)
            else if (r < 0.95) print "/admin/" token(int(rand() * 1000000)) "/"
            else if (r < 0.97) print "/files/" int(rand() * 6000) "/" pick(file, nfile)
            else if (r < 0.99) print "/search?q=" pick(word, nword) "&page=" int(rand() * 100)
            else print pick(scan, nscan)
        }
        exit
    }
    split("GET GET GET GET GET GET POST POST PUT DELETE", method, " ")
    nagent = split("Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0|curl/8.4.0|" \
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36|" \
        "python-requests/2.31.0|kube-probe/1.28|Go-http-client/2.0|Googlebot/2.1 (+http://www.google.com/bot.html)", agent, "|")
    nservice = split("orders payments auth search gateway inventory", service, " ")
    nok = split("request completed|cache hit for key|user logged in|job finished in 42 ms|" \
        "пользователь вошёл в систему|заказ оформлен успешно|Bestellung für Zürich bestätigt|" \
        "commande validée à Orléans|errors=0 warnings=2|retry ok|ответ получен|health check passed|" \
        "session refreshed|payment authorized|config reloaded|queue depth 0|connection pool resized to 32|" \
        "flushed 128 records|index rebuilt|feature flag evaluated|sent 2 notifications", ok, "|")
    nbad = split("upstream timeout after 30s|Timeout waiting for connection from pool|" \
        "dial tcp: connection refused|Connection Refused by upstream|read: connection reset by peer|" \
        "write: Connection reset by peer|context deadline exceeded (Client.Timeout exceeded)", bad, "|")
    nalert = split("java.lang.OutOfMemoryError: Java heap space|kernel: worker segfault at 7f3a9c ip 55d2e1 sp 7ffd error 4|" \
        "disk full on /var/lib/data|certificate has expired for api.example.com|authentication failed for user admin|" \
        "panic: runtime error: index out of range|deadlock detected, transaction rolled back|too many open files|" \
        "latency=4312ms above budget|ошибка: недостаточно памяти", alert, "|")
    split("ERROR WARN INFO INFO INFO DEBUG", level, " ")
    split("error warn info info debug", lower, " ")
    for (i = 1; i <= n; i++) {
        sec = int(i * 86400 / (n + 1))
        hms = sprintf("%02d:%02d:%02d", int(sec / 3600), int(sec / 60) % 60, sec % 60)
        r = rand()
        if (r < 0.72) {
            k = int(rand() * 200000)
            p = rand() < 0.005 ? pick(scan, nscan) : path(k)
            s = rand()
            status = s < 0.80 ? 200 : s < 0.86 ? 304 : s < 0.90 ? 301 : s < 0.95 ? 404 : s < 0.97 ? 403 : s < 0.985 ? 500 : s < 0.993 ? 502 : 503
            if (p ~ /^\/(wp-|\.env|phpmyadmin|\.git)/) status = 404
            a = rand() < 0.04 ? "Go-http-client/1.1" : pick(agent, nagent)
            printf "%s - - [06/Dec/2026:%s +0000] \"%s %s %s\" %d %d \"-\" \"%s\"\n", ip(int(rand() * nip)), hms,
                pick(method, 10), p, rand() < 0.9 ? "HTTP/1.1" : "HTTP/2.0", status, int(rand() * 60000), a
            continue
        }
        s = rand()
        if (s < 0.0005) m = pick(alert, nalert)
        else if (s < 0.05) m = pick(bad, nbad) " " ip(int(rand() * 600)) ":" (rand() < 0.5 ? 443 : 8443)
        else if (s < 0.10) m = "request from " ip(int(rand() * nip)) " token=" token(int(rand() * ntoken))
        else m = pick(ok, nok) " id=" int(rand() * 1000000)
        l = int(rand() * 6) + 1
        if (r < 0.85) printf "2026-12-06T%s.%03dZ %-5s [%s] %s\n", hms, int(rand() * 1000), s < 0.05 ? "ERROR" : level[l], pick(service, nservice), m
        else printf "time=2026-12-06T%s level=%s service=%s msg=\"%s\" error_code=%d\n", hms, s < 0.05 ? "error" : lower[(l - 1) % 5 + 1], pick(service, nservice), m, s < 0.05 ? 57 : 0
    }
}
