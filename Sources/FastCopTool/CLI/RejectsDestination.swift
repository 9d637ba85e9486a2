import Foundation

/// Where `fastcop clean` sends rejected rows. No row is dropped unless the user asks for it.
///
/// The design: with `-o CLEAN` naming a file and no `--rejects`, rejects go next to it, to
/// CLEAN's name with `.rejects` before the extension (`clean.csv` -> `clean.rejects.csv`); the
/// file is always written (a header-only file when nothing was rejected), so a stale one from an
/// earlier run never passes for this run's. When CLEAN is stdout (or a device or pipe) there is
/// no file to put them beside, and stderr is no place for rows (it carries the summary, the
/// progress bar and errors, and is often sent to /dev/null), so the run stops before reading
/// anything and asks for `--rejects REJECTS` or `--discard-rejects`. `--discard-rejects` drops
/// them on request; the summary says so. In `--output-mode lines` every row goes to CLEAN.
enum RejectsDestination: Equatable {
    /// `--rejects REJECTS` (`-` is stdout).
    case given(String)
    /// No `--rejects`: CLEAN's name with `.rejects` before its extension.
    case besideClean(String)
    /// `--discard-rejects`.
    case discarded
    /// `--output-mode lines`: rejected rows are lines of CLEAN.
    case inClean

    /// The file or `-` to open, when rejects are written on their own.
    var path: String? {
        switch self {
        case .given(let path), .besideClean(let path): return path
        case .discarded, .inClean: return nil
        }
    }

    /// The rejects' default path for `cleanPath`: `clean.csv` -> `clean.rejects.csv`,
    /// `out/data.jsonl` -> `out/data.rejects.jsonl`, `clean` -> `clean.rejects`.
    static func besideClean(of cleanPath: String) -> String {
        let slash = cleanPath.lastIndex(of: "/")
        let nameStart = slash.map { cleanPath.index(after: $0) } ?? cleanPath.startIndex
        let name = cleanPath[nameStart...]
        // A leading dot (`.hidden`) starts the name, not an extension.
        guard let dot = name.dropFirst().lastIndex(of: ".") else { return cleanPath + ".rejects" }
        return String(cleanPath[..<dot]) + ".rejects" + String(cleanPath[dot...])
    }

    /// Whether two paths name the same existing file (or are the same text), following
    /// symbolic links as the outputs are written through them.
    static func sameFile(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        var one = stat()
        var other = stat()
        guard stat(first, &one) == 0, stat(second, &other) == 0 else { return false }
        return one.st_dev == other.st_dev && one.st_ino == other.st_ino
    }

    /// Whether `path` is a regular file (or a link to one, which the output is written
    /// through) or a path not yet created (so a rejects file can be put beside it), not
    /// stdout, a device or a pipe.
    static func isFilePath(_ path: String) -> Bool {
        guard path != "-" else { return false }
        var status = stat()
        guard stat(path, &status) == 0 else { return true }
        return status.st_mode & S_IFMT == S_IFREG
    }
}
