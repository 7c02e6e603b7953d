/// Reads the roast dates apps write in free text (`2024.01.23`, `8/30/2021`, `11.09.2021`,
/// `2026-03-13T15:49:00.000Z`), refusing to guess.
///
/// A date with the year first is read as year, month, day. A date with the year last has its day
/// and month in an order the text does not say: when one of the two is above 12 the order is
/// clear (`8/30/2021` is 30 August), when both are 12 or below and differ (`11.09.2021`) the date is
/// ambiguous and is not carried over as a date — the text is kept with the bean. An ISO 8601
/// date-time gives the date as written, without converting time zones.
enum RoastDateText {
  /// What a roast date text gives.
  enum Reading: Hashable, Sendable {
    /// A date.
    case date(CalendarDate)
    /// Day and month could be either way round.
    case ambiguous(CalendarDate, CalendarDate)
    /// Not a date this reader knows.
    case unreadable
  }

  /// Reads `text`.
  static func read(_ text: String) -> Reading {
    let bytes = Array(text.utf8)
    // ISO 8601 date-time: take the date part.
    var numbers: [(value: Int, width: Int)] = []
    var separators: [UInt8] = []
    var i = 0
    while i < bytes.count, numbers.count < 3 {
      var value = 0
      var width = 0
      while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39, width < 5 {
        value = value * 10 + Int(bytes[i] - 0x30)
        width += 1
        i += 1
      }
      guard width > 0 else { return .unreadable }
      numbers.append((value, width))
      if numbers.count < 3 {
        guard i < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "/")].contains(bytes[i]) else {
          return .unreadable
        }
        separators.append(bytes[i])
        i += 1
      }
    }
    guard numbers.count == 3, separators[0] == separators[1] else { return .unreadable }
    // After the date: nothing, or an ISO time (`T…`, for a year-first date only).
    let yearFirst = numbers[0].width == 4
    if i < bytes.count {
      guard yearFirst, bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: " ") else { return .unreadable }
    }
    if yearFirst {
      guard numbers[1].width <= 2, numbers[2].width <= 2,
        let date = CalendarDate(year: numbers[0].value, month: numbers[1].value, day: numbers[2].value)
      else { return .unreadable }
      return .date(date)
    }
    guard numbers[2].width == 4, numbers[0].width <= 2, numbers[1].width <= 2 else { return .unreadable }
    let year = numbers[2].value
    let dayFirst = CalendarDate(year: year, month: numbers[1].value, day: numbers[0].value)
    let monthFirst = CalendarDate(year: year, month: numbers[0].value, day: numbers[1].value)
    switch (dayFirst, monthFirst) {
    case (let d?, let m?): return d == m ? .date(d) : .ambiguous(d, m)
    case (let d?, nil): return .date(d)
    case (nil, let m?): return .date(m)
    case (nil, nil): return .unreadable
    }
  }
}

extension ImportedBean {
  /// Sets the roast date from `text`, keeping the text; a notice for the shot when it is ambiguous
  /// or not a date.
  mutating func setRoastDate(_ text: String?, notices: inout [String]) {
    guard let text = text?.nonEmptyTrimmed else { return }
    roastDateText = text
    switch RoastDateText.read(text) {
    case .date(let date): roastDate = date
    case .ambiguous(let a, let b):
      notices.append("roast date '\(text)' could be \(a.text) or \(b.text); not read as a date (the text is kept)")
    case .unreadable:
      notices.append("roast date '\(ImportedShot.clipped(text))' is not a date; not read as one (the text is kept)")
    }
  }
}
