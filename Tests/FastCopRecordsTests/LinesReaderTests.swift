import Testing

@testable import FastCopRecords
