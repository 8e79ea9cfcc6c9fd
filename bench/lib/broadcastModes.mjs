// The servers the broadcast benchmark measures, in order, the ceiling first: read by the
// benchmark (bench/lib/broadcast.mjs) and by the targets table, which must not load its drivers.
export const MODES = {
  bare: { label: 'bare `ws` broadcast (ceiling)', processes: 1 },
  embedded: { label: 'Wren, 1 process (SQLite, in-process fan-out)', processes: 1 },
  scaled1: { label: 'Wren, 1 process (PostgreSQL + Redis)', processes: 1 },
  scaled2: { label: 'Wren, 2 processes (PostgreSQL + Redis)', processes: 2 },
};
