/**
 * happy-dom is not a DOM DOMPurify can trust (cure53/DOMPurify#1457: "not supported"), for two
 * reasons; this repairs both, so tests exercise the real sanitiser the way a browser runs it:
 *
 * - `Node.prototype.nodeName`'s getter returns '' for elements (capricorn86/happy-dom#2182), and
 *   DOMPurify ≥ 3.4.8 reads names through it, so allowed elements look unnamed.
 * - its NodeIterator is a TreeWalker underneath: once the current node is removed, `nextNode()`
 *   returns null, so everything after the first removed element goes unsanitised.
 *
 * Call it before the first `sanitizeHtml()` (the DOMPurify instance is made on first use).
 * The `sanitiser environment` test in markdown.test.ts fails if either repair stops working.
 */
export function repairHappyDomForDOMPurify() {
  const nodeProto = window.Node.prototype;
  const original = Object.getOwnPropertyDescriptor(nodeProto, 'nodeName')!;
  Object.defineProperty(nodeProto, 'nodeName', {
    configurable: true,
    get(this: Node) {
      for (let p = Object.getPrototypeOf(this); p && p !== nodeProto; p = Object.getPrototypeOf(p)) {
        const own = Object.getOwnPropertyDescriptor(p, 'nodeName');
        if (own?.get) return own.get.call(this);
      }
      return original.get!.call(this);
    },
  });

  const following = (node: Node, root: Node): Node | null => {
    if (node.firstChild) return node.firstChild;
    for (let n: Node | null = node; n && n !== root; n = n.parentNode) if (n.nextSibling) return n.nextSibling;
    return null;
  };
  const preceding = (node: Node): Node | null => {
    let p = node.previousSibling;
    if (!p) return node.parentNode;
    while (p.lastChild) p = p.lastChild;
    return p;
  };
  // Spec behaviour that matters here: when the reference node is removed, iteration carries on
  // from the node before it, so whatever replaced it (DOMPurify's kept content) is visited next.
  let owner: object = document;
  while (!Object.hasOwn(owner, 'createNodeIterator')) owner = Object.getPrototypeOf(owner);
  Object.defineProperty(owner, 'createNodeIterator', {
    configurable: true,
    writable: true,
    value(root: Node, whatToShow = 0xffffffff, filter: NodeFilter | null = null) {
      let reference: Node | null = null;
      let before: Node | null = null;
      const accepts = (n: Node) =>
        (whatToShow & (1 << (n.nodeType - 1))) !== 0 &&
        (!filter || (typeof filter === 'function' ? filter(n) : filter.acceptNode(n)) === NodeFilter.FILTER_ACCEPT);
      return {
        root,
        whatToShow,
        filter,
        nextNode() {
          let n: Node | null;
          if (!reference) n = root;
          else if (root.contains(reference)) n = following(reference, root);
          else n = before && root.contains(before) ? following(before, root) : null;
          while (n && !accepts(n)) n = following(n, root);
          if (n) {
            reference = n;
            before = preceding(n);
          }
          return n;
        },
      };
    },
  });
}
