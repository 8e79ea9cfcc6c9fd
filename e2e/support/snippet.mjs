// The embed snippet of docs/embedding.md#the-snippet as the test and benchmark host pages serve it:
// an external file, because their CSP forbids inline script.

/**
 * @param {string} widgetOrigin where sdk.js and the widget come from
 * @param {string} websiteToken the inbox's website token
 * @param {{ afterRunHook?: boolean }} [options] afterRunHook: call `window.e2eAfterRun()` right
 *   after `run()`, so a test can use `$chatwoot` before `chatwoot:ready` (set it with addInitScript)
 */
export function embedSnippet(widgetOrigin, websiteToken, { afterRunHook = false } = {}) {
  const hook = afterRunHook ? '\n    if (window.e2eAfterRun) window.e2eAfterRun();' : '';
  return `window.chatwootSettings = Object.assign({}, window.chatwootSettings);
(function (d, t) {
  var BASE_URL = ${JSON.stringify(widgetOrigin)};
  var g = d.createElement(t), s = d.getElementsByTagName(t)[0];
  g.src = BASE_URL + "/packs/js/sdk.js";
  g.async = true;
  s.parentNode.insertBefore(g, s);
  g.onload = function () {
    window.chatwootSDK.run({ websiteToken: ${JSON.stringify(websiteToken)}, baseUrl: BASE_URL });${hook}
  };
})(document, "script");`;
}
