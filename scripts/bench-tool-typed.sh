# The typed section of scripts/bench-tool (sourced by it; uses its measure, ratio, mib, rows,
# rounds, fastcop, python, peers, typed_tools and frictionless_rows): `fastcop clean --schema`
# against Polars and DuckDB applying the same Table Schema (scripts/bench-tool.d/typed-schema.json:
# integers, numbers with a decimal comma, booleans, an enum, ISO and d/m/Y dates, datetimes, a
# pattern, required cells and a unique primary key) to generated typed rows
# (scripts/bench-tool.d/typed.awk, a few percent of errors of each kind), with frictionless-py's
# meanings (scripts/bench-tool.d/typed_schema.py says which); and a smaller file against
# frictionless-py itself, the reference, whose rejected rows every tool's must equal.
#
# Until `fastcop clean` has --schema, the peers run alone (and are checked against each other
# and frictionless-py): the section says so.

typed_dir="${TMPDIR:-/tmp}/fastcop-bench-typed"
mkdir -p "$typed_dir"
cd "$typed_dir"
schema="$peers/typed-schema.json"

typed_has_schema=0
if "$fastcop" clean --help 2>&1 | grep -q -- --schema; then typed_has_schema=1; fi
typed_run=()
for tool in "${typed_tools[@]}"; do
    case "$tool" in
        fastcop|fastcop-1) [ "$typed_has_schema" = 1 ] && typed_run+=("$tool") ;;
        polars|duckdb) typed_run+=("$tool") ;;
        *) echo "bench-tool: unknown typed tool $tool (fastcop, fastcop-1, polars, duckdb)" >&2; exit 2 ;;
    esac
done
if [ ${#typed_run[@]} -eq 0 ]; then echo "bench-tool: no typed tool to run" >&2; exit 2; fi
typed_base="${typed_run[0]}"

echo "==> typed: generating $rows rows in $typed_dir/typed.csv" >&2
awk -v n="$rows" -f "$peers/typed.awk" > typed.csv
typed_bytes=$(wc -c < typed.csv)

# run_typed TOOL DATA : one measured run of TOOL on DATA (typed.csv or typed-small.csv); its
# outputs go to DATA's stem-TOOL-clean.csv and -rejects.csv (frictionless: -rows.txt).
run_typed() {
    local stem="${2%.csv}"
    case "$1" in
        fastcop) measure "$1" "$fastcop" clean --schema "$schema" --rejects "$stem-$1-rejects.csv" \
            -o "$stem-$1-clean.csv" --summary none "$2" ;;
        fastcop-1) measure "$1" "$fastcop" clean --schema "$schema" --jobs 1 --rejects "$stem-$1-rejects.csv" \
            -o "$stem-$1-clean.csv" --summary none "$2" ;;
        polars) measure "$1" "$python" "$peers/typed_polars.py" "$2" "$schema" "$stem-$1-clean.csv" "$stem-$1-rejects.csv" ;;
        duckdb) measure "$1" "$python" "$peers/typed_duckdb.py" "$2" "$schema" "$stem-$1-clean.csv" "$stem-$1-rejects.csv" ;;
        frictionless) measure "$1" "$python" "$peers/typed_frictionless.py" "$2" "$schema" "$stem-$1-rows.txt" ;;
    esac
    if [ "$1" = frictionless ]; then
        [ -s "out-$1.txt" ] || { echo "bench-tool: frictionless-py failed:" >&2; cat "err-$1.txt" >&2; exit 1; }
    elif [ ! -f "$stem-$1-clean.csv" ] || [ ! -f "$stem-$1-rejects.csv" ]; then
        echo "bench-tool: $1 wrote no clean or rejects file on $2:" >&2; cat "err-$1.txt" >&2; exit 1
    fi
}
# typed_counts TOOL STEM : "CLEAN REJECTED" from the tool's outputs.
typed_counts() {
    if [ "$1" = frictionless ]; then cat out-frictionless.txt
    else "$python" "$peers/count_csv.py" "$2-$1-clean.csv" "$2-$1-rejects.csv"; fi
}

echo "==> typed: ${typed_run[*]}; $rounds interleaved rounds" >&2
declare -A typed_wall typed_cpu typed_mem typed_count
typed_round_ratios=()
for ((round = 1; round <= rounds; round++)); do
    for tool in "${typed_run[@]}"; do
        rm -f "typed-$tool-clean.csv" "typed-$tool-rejects.csv"
        run_typed "$tool" typed.csv
        case "$tool" in
            fastcop) typed_round_all=$seconds ;;
            fastcop-1) typed_round_ratios+=("$(ratio "$seconds" "$typed_round_all")") ;;
        esac
        if [ "$round" = 1 ]; then
            # The counts first, then the very rows rejected (their _row numbers).
            typed_count[$tool]=$(typed_counts "$tool" typed)
            if [ "${typed_count[$tool]}" != "${typed_count[$typed_base]}" ]; then
                echo "bench-tool: typed: $tool gave ${typed_count[$tool]} clean and rejected rows, $typed_base ${typed_count[$typed_base]}" >&2
                "$python" "$peers/typed_verdicts.py" "typed-$tool-rejects.csv" "typed-$typed_base-rejects.csv" >&2 || true
                exit 1
            fi
            if [ "$tool" != "$typed_base" ] && ! "$python" "$peers/typed_verdicts.py" "typed-$tool-rejects.csv" \
                "typed-$typed_base-rejects.csv" > "verdicts-$tool.txt"; then
                echo "bench-tool: typed: $tool and $typed_base rejected different rows:" >&2
                cat "verdicts-$tool.txt" >&2
                exit 1
            fi
        fi
        if [ -z "${typed_wall[$tool]:-}" ] || awk -v a="$seconds" -v b="${typed_wall[$tool]}" 'BEGIN { exit !(a < b) }'; then
            typed_wall[$tool]=$seconds
        fi
        if [ -z "${typed_cpu[$tool]:-}" ] || awk -v a="$cpu_seconds" -v b="${typed_cpu[$tool]}" 'BEGIN { exit !(a < b) }'; then
            typed_cpu[$tool]=$cpu_seconds
        fi
        if [ -z "${typed_mem[$tool]:-}" ] || [ "$peak" -lt "${typed_mem[$tool]}" ]; then typed_mem[$tool]=$peak; fi
    done
done

declare -A typed_label=([fastcop]="\`fastcop clean --schema\` (all $(nproc) cores)" [fastcop-1]="\`fastcop clean --schema --jobs 1\`"
    [polars]="Polars $("$python" -c 'import polars; print(polars.__version__)')"
    [duckdb]="DuckDB $("$python" -c 'import duckdb; print(duckdb.__version__)')"
    [frictionless]="frictionless-py $("$python" -c 'import frictionless; print(frictionless.__version__)')")
typed_table=()
for tool in "${typed_run[@]}"; do
    per_row=$(awk -v s="${typed_cpu[$tool]}" -v n="$rows" 'BEGIN { printf "%.2f", s * 1e6 / n }')
    typed_table+=("| ${typed_label[$tool]} | ${typed_wall[$tool]} s | ${typed_cpu[$tool]} s | $per_row µs | $(mib "${typed_mem[$tool]}") MiB | $(ratio "${typed_wall[$tool]}" "${typed_wall[$typed_base]}")x | $(ratio "${typed_cpu[$tool]}" "${typed_cpu[$typed_base]}")x |")
done

# ---- against frictionless-py, on the first frictionless_rows rows (typed.awk's rows do not
# depend on how many are asked for) ----
typed_fl_table=()
typed_fl_notes=()
if [ "$frictionless_rows" -gt 0 ]; then
    if [ "$frictionless_rows" -le "$rows" ]; then head -n $((frictionless_rows + 1)) typed.csv > typed-small.csv
    else awk -v n="$frictionless_rows" -f "$peers/typed.awk" > typed-small.csv; fi
    echo "==> typed: frictionless-py on $frictionless_rows rows (about 5,000 rows/s), then ${typed_run[*]}, one run each" >&2
    declare -A fl_wall fl_cpu fl_mem
    for tool in frictionless "${typed_run[@]}"; do
        rm -f "typed-small-$tool-clean.csv" "typed-small-$tool-rejects.csv" "typed-small-$tool-rows.txt"
        run_typed "$tool" typed-small.csv
        fl_wall[$tool]=$seconds; fl_cpu[$tool]=$cpu_seconds; fl_mem[$tool]=$peak
        counts=$(typed_counts "$tool" typed-small)
        if [ "$tool" = frictionless ]; then fl_counts=$counts; continue; fi
        if "$python" "$peers/typed_verdicts.py" "typed-small-$tool-rejects.csv" typed-small-frictionless-rows.txt \
            > "verdicts-small-$tool.txt"; then
            verdict="same rows"
        else
            verdict="**differs**"
            typed_fl_notes+=("$tool against frictionless-py (clean and rejected rows: $tool ${counts/ / + }, frictionless-py ${fl_counts/ / + }):")
            while IFS= read -r line; do typed_fl_notes+=("    $line"); done < "verdicts-small-$tool.txt"
            # A peer's meanings are frictionless-py's by construction: a difference is a bug there.
            case "$tool" in polars|duckdb) printf '%s\n' "${typed_fl_notes[@]}" >&2; exit 1 ;; esac
        fi
        typed_fl_table+=("| ${typed_label[$tool]} | ${fl_wall[$tool]} s | ${fl_cpu[$tool]} s | $(mib "${fl_mem[$tool]}") MiB | $(ratio "${fl_wall[frictionless]}" "${fl_wall[$tool]}")x | $verdict |")
    done
    typed_fl_table=("| ${typed_label[frictionless]} | ${fl_wall[frictionless]} s | ${fl_cpu[frictionless]} s | $(mib "${fl_mem[frictionless]}") MiB | 1.00x | the reference |" "${typed_fl_table[@]}")
fi
cd "$work"

# typed_report : the section's tables, printed by bench-tool at the end.
typed_report() {
    read -r clean_rows reject_rows <<< "${typed_count[$typed_base]}"
    echo "Typed checks (a Table Schema, scripts/bench-tool.d/typed-schema.json) on $rows generated typed rows,"
    echo "$(mib $((typed_bytes / 1024))) MiB: $clean_rows clean + $reject_rows rejected rows, the same rows from every tool; best of"
    echo "$rounds interleaved rounds for each column; CPU is user + system:"
    if [ "$typed_has_schema" = 0 ]; then
        echo
        echo "(\`fastcop clean\` has no --schema yet: the peers alone, against $typed_base.)"
    fi
    echo
    echo "| tool | wall time | CPU time | CPU per row | peak memory | wall / $typed_base's | CPU / $typed_base's |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for row in "${typed_table[@]}"; do echo "$row"; done
    echo
    if [ -n "${typed_wall[fastcop-1]:-}" ] && [ -n "${typed_wall[fastcop]:-}" ]; then
        echo "fastcop clean --schema, all cores against --jobs 1: $(ratio "${typed_wall[fastcop-1]}" "${typed_wall[fastcop]}")x faster in wall time."
        echo
    fi
    if [ "$frictionless_rows" -gt 0 ]; then
        read -r clean_rows reject_rows <<< "$fl_counts"
        echo "Against frictionless-py (the reference) on the first $frictionless_rows rows: $clean_rows clean + $reject_rows rejected;"
        echo "one run each; \"same rows\": the tool rejected exactly the data rows frictionless-py did:"
        echo
        echo "| tool | wall time | CPU time | peak memory | frictionless-py's wall / tool's | rejected rows |"
        echo "|---|---:|---:|---:|---:|---|"
        for row in "${typed_fl_table[@]}"; do echo "$row"; done
        echo
        if [ ${#typed_fl_notes[@]} -gt 0 ]; then printf '%s\n' "${typed_fl_notes[@]}"; echo; fi
    fi
}
