/// A min-heap of script events ordered by time, ties broken by the order they were scheduled.
struct EventQueue<Payload> {
    private var heap: [(time: Double, sequence: Int, payload: Payload)] = []
    private var nextSequence = 0

    var isEmpty: Bool { heap.isEmpty }
    var nextTime: Double? { heap.first?.time }

    mutating func push(_ payload: Payload, at time: Double) {
        heap.append((time, nextSequence, payload))
        nextSequence += 1
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard precedes(i, parent) else { break }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop() -> (time: Double, payload: Payload)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var best = i
            if l < heap.count && precedes(l, best) { best = l }
            if r < heap.count && precedes(r, best) { best = r }
            if best == i { break }
            heap.swapAt(i, best)
            i = best
        }
        return (top.time, top.payload)
    }

    private func precedes(_ a: Int, _ b: Int) -> Bool {
        (heap[a].time, heap[a].sequence) < (heap[b].time, heap[b].sequence)
    }
}
