/**
 * Notices the host page's address changing without a page load (single-page apps), so the
 * widget can re-arm campaigns and send the right `referer_url`.
 *
 * Chatwoot watches every DOM mutation of `<body>` and compares `location.href`, which costs
 * the host main-thread time on every render. Here the check runs only when the address can
 * have changed: `popstate` and `hashchange`, plus the Navigation API's `currententrychange`
 * where the browser has it (it also sees `history.pushState` calls made through the
 * prototype). Where it does not, `history.pushState`/`replaceState` are wrapped: the wrapper
 * calls the original with the same `this` and arguments, returns its result, and checks in a
 * microtask so nothing of ours can throw into the host's router or slow its call.
 */

type HistoryMethod = 'pushState' | 'replaceState';

interface NavigationLike {
  addEventListener(type: 'currententrychange', listener: () => void): void;
  removeEventListener(type: 'currententrychange', listener: () => void): void;
}

/** Every watcher of the page (one per widget): the history wrappers, made once, call them all. */
const watchers = new Set<() => void>();

/**
 * Wraps `history.pushState` and `replaceState` once per page, however many widgets watch or come
 * and go (an app's routes mount and destroy them): a wrapper cannot be taken out safely once
 * another script has wrapped it in turn, so ours stays, and calls the watchers of the moment.
 */
function wrapHistory(): void {
  for (const name of ['pushState', 'replaceState'] as HistoryMethod[]) {
    const original = history[name] as History[HistoryMethod] & { wren?: true };
    if (original.wren) continue;
    history[name] = Object.assign(
      function (this: History, ...args: Parameters<History[HistoryMethod]>) {
        const result = original.apply(this, args);
        queueMicrotask(() => {
          for (const check of watchers) check();
        });
        return result;
      },
      { wren: true as const },
    );
  }
}

/** Calls `onChange(href)` whenever `location.href` changes; returns a function that stops it. */
export function watchUrl(onChange: (href: string) => void): () => void {
  let last = location.href;
  const check = () => {
    if (location.href === last) return;
    last = location.href;
    onChange(last);
  };
  const navigation = (window as { navigation?: NavigationLike }).navigation;

  watchers.add(check);
  if (navigation) navigation.addEventListener('currententrychange', check);
  else wrapHistory();
  addEventListener('popstate', check);
  addEventListener('hashchange', check);

  return () => {
    watchers.delete(check);
    navigation?.removeEventListener('currententrychange', check);
    removeEventListener('popstate', check);
    removeEventListener('hashchange', check);
  };
}
