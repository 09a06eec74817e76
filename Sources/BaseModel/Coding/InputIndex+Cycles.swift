import Foundation

extension InputIndex {
    /// Sets ``hasCycles`` when some container or object of the graph is among its own
    /// descendants, for readers that do not see it as they read (aliases resolved afterwards,
    /// references by offset). Costs one walk, without recursion, of the nodes reachable from the
    /// root, each container's children looked at once.
    func markCycles() {
        guard !hasCycles else { return }
        // 0: not met, 1: on the current path, 2: done.
        var state = [UInt8](repeating: 0, count: nodeCount)
        var path: [(node: Int32, next: Int, end: Int, step: Int)] = []
        func enter(_ node: Int32) -> Bool {
            let value = self[node]
            guard value.kind.isContainer else { return false }
            switch state[Int(node)] {
            case 1: return true
            case 2: return false
            default: break
            }
            state[Int(node)] = 1
            let first = Int(value.first)
            if value.kind == .dictionary {
                path.append((node, first + 1, first + 2 * Int(value.count), 2))
            } else {
                path.append((node, first, first + Int(value.count), 1))
            }
            return false
        }
        if enter(root) { hasCycles = true; return }
        while let top = path.last {
            guard top.next < top.end else {
                state[Int(top.node)] = 2
                path.removeLast()
                continue
            }
            path[path.count - 1].next += top.step
            let child = self.child(top.next)
            guard child >= 0 else { continue }
            if enter(child) {
                hasCycles = true
                return
            }
        }
    }
}
