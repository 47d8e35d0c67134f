// "A new version of the site is ready": a notice in the page, with a Reload button, when a new
// release of the site has taken over while this tab was open (issue #34, defect 28).
//
// A new release's service worker (sw.js) installs and waits: every open tab shows the notice, and
// its Reload button tells the waiting worker to take over, then reloads the page once it has.
// Every built page names its release (<meta name="petteia-release">, site_scripts/build/release.py). A
// new worker that took over tells the open tabs its release ({type: "release", activated: true}); the page also tells the worker that controls it, and any
// that takes control of it later, which release it runs ({type: "hello"}: the worker then serves
// it that release's files), and the worker answers with its own. When a worker that took control
// of the page while it was open is of another release than the page, the notice is shown. The play page
// saves its game on every move and when the page is left, so a reload loses nothing.
import { t } from "./i18n.js";

/** The release this page was built in ("" if it names none). */
export const pageRelease = () => document.querySelector('meta[name="petteia-release"]')?.content || "";

let watching = false;

/** Listen for a new release's service worker; show the notice when one takes over. */
export function watchForUpdates() {
  if (watching || !("serviceWorker" in navigator)) return;
  watching = true;
  const mine = pageRelease();
  if (!mine) return;
  let taken = false; // a worker took control of this page after it was loaded
  navigator.serviceWorker.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "release" && data.version && data.version !== mine && (data.activated || taken)) showUpdateNotice();
  });
  const hello = () => navigator.serviceWorker.controller?.postMessage({ type: "hello", release: mine });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    taken = true;
    hello();
  });
  navigator.serviceWorker.startMessages();
  hello();
  navigator.serviceWorker.ready.then((reg) => {
    const check = () => reg.waiting && navigator.serviceWorker.controller && showUpdateNotice();
    const follow = (worker) => worker?.addEventListener("statechange", check);
    follow(reg.installing);
    check();
    reg.addEventListener("updatefound", () => follow(reg.installing));
  });
}

/** Reload the page with the new release: the waiting worker takes over first (if one waits). */
async function reloadWithNewRelease() {
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg?.waiting) return location.reload();
  navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
  navigator.serviceWorker.controller?.postMessage({ type: "hand-over" }); // the old worker stops keeping files
  reg.waiting.postMessage({ type: "skip-waiting" });
}

/** The notice (once per page): the news, a Reload button, and a button that closes it. */
export function showUpdateNotice() {
  if (document.querySelector(".petteia-update")) return;
  const box = document.createElement("div");
  box.className = "petteia-update";
  box.setAttribute("role", "status");
  const text = document.createElement("p");
  text.textContent = t("A new version of this site is ready. Reload the page to use it.");
  const reload = document.createElement("button");
  reload.type = "button";
  reload.className = "md-button md-button--primary petteia-update-reload";
  reload.textContent = t("Reload");
  reload.addEventListener("click", () => reloadWithNewRelease());
  const later = document.createElement("button");
  later.type = "button";
  later.className = "md-button petteia-update-later";
  later.textContent = t("Later");
  later.addEventListener("click", () => box.remove());
  box.append(text, reload, later);
  document.body.append(box);
}
