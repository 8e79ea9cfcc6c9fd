/**
 * `react` for the widget's build: the part of React's API the widget uses, straight from
 * Preact's core and hooks. `preact/compat` would add 2 KB (brotli) of emulation the widget does
 * not need; code written against this surface still type-checks against React's types.
 */
import type { Component, FunctionComponent } from 'preact';

export { createContext, createElement, Fragment } from 'preact';
export { useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';

/**
 * React's `memo`: the component renders again only when one of its props changed (compared with
 * `===`), as preact/compat's does, without compat. For components that read no signals: those
 * are already skipped by @preact/signals when their props are unchanged.
 */
export function memo<P extends object>(render: FunctionComponent<P>): FunctionComponent<P> {
  // biome-ignore lint/correctness/noComponentHookFactories: memo makes one component per call by definition, at module level
  return function Memo(this: Component<P>, props: P) {
    this.shouldComponentUpdate = (next: P) => {
      for (const key in this.props) if (!(key in next)) return true;
      for (const key in next) if (next[key] !== this.props[key]) return true;
      return false;
    };
    return render.call(this, props);
  };
}
