// Types of lighthouseFigures.mjs, for the tests that import it.
export interface LighthouseFigures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  si: number;
  sdkLoaded: boolean;
}
export function lighthouseFigures(lhr: unknown): LighthouseFigures;
