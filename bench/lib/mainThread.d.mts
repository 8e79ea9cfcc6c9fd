// Types of mainThread.mjs, for the tests that import it.
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  cat?: string;
  args?: { data?: Record<string, unknown> } & Record<string, unknown>;
}
export interface TaskNode {
  name: string;
  ts: number;
  dur: number;
  self: number;
  kind: string | undefined;
  url: string;
  args: TraceEvent['args'];
  children: TaskNode[];
}
export const TRACE_CATEGORIES: string[];
export const KIND_NAMES: string[];
export function threadRunning(events: TraceEvent[], matches: (url: string) => boolean): { pid: number; tid: number } | undefined;
export function tasksOf(events: TraceEvent[], thread: { pid: number; tid: number }): TaskNode[];
export function walk(node: TaskNode): Generator<TaskNode>;
export function scriptsOf(task: TaskNode): string[];
export function byKind(tasks: TaskNode[]): Record<string, number>;
export function hotSpots(tasks: TaskNode[], limit?: number): { what: string; ms: number; count: number }[];
export function busyBetween(tasks: TaskNode[], from: number, to: number): number;
export function requestsOf(events: TraceEvent[]): { url: string; sent: number; finished: number | undefined }[];
export function markAt(events: TraceEvent[], name: string): number | undefined;
