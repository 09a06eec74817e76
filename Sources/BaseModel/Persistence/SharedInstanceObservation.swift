import Observation

/// What Observation sees of one type's shared instance: reading ``SharedModel/shared`` inside
/// `withObservationTracking` (or a SwiftUI body) registers the instance, and replacing it
/// (``SharedModel/setSharedInstance(_:)``, a reload, a struct's save) tells those observers.
///
/// The properties of a class model's instance are observed by the class itself (`@Observable`);
/// this covers which instance is the shared one.
final class SharedInstanceObservation: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    /// Stands for "the shared instance" in the registrar; never read for its value.
    private var instance: Void { () }

    private static let byType = Locked<[ObjectIdentifier: SharedInstanceObservation]>([:])

    /// The observation of `type`'s shared instance, made on first use.
    static func of(_ type: Any.Type) -> SharedInstanceObservation {
        byType.withLock { observations in
            if let existing = observations[ObjectIdentifier(type)] { return existing }
            let observation = SharedInstanceObservation()
            observations[ObjectIdentifier(type)] = observation
            return observation
        }
    }

    /// Registers a read of the shared instance with the current tracking, if any.
    func accessed() {
        registrar.access(self, keyPath: \.instance)
    }

    /// Runs `replace`, telling the instance's observers around it.
    func replacing<Result>(_ replace: () -> Result) -> Result {
        registrar.withMutation(of: self, keyPath: \.instance, replace)
    }
}
