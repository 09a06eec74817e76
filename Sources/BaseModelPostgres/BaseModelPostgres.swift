// BaseModelPostgres: a ModelStore on PostgreSQL through vapor/postgres-nio, with a change feed.
// Importing it re-exports BaseModel, so one import gives both.
@_exported import BaseModel
