// Registers the service worker (sw.js at the site root, so its scope is the whole site), which
// keeps a copy of the pages, the Python runtime and the wheel for use without a network.
// Registration waits until the page has settled (its boards are live, or a few seconds passed)
// so the precaching never competes with the page's own downloads.
let requested = false;

export function registerServiceWorkerSoon(delay = 2000) {
  if (requested || !("serviceWorker" in navigator) || window.__petteiaNoServiceWorker) return;
  requested = true;
  const root = new URL("../../", import.meta.url); // assets/js/ -> the site root
  setTimeout(() => {
    navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname }).catch((err) => {
      console.warn("Petteia: no offline copy (service worker not registered):", err);
    });
  }, delay);
}
