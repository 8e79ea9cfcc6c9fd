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

/** Calls `onChange(href)` whenever `location.href` changes; returns a function that stops it. */
export function watchUrl(onChange: (href: string) => void): () => void {
  let last = location.href;
  let active = true;
  const check = () => {
    if (!active || location.href === last) return;
    last = location.href;
    onChange(last);
  };
  const navigation = (window as { navigation?: NavigationLike }).navigation;

  if (navigation) navigation.addEventListener('currententrychange', check);
  else {
    for (const name of ['pushState', 'replaceState'] as HistoryMethod[]) {
      const original = history[name];
      history[name] = function (this: History, ...args: Parameters<History[HistoryMethod]>) {
        const result = original.apply(this, args);
        queueMicrotask(check);
        return result;
      };
    }
  }
  addEventListener('popstate', check);
  addEventListener('hashchange', check);

  return () => {
    // A wrapper cannot be taken out safely once another script has wrapped it in turn; it
    // stays and does nothing.
    active = false;
    navigation?.removeEventListener('currententrychange', check);
    removeEventListener('popstate', check);
    removeEventListener('hashchange', check);
  };
}
