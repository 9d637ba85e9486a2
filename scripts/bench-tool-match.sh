# The match section of scripts/bench-tool (sourced by it; uses its measure, ratio, mib, table,
# rows, big and fastcop): `fastcop match` against `grep -P` and `rg` on generated log lines,
# counting (-c) and printing lines, best of several rounds side by side, every answer checked
# identical (counts, and the printed lines' checksums) before any time is compared.

# Log-like lines: emails (some whole-line), words, non-ASCII names, a rare marker.
awk -v rows="$rows" 'BEGIN {
    srand(18)
    split("apple banana cherry grape lemon mango peach plum kiwi olive", fruit, " ")
    split("Zoë Ærø Øster Émile Ñandú Straße Łódź Ğüneş Ωmega Привет", name, " ")
    split("info debug Warning ERROR notice", level, " ")
    for (i = 1; i <= rows; i++) {
        r = rand()
        if (r < 0.30) {
            printf "user%d.%s@example%d.com\n", i, fruit[int(rand() * 10) + 1], i % 50
        } else if (r < 0.35) {
            printf "%s %d <user%d@mail.example.org>\n", name[int(rand() * 10) + 1], i, i
        } else {
            printf "%d %s request %s id=%d took %dms from host-%d", i, level[int(rand() * 5) + 1], fruit[int(rand() * 10) + 1], i * 7, int(rand() * 900), i % 97
            if (i % 99991 == 0) printf " zebra%d", i
            printf "\n"
        }
    }
}' > match-lines.txt

# NAME|PATTERN|EXTRA FLAG ("-i" or empty)
match_patterns=(
    'literal|example7\.com|'
    'case-insensitive literal|warning|-i'
    'anchored whole-line email|^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$|'
    'alternation of 5 words|apple|banana|cherry|grape|lemon|'
    'Unicode class|\p{Lu}\p{Ll}+ß|'
    'sparse match|zebra[0-9]+|'
)

# match_search TOOL: one measured search by TOOL (fastcop, grep or rg) for $pattern with $flag in $file.
match_search() {
    case $1 in
        fastcop) measure "$1" "$fastcop" match "${mode_flags[@]}" $flag -e "$pattern" "$file" ;;
        grep) measure "$1" env LC_ALL=C.UTF-8 grep -P "${mode_flags[@]}" $flag -e "$pattern" "$file" ;;
        rg) measure "$1" rg --no-config "${mode_flags[@]}" $flag -e "$pattern" "$file" ;;
    esac
}

# match_rows FILE LABEL ROUNDS: one table row per pattern and mode (count, print).
match_rows() {
    local file="$1" label="$2" rounds="$3"
    local spec name rest pattern flag mode result
    for spec in "${match_patterns[@]}"; do
        name=${spec%%|*}; rest=${spec#*|}; flag=${rest##*|}; pattern=${rest%|*}
        for mode in count print; do
            side_by_side "$rounds" "$mode" match_search fastcop grep rg
            result="grep/fastcop $(ratio "${best_s[grep]}" "${best_s[fastcop]}")x, rg/fastcop $(ratio "${best_s[rg]}" "${best_s[fastcop]}")x (same: ${answers[fastcop]})"
            [ "$same" = same ] || result="**answers DIFFER**: fastcop ${answers[fastcop]}, grep ${answers[grep]}, rg ${answers[rg]}"
            table+=("| match $label: $name \`${pattern//|/\\|}\` $flag, $mode | fastcop ${best_s[fastcop]} s ($(mib "$fast_m") MiB) | grep -P ${best_s[grep]} s | rg ${best_s[rg]} s | $result |")
        done
    done
}

echo "==> match: fastcop match vs grep -P vs rg, -c and printing lines, best of ${match_rounds[0]}" >&2
# One untimed read of each file first (a machine may evict idle pages).
# (The file goes to disk first, so that writeback does not run during the first rows.)
sync
cat match-lines.txt > /dev/null
match_rows match-lines.txt "$rows lines" "${match_rounds[0]}"
if [ "$big" = 1 ]; then
    echo "==> match: the same on a 1 GB file, best of ${match_rounds[1]:-2}" >&2
    cp match-lines.txt match-big.txt
    while [ "$(stat -c %s match-big.txt)" -lt 1073741824 ]; do cat match-lines.txt >> match-big.txt; done
    sync
    cat match-big.txt > /dev/null
    match_rows match-big.txt "$(mib $(($(stat -c %s match-big.txt) / 1024))) MiB" "${match_rounds[1]:-2}"
    rm -f match-big.txt
fi
rm -f match-lines.txt out-fastcop.txt out-grep.txt out-rg.txt
