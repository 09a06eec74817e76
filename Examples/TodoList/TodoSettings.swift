import BaseModel
import Synchronization

/// The save format chosen on the command line.
enum TodoSettings {
    static let format = Mutex<ModelFormat>(.keyedArchive)
}
