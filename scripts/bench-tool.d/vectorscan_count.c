// The Vectorscan measurement of docs/benchmarks.md (issue 32: "consider Vectorscan"): counts the
// lines of FILE holding a match of any pattern of PATTERNS (one per line; -F: literals), with
// one block-mode database scanned over the whole mapped file. Not part of the build; to run it:
//   apt-get install libvectorscan-dev
//   cc -O2 -o vectorscan_count scripts/bench-tool.d/vectorscan_count.c -lhs
//   ./vectorscan_count -F blocklist-2000.txt logs.txt
// A match is counted on the line where it ends: patterns that could cross a line (`[^"]*`) must
// exclude LF first. Lines are counted as matches come, which assumes they come in order of end
// offset (Vectorscan does not promise it; check the count against another tool's). Written for
// FastCop.
#include <hs/hs.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

static const char *data;
static long data_size;
static long last_line_end = -1;  // the end (LF offset) of the last line counted
static long count = 0;

static int on_match(unsigned int id, unsigned long long from, unsigned long long to, unsigned int flags, void *ctx) {
    (void)id, (void)from, (void)flags, (void)ctx;
    // A match ending at `to` is on the line containing byte to-1 (matches never cross LF here).
    if ((long)to <= last_line_end) return 0;
    long last = (long)to - (to > 0 ? 1 : 0);
    const char *nl = memchr(data + last, '\n', (size_t)(data_size - last));
    last_line_end = nl ? nl - data : (long)to;
    count++;
    return 0;
}

int main(int argc, char **argv) {
    int literal = argc == 4 && strcmp(argv[1], "-F") == 0;
    const char *patterns_path = argv[argc - 2], *path = argv[argc - 1];
    if (argc != 3 && !literal) { fprintf(stderr, "usage: vectorscan_count [-F] PATTERNS FILE\n"); return 2; }
    FILE *pf = fopen(patterns_path, "r");
    if (!pf) { perror(patterns_path); return 2; }
    char **patterns = NULL; size_t *lengths = NULL; unsigned *ids = NULL, *flags = NULL; size_t n = 0, cap = 0;
    char *line = NULL; size_t linecap = 0; ssize_t len;
    while ((len = getline(&line, &linecap, pf)) > 0) {
        if (line[len - 1] == '\n') line[--len] = 0;
        if (len == 0) continue;
        if (n == cap) { cap = cap ? 2 * cap : 64; patterns = realloc(patterns, cap * sizeof *patterns);
            lengths = realloc(lengths, cap * sizeof *lengths); ids = realloc(ids, cap * sizeof *ids);
            flags = realloc(flags, cap * sizeof *flags); }
        patterns[n] = strdup(line); lengths[n] = len; ids[n] = n; flags[n] = 0; n++;
    }
    hs_database_t *db = NULL; hs_compile_error_t *err = NULL;
    hs_error_t rc = literal
        ? hs_compile_lit_multi((const char *const *)patterns, flags, ids, lengths, n, HS_MODE_BLOCK, NULL, &db, &err)
        : hs_compile_multi((const char *const *)patterns, flags, ids, n, HS_MODE_BLOCK, NULL, &db, &err);
    if (rc != HS_SUCCESS) { fprintf(stderr, "compile: %s\n", err ? err->message : "?"); return 2; }
    int fd = open(path, O_RDONLY); struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || st.st_size == 0) { perror(path); return 2; }
    data_size = st.st_size;
    data = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (data == MAP_FAILED) { perror("mmap"); return 2; }
    hs_scratch_t *scratch = NULL; hs_alloc_scratch(db, &scratch);
    if (hs_scan(db, data, st.st_size, 0, scratch, on_match, NULL) != HS_SUCCESS) { fprintf(stderr, "scan failed\n"); return 2; }
    printf("%ld\n", count);
    return 0;
}
