// Types of lighthouseFigures.mjs, for the tests that import it.
export interface LighthouseFigures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  si: number;
  sdkLoaded: boolean;
  /** Lighthouse's `bootup-time` of the widget origin's scripts. */
  wrenMainThreadMs: number;
  /** Lighthouse's `long-tasks` attributed to them, ms each. */
  wrenLongTasks: number[];
}
export function lighthouseFigures(lhr: unknown): LighthouseFigures;
