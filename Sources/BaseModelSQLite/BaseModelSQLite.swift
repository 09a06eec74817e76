// BaseModelSQLite: a ModelStore on SQLite through GRDB.
// Importing it re-exports BaseModel, so one import gives both.
@_exported import BaseModel
