/**
 * React's `memo` on Preact's core: the component renders again only when one of its props
 * changed (compared with `===`), as preact/compat's does, without compat. For components that
 * read no signals: @preact/signals already skips those when their props are unchanged.
 *
 * Not in the `react` shim: everything the shim exports ships with the first paint, and only the
 * conversation's list uses this.
 */
export function memo<P extends object, R>(render: (props: P) => R): (props: P) => R {
  // biome-ignore lint/correctness/noComponentHookFactories: memo makes one component per call by definition, at module level
  return function Memo(this: { props: P; shouldComponentUpdate?(next: P): boolean }, props: P) {
    this.shouldComponentUpdate = (next: P) => {
      for (const key in this.props) if (!(key in next)) return true;
      for (const key in next) if (next[key] !== this.props[key]) return true;
      return false;
    };
    return render(props);
  };
}
