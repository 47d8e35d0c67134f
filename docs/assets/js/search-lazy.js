// Fetch the search index only when the reader opens search.
//
// mkdocs-material requests search/search_index.json (about 80 KB gzipped, most of a page's own
// bytes) as soon as any page loads. This classic script runs before the theme's bundle
// (site_scripts/build/hooks.py puts it in front of it) and holds that one request back until the search
// field gets focus — by click, tap, or the theme's "/", "s" and "f" keys — or the search toggle is
// checked. The theme shows its usual "Initializing search" meanwhile; nothing else changes.
(() => {
  const INDEX = /\/search\/search_index\.json(\?|$)/;
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const waiting = [];
  let released = false;

  const release = () => {
    if (released) return;
    released = true;
    for (const go of waiting.splice(0)) go();
  };

  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.__petteiaIndex = INDEX.test(String(url));
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    if (!this.__petteiaIndex || released) return send.apply(this, args);
    waiting.push(() => send.apply(this, args));
  };

  document.addEventListener("focusin", (event) => {
    if (event.target instanceof Element && event.target.matches("[data-md-component=search-query]")) release();
  });
  document.addEventListener("change", (event) => {
    if (event.target instanceof Element && event.target.id === "__search") release();
  });
})();
