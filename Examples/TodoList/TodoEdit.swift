import ArgumentParser
import Foundation

/// One change a person asks of the list: what `add`, `check` and `remove` do, and what a line
/// of `watch`'s input says (`add Buy milk`, `check 1`, `remove 2`).
enum TodoEdit: Equatable {
    case add(label: String)
    /// Toggles the check mark of the item numbered from 1.
    case check(number: Int)
    case remove(number: Int)

    /// The edit a line of input asks for.
    ///
    /// - Throws: a validation error naming the line when it is not `add LABEL`, `check N` or
    ///   `remove N`.
    init(line: String) throws {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        let argument = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        switch (words.first, Int(argument)) {
        case ("add", _) where !argument.isEmpty: self = .add(label: argument)
        case ("check", let number?): self = .check(number: number)
        case ("remove", let number?): self = .remove(number: number)
        default: throw ValidationError("\"\(line)\" is not add LABEL, check N or remove N")
        }
    }

    /// Applies the edit to `list` and saves it.
    ///
    /// - Throws: a validation error when there is no such item (the list is then unchanged),
    ///   and the errors of saving.
    func apply(to list: TodoList) throws {
        switch self {
        case .add(let label): list.items.append(TodoItem(label: label))
        case .check(let number): list.items[try list.index(of: number)].checked.toggle()
        case .remove(let number): list.items.remove(at: try list.index(of: number))
        }
        try list.save()
    }
}
