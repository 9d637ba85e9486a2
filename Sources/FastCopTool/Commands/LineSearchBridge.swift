import FastCopRecords

// TODO(merge): the block search (LineSearch, LineBlockReader, ByteScan, CandidateLines) moves to
// the library's Sources/FastCop/Lines on the line-engine branch; these names let the tool's copy
// build against FastCopRecords until then. Delete this file when the tool's copy is gone.
typealias InputSource = FastCopRecords.InputSource
typealias ASCII = FastCopRecords.ASCII
