import DialRules

/// Runs a `LanguageServer` over two file descriptors (standard input and output): `dialrules lsp`.
///
/// Three threads: a reader that frames standard input into messages, the loop that hands them to
/// the server and writes its answers, and a worker that runs the table analysis. The fast
/// diagnostics (lex, parse, check) go out as soon as a change arrives; the analysis of a version
/// starts once the document has not changed for `analysisDelay`, and runs off the loop, so a slow
/// table (bounded by `AnalysisLimits`, with A009 when it stops) never delays a keystroke, a hover
/// or a completion. A result for a version that was edited meanwhile is dropped.
package enum ServerLoop {
  package struct Options: Sendable {
    /// How long a document must stay unchanged before its analysis starts.
    var analysisDelay: Duration
    var serverVersion: String
    package init(analysisDelay: Duration = .milliseconds(150), serverVersion: String) {
      self.analysisDelay = analysisDelay
      self.serverVersion = serverVersion
    }
  }

  /// Serves until `exit` or end of input; returns the process status: 0 after `shutdown`, 1
  /// without (LSP 3.17: the client went away, or sent `exit` without `shutdown`).
  package static func run(input: Int32, output: Int32, options: Options) -> Int32 {
    FileDescriptorSink.ignoreBrokenPipes()
    let events = EventQueue()
    let worker = AnalysisWorker(events: events)
    DetachedThread.start {
      var reader = MessageReader(FileDescriptorSource(fd: input))
      while true {
        let next = reader.next()
        events.post(.input(next))
        if next == .end { return }
      }
    }
    worker.start()
    defer { worker.stop() }

    let sink = FileDescriptorSink(fd: output)
    let server = LanguageServer(analysisMode: .deferred, serverVersion: options.serverVersion)
    var due: [String: (version: Int, at: ContinuousClock.Instant)] = [:]
    let clock = ContinuousClock()
    while true {
      let wake = due.values.map(\.at).min()
      let batch = events.wait(until: wake)
      var inputs: [FramedInput] = []
      var ended = false
      for event in batch {
        switch event {
        case .input(.end): ended = true
        case .input(let input): inputs.append(input)
        case .analysis(let job, let analysis):
          if !inputs.isEmpty {
            server.handle(inputs)
            inputs.removeAll()
          }
          server.analysisFinished(job, findings: analysis.findings, properties: analysis.properties)
        }
      }
      if !inputs.isEmpty { server.handle(inputs) }
      for message in server.takeOutput() where !sink.write(framed(message.jsonBytes)) {
        return server.state == .shutDown ? 0 : 1
      }
      if let status = server.exitStatus { return status }
      if ended { return server.state == .shutDown ? 0 : 1 }
      // A new version restarts its document's wait; a due one goes to the worker.
      let now = clock.now
      for (uri, job) in server.pendingAnalysis where due[uri]?.version != job.version {
        due[uri] = (job.version, now + options.analysisDelay)
      }
      for (uri, entry) in due where entry.at <= now {
        due[uri] = nil
        if let job = server.takeAnalysisJob(for: uri), job.version == entry.version { worker.submit(job) }
      }
      for uri in due.keys where server.pendingAnalysis[uri] == nil { due[uri] = nil }
    }
  }
}

/// What the loop waits for: framed input from the reader, finished analyses from the worker.
enum ServerEvent: Sendable {
  case input(FramedInput)
  case analysis(LanguageServer.AnalysisJob, Analysis)
}

/// A queue of events between threads.
final class EventQueue: @unchecked Sendable {
  // @unchecked: `events` is only touched with `condition` locked.
  private let condition = WaitCondition()
  private var events: [ServerEvent] = []

  func post(_ event: ServerEvent) {
    condition.lock()
    events.append(event)
    condition.signal()
    condition.unlock()
  }

  /// Every event queued, waiting for at least one — or until `deadline`, when there is one.
  func wait(until deadline: ContinuousClock.Instant?) -> [ServerEvent] {
    condition.lock()
    defer { condition.unlock() }
    while events.isEmpty {
      if let deadline {
        let left = ContinuousClock.now.duration(to: deadline)
        if left <= .zero { return [] }
        condition.wait(for: left)
      } else {
        condition.wait()
      }
    }
    defer { events.removeAll() }
    return events
  }
}

/// Runs table analyses one at a time on its own thread; a document's newer job replaces an older
/// one still waiting.
final class AnalysisWorker: @unchecked Sendable {
  // @unchecked: `jobs` and `stopped` are only touched with `condition` locked.
  private let condition = WaitCondition()
  private var jobs: [String: LanguageServer.AnalysisJob] = [:]
  private var stopped = false
  private let events: EventQueue

  init(events: EventQueue) {
    self.events = events
  }

  func start() {
    DetachedThread.start { [self] in run() }
  }

  func submit(_ job: LanguageServer.AnalysisJob) {
    condition.lock()
    jobs[job.uri] = job
    condition.signal()
    condition.unlock()
  }

  func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  private func run() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopped { condition.wait() }
      if stopped {
        condition.unlock()
        return
      }
      let key = jobs.keys.min() ?? ""
      let job = jobs.removeValue(forKey: key)
      condition.unlock()
      if let job { events.post(.analysis(job, Analyzer.analyze(job.rules))) }
    }
  }
}
