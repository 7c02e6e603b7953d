/// Fewer points for a long series, keeping its shape: Largest-Triangle-Three-Buckets
/// (S. Steinarsson, "Downsampling Time Series for Visual Representation", 2013).
///
/// The first and last samples are kept; the samples between are cut into `count - 2` buckets of
/// (nearly) equal size, and from each bucket the sample is kept that forms the largest triangle
/// with the sample kept before it and the average of the next bucket. Peaks and troughs survive
/// (a pressure spike stays a spike), the work is linear, and the result depends only on the input.
/// Machine curves (issue 11: thousands of samples per shot) and long shot histories are drawn
/// with at most a few hundred points each, so a report of 10,000 shots stays small.
enum Downsampling {
  /// The indices of the samples to keep, ascending; every index when there are at most `count`.
  static func largestTriangleThreeBuckets(x: [Double], y: [Double], count: Int) -> [Int] {
    let n = min(x.count, y.count)
    guard count >= 3, n > count else { return Array(0..<n) }
    var kept = [0]
    kept.reserveCapacity(count)
    let buckets = count - 2
    let size = Double(n - 2) / Double(buckets)
    var a = 0
    for b in 0..<buckets {
      let start = 1 + Int((Double(b) * size).rounded(.down))
      let end = min(n - 1, 1 + Int((Double(b + 1) * size).rounded(.down)))
      // The average of the next bucket (the last sample for the last bucket).
      let nextStart = end
      let nextEnd = b == buckets - 1 ? n : min(n, 1 + Int((Double(b + 2) * size).rounded(.down)))
      var avgX = 0.0
      var avgY = 0.0
      for i in nextStart..<max(nextStart + 1, nextEnd) {
        avgX += x[min(i, n - 1)]
        avgY += y[min(i, n - 1)]
      }
      let m = Double(max(1, nextEnd - nextStart))
      avgX /= m
      avgY /= m
      var best = start
      var bestArea = -1.0
      for i in start..<max(start + 1, end) {
        let area = abs((x[a] - avgX) * (y[i] - y[a]) - (x[a] - x[i]) * (avgY - y[a]))
        if area > bestArea {
          bestArea = area
          best = i
        }
      }
      kept.append(best)
      a = best
    }
    kept.append(n - 1)
    return kept
  }
}
