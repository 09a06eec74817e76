/// What one decoder of the engine reads: a value of a tree, or a node of a format's index.
enum DecoderInput {
    case value(ModelValue)
    case node(Int32)
}
