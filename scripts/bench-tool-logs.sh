# The log-search section of scripts/bench-tool (sourced by it; uses its measure, ratio, mib,
# side_by_side, rounds, log_lines, peers and fastcop): `fastcop match` against `rg` and grep on
# searches people run on logs every day (issue 32's table: blocklists of literals, a file of
# alert regexes, a case-insensitive alternation, a long literal, -v, a Unicode script class, a
# literal next to a class, -w), on generated web-server and application log lines
# (scripts/bench-tool.d/logs.awk; the alert regexes: scripts/bench-tool.d/alerts.txt), counting
# (-c) and printing lines, best of --rounds rounds side by side. grep is `grep -P` where it takes
# the pattern, `grep -F` for literals and `grep -E -f` for the regex file (grep -P takes a single
# pattern). Every tool's answer (the count; the printed lines' number and checksum) is checked
# first: a row whose answers differ gives no ratio, says DIFFER, and is listed under the table.

echo "==> logs: generating $log_lines log lines in $work/logs.txt, blocklists of 2,000 and 10,000 literals" >&2
awk -v n="$log_lines" -f "$peers/logs.awk" > logs.txt
awk -v n=2000 -v list=blocklist -f "$peers/logs.awk" > blocklist-2000.txt
awk -v n=10000 -v list=blocklist -f "$peers/logs.awk" > blocklist-10000.txt
cp "$peers/alerts.txt" alerts.txt
logs_bytes=$(wc -c < logs.txt)
# The files just written go to disk first: the kernel's writeback of 120 MiB of dirty pages
# ran during the first rows and took a core from whichever tool ran then. Then one untimed
# read (a machine may evict idle pages).
sync
cat logs.txt > /dev/null

# logs_search TOOL: one measured search by TOOL (fastcop, rg or grep) with the row's arguments.
logs_search() {
    case $1 in
        fastcop) measure "$1" "$fastcop" match "${mode_flags[@]}" "${logs_args[@]}" logs.txt ;;
        rg) measure "$1" rg --no-config "${mode_flags[@]}" "${logs_args[@]}" logs.txt ;;
        grep) measure "$1" env LC_ALL=C.UTF-8 grep "${logs_grep[@]}" "${mode_flags[@]}" "${logs_args[@]}" logs.txt ;;
    esac
}

logs_table=()
logs_notes=()
# logs_row NAME GREP_MODE ARGUMENT... : the rows (count, print) of a search given to all three
# tools as the same ARGUMENTs, grep with GREP_MODE (-P, -E, or "" when the arguments hold -F).
logs_row() {
    local name="$1" mode shown="" cells arg
    logs_grep=()
    [ -n "$2" ] && logs_grep=("$2")
    logs_args=("${@:3}")
    for arg in "${logs_args[@]}"; do
        if [[ $arg =~ ^[A-Za-z0-9._/,-]+$ ]]; then shown+=" $arg"; else shown+=" '$arg'"; fi
    done
    shown=${shown# }
    echo "==> logs: $name ($shown)" >&2
    for mode in count print; do
        side_by_side "$rounds" "$mode" logs_search fastcop rg grep
        cells="$(ratio "${best_s[rg]}" "${best_s[fastcop]}")x | $(ratio "${best_s[grep]}" "${best_s[fastcop]}")x"
        if [ "$same" != same ]; then
            cells="**DIFFER** | **DIFFER**"
            logs_notes+=("- $name, $mode: answers DIFFER: fastcop ${answers[fastcop]}, rg ${answers[rg]}, grep ${answers[grep]}; fastcop's stderr: $(head -c 200 err-fastcop.txt | tr '\n' ' ')")
        fi
        logs_table+=("| $name \`${shown//|/\\|}\` | $mode | ${answers[fastcop]} | ${best_s[fastcop]} s ($(mib "$fast_m") MiB) | ${best_s[rg]} s | grep ${logs_grep[*]:--F} ${best_s[grep]} s | $cells |")
        if [ "$mode" = count ] && [ "$shown" = "-F -f blocklist-10000.txt" ]; then
            logs_target="grep -F / fastcop $(ratio "${best_s[grep]}" "${best_s[fastcop]}")x, rg / fastcop $(ratio "${best_s[rg]}" "${best_s[fastcop]}")x"
            [ "$same" = same ] || logs_target="answers DIFFER (see below)"
        fi
    done
    return 0
}

logs_target=""
logs_row "a blocklist of 2,000 literals (IPs, paths, tokens)" "" -F -f blocklist-2000.txt
logs_row "a blocklist of 10,000 literals" "" -F -f blocklist-10000.txt
logs_row "a file of 10 alert regexes" -E -f alerts.txt
logs_row "a case-insensitive alternation" -P -i -e 'timeout|refused|reset by peer'
logs_row "a long literal" "" -F -e 'Go-http-client/1.1'
logs_row "-v, a literal on most lines" "" -v -F -e 'HTTP/1.1'
logs_row "a Unicode script class run" -P -e '\p{Cyrillic}{5,}'
logs_row "a short literal with a class" -P -e ' 5[0-9]{2} '
logs_row "a word, any case" -P -w -i -e error
logs_row "IPv4 addresses as words" -P -w -e '[0-9]{1,3}(\.[0-9]{1,3}){3}'
rm -f logs.txt out-fastcop.txt out-grep.txt out-rg.txt

# logs_report : the section's table, printed by bench-tool at the end.
logs_report() {
    echo "Log searches: \`fastcop match\` against \`rg\` and grep on $log_lines generated log lines, $(mib $((logs_bytes / 1024))) MiB"
    echo "(scripts/bench-tool.d/logs.awk), counting (-c) and printing lines; best of $rounds rounds side by side;"
    echo "\"lines\": the answer (the count, or the printed lines and their checksum), checked equal for every tool first:"
    echo
    echo "| search | mode | lines | fastcop | rg | grep | rg / fastcop | grep / fastcop |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|"
    for row in "${logs_table[@]}"; do echo "$row"; done
    echo
    echo "The 10,000-literal \`-F -f\` list, counting: $logs_target (issue 32's target: grep -F / fastcop at least 1.5x)."
    if [ ${#logs_notes[@]} -gt 0 ]; then
        echo
        echo "**Answers differ** (no ratio is given for these rows):"
        echo
        printf '%s\n' "${logs_notes[@]}"
    fi
    echo
}
