import Observation
import Synchronization

/// Follows the shared list through Observation and writes a line for every change: it reads
/// the shared instance and its `items` inside `withObservationTracking`, is told (once) when
/// either changes, and after the change describes it and observes again.
///
/// `onChange` runs before the change is made, so it only marks the list as changed;
/// ``reportChange()``, called after each edit, writes the line and registers anew.
final class TodoWatcher: Sendable {
    private let write: @Sendable (String) -> Void
    private let changed = Atomic<Bool>(false)
    /// The items as last reported, to describe what changed.
    private let reported = Mutex<[TodoItem]>([])

    init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Starts observing the shared list and writes how many items it holds.
    func start() {
        let items = observe()
        reported.withLock { $0 = items }
        write("watching \(Self.summary(of: items))")
    }

    /// Writes a line when Observation reported a change since the last call, and observes again.
    func reportChange() {
        guard changed.exchange(false, ordering: .acquiringAndReleasing) else { return }
        let items = observe()
        let before = reported.withLock { reported in
            defer { reported = items }
            return reported
        }
        write("\(Self.describe(from: before, to: items)) (\(Self.summary(of: items)))")
    }

    /// Reads the shared list's items under observation and returns them.
    private func observe() -> [TodoItem] {
        withObservationTracking {
            TodoList.shared.items
        } onChange: {
            self.changed.store(true, ordering: .releasing)
        }
    }

    /// `added "Buy milk"`, `checked "Mow lawn"`, `removed "Feed the cat"`: the first item that
    /// differs; "changed" when the difference is not one edit, "unchanged" when there is none
    /// (the shared instance was replaced by an equal one).
    static func describe(from old: [TodoItem], to new: [TodoItem]) -> String {
        if old == new { return "unchanged" }
        let first = old.indices.first { $0 >= new.count || old[$0] != new[$0] } ?? old.count
        switch new.count - old.count {
        case 1: return "added \"\(new[first].label)\""
        case -1: return "removed \"\(old[first].label)\""
        case 0 where first < new.count && old[first].label == new[first].label:
            return "\(new[first].checked ? "checked" : "unchecked") \"\(new[first].label)\""
        default: return "changed"
        }
    }

    /// "5 items, 1 done".
    static func summary(of items: [TodoItem]) -> String {
        "\(items.count) item\(items.count == 1 ? "" : "s"), \(items.filter(\.checked).count) done"
    }
}
