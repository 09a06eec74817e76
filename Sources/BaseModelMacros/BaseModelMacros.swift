// The client module of the model macro: `import BaseModelMacros` gives BaseModel and the
// macros `@Model`, `@Key`, `@Transform`, `@Uncodable` and `@Polymorphic`. Only a package that imports it builds
// swift-syntax.
@_exported import BaseModel
