import DialRulesTestSupport
import Foundation
import Testing

@testable import ShotLog

/// The Connection/Statement layer: typed errors that carry the SQL, binding, transactions.
@Suite struct ConnectionTests {
  let directory = TemporaryDirectory()

  func connection() throws -> Connection {
    try Connection(path: directory.file("c.sqlite"), mode: .readWriteCreate)
  }

  @Test func syntaxErrorCarriesTheSQLAndTheCode() throws {
    let c = try connection()
    let error = #expect(throws: SQLiteError.self) { try c.prepare("SELEC 1") }
    #expect(error?.code.primary == .error)
    #expect(error?.sql == "SELEC 1")
    #expect(error?.message.contains("syntax error") == true)
  }

  @Test func constraintViolationsReportTheExtendedCode() throws {
    let c = try connection()
    try c.execute("CREATE TABLE t (name TEXT UNIQUE)")
    try c.run("INSERT INTO t VALUES (?)", ["a"])
    let error = #expect(throws: SQLiteError.self) { try c.run("INSERT INTO t VALUES (?)", ["a"]) }
    #expect(error?.code.primary == .constraint)
    #expect(error?.code.rawValue == 2067)  // SQLITE_CONSTRAINT_UNIQUE
    #expect(error?.sql == "INSERT INTO t VALUES (?)")
    #expect(error?.description.contains("UNIQUE constraint failed: t.name") == true)
  }

  @Test func valuesRoundTripThroughEveryType() throws {
    let c = try connection()
    try c.execute("CREATE TABLE v (a, b, c, d, e)")
    let text = "Ætiopia — 18 g \"washed\"\n☕"
    try c.run(
      "INSERT INTO v VALUES (?, ?, ?, ?, ?)",
      [SQLValue.null, Int64.max, SQLValue.real(0.5), text, SQLValue.blob([0, 1, 255])])
    let row = try c.first("SELECT a, b, c, d, e FROM v") {
      [$0.value(0), $0.value(1), $0.value(2), $0.value(3), $0.value(4)]
    }
    #expect(row == [.null, .integer(Int64.max), .real(0.5), .text(text), .blob([0, 1, 255])])
  }

  @Test func wrongArgumentCountIsAnErrorNotACrash() throws {
    let c = try connection()
    let error = #expect(throws: SQLiteError.self) { try c.run("SELECT ?, ?", [1]) }
    #expect(error?.message == "expected 2 arguments, got 1")
  }

  @Test func aThrowingTransactionRollsBack() throws {
    let c = try connection()
    try c.execute("CREATE TABLE t (x INTEGER)")
    struct Boom: Error {}
    #expect(throws: Boom.self) {
      try c.transaction {
        try c.run("INSERT INTO t VALUES (1)")
        throw Boom()
      }
    }
    #expect(try c.first("SELECT count(*) FROM t") { $0.int(0) } == 0)
    #expect(!c.isInTransaction)
    try c.transaction { try c.run("INSERT INTO t VALUES (2)") }
    #expect(try c.first("SELECT count(*) FROM t") { $0.int(0) } == 1)
  }

  @Test func cachedStatementsAreResetBetweenUses() throws {
    let c = try connection()
    try c.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3);")
    // Stop after the first row, then run the same statement again: it must start over.
    #expect(try c.first("SELECT x FROM t ORDER BY x") { $0.int(0) } == 1)
    #expect(try c.query("SELECT x FROM t ORDER BY x") { $0.int(0) } == [1, 2, 3])
  }
}
