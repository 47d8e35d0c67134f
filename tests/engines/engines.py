"""Two browser engines besides Chromium, behind one small driver interface, for the cross-engine
scenarios (scenarios.py) and the time-to-interactive bench (bench_tti.py).

* Firefox ESR (Debian's /usr/bin/firefox-esr): puppeteer-core from npm over WebDriver BiDi, in a
  Node process (firefox_bridge.mjs) that takes one JSON command a line; headless; no download.
* WebKitGTK (Debian's webkit2gtk-driver: /usr/bin/WebKitWebDriver, which runs the MiniBrowser of
  libwebkit2gtk-4.1): Selenium from PyPI, classic WebDriver, in a window on an Xvfb display of its
  own (MiniBrowser's --headless hangs under WebKitWebDriver 2.50).

Every driver offers: new_page(), goto(url), reload(), js(source, *args) (a JavaScript function's
source, called in the page; a promise is awaited), click(x, y) (a real pointer click at a point of
the window, as a person clicks), select(selector, value) (a <select>, as a person chooses),
init_script(source) (before the page's own scripts; Firefox only: classic WebDriver has none),
errors() (the page's uncaught errors and console errors), alive() and restart() (a fresh browser
after a crash) and close().
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
FIREFOX = os.environ.get("PETTEIA_FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("PETTEIA_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("PETTEIA_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
ENGINES = ("firefox", "webkit")
WEBKIT_RENDERING_ENV = {"WEBKIT_DISABLE_COMPOSITING_MODE": "1", "WEBKIT_SKIA_ENABLE_CPU_RENDERING": "1"}
WIDTH, HEIGHT = 1280, 900


class NotSupported(Exception):
    """The engine's driver cannot do this (not a failure of the site)."""


def missing(engine: str) -> str | None:
    """What is not installed for ``engine`` (None: all there)."""
    need = {
        "firefox": [FIREFOX, str(ROOT / "node_modules" / "puppeteer-core" / "package.json")],
        "webkit": [WEBKIT_DRIVER, MINIBROWSER],
    }[engine]
    gone = [p for p in need if not os.path.exists(p)]
    if engine == "webkit" and not os.environ.get("DISPLAY") and not shutil.which("Xvfb"):
        gone.append("Xvfb")
    return ", ".join(gone) or None


def launch(engine: str):
    return {"firefox": FirefoxDriver, "webkit": WebKitDriver}[engine]()


# ------------------------------------------------------------------------------ Firefox
class FirefoxDriver:
    name = "firefox"

    def __init__(self):
        self._log = open(ROOT / "build" / "firefox-bridge.log", "w") if (ROOT / "build").is_dir() else subprocess.DEVNULL
        self._proc = subprocess.Popen(
            ["node", str(HERE / "firefox_bridge.mjs")], cwd=ROOT, text=True, encoding="utf-8",
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._log,
        )
        self._answers: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self._next = 0
        self.version = "Firefox " + self._call("launch", timeout=120).split("/")[-1]

    def _read(self):
        for line in self._proc.stdout:
            try:
                self._answers.put(json.loads(line))
            except ValueError:
                pass
        self._answers.put(None)

    def _call(self, cmd, timeout=90, **args):
        self._next += 1
        self._proc.stdin.write(json.dumps({"id": self._next, "cmd": cmd, "args": args}) + "\n")
        self._proc.stdin.flush()
        end = time.monotonic() + timeout
        while True:
            try:
                answer = self._answers.get(timeout=max(0.1, end - time.monotonic()))
            except queue.Empty:
                raise TimeoutError(f"firefox: {cmd} did not answer in {timeout} s") from None
            if answer is None:
                raise RuntimeError("firefox: the puppeteer bridge stopped (see build/firefox-bridge.log)")
            if answer.get("id") != self._next:
                continue  # the late answer of a command that timed out
            if not answer["ok"]:
                raise RuntimeError(f"firefox: {cmd}: {answer['error']}")
            return answer["value"]

    def alive(self) -> bool:
        """Whether the browser still answers (a page that cannot run a script is replaced)."""
        if self._proc.poll() is not None:
            return False
        try:
            return self.js("() => 1") == 1
        except Exception:  # noqa: BLE001 (the page is gone: can the browser open another?)
            try:
                self.new_page()
                return True
            except Exception:  # noqa: BLE001
                return False

    def restart(self):
        """A fresh browser, after a crash, for the next scenarios."""
        self.close()
        self.__init__()

    def new_page(self, width=WIDTH, height=HEIGHT):
        self._call("newPage", width=width, height=height)

    def goto(self, url):
        self._call("goto", url=url)

    def reload(self):
        self._call("reload")

    def js(self, source, *args):
        return self._call("evaluate", source=source, args=list(args))

    def init_script(self, source):
        self._call("initScript", source=source)

    def click(self, x, y):
        self._call("click", x=x, y=y)

    def select(self, selector, value):
        self._call("select", selector=selector, value=value)

    def errors(self):
        return self._call("errors")

    def screenshot(self, path):
        """The page's viewport as a PNG at ``path``."""
        self._call("screenshot", path=str(path))

    def close(self):
        try:
            self._call("close", timeout=30)
        except Exception:  # noqa: BLE001 (closing anyway)
            pass
        try:
            self._proc.stdin.close()
            self._proc.wait(timeout=30)
        except Exception:  # noqa: BLE001
            self._proc.kill()
        if self._log is not subprocess.DEVNULL:
            self._log.close()


# ------------------------------------------------------------------------------ WebKitGTK
# Classic WebDriver has no page-error events: the page's uncaught errors and console.error calls
# are collected from the moment this runs (after each load: errors during the load are not seen).
ERROR_TRAP = """() => {
  if (window.__engineErrors) return;
  window.__engineErrors = [];
  addEventListener("error", (e) => window.__engineErrors.push(String(e.message || e)));
  addEventListener("unhandledrejection", (e) => window.__engineErrors.push("unhandled rejection: " + String(e.reason && e.reason.message || e.reason)));
  const error = console.error.bind(console);
  console.error = (...a) => { window.__engineErrors.push(a.map(String).join(" ")); error(...a); };
}"""


class WebKitDriver:
    name = "webkit"

    def __init__(self):
        self._xvfb = None
        env = dict(os.environ)
        if not env.get("DISPLAY"):
            # An X display of its own (Xvfb picks a free number and writes it to the pipe).
            r, w = os.pipe()
            self._xvfb = subprocess.Popen(
                ["Xvfb", "-displayfd", str(w), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
                pass_fds=[w], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )
            os.close(w)
            with os.fdopen(r) as f:
                env["DISPLAY"] = ":" + f.readline().strip()
        # Paint and composite on the CPU: the GL compositor on Mesa's software rasteriser
        # (swrast_dri.so, all an Xvfb display offers) segfaulted once in a full run, in the web
        # process's compositor thread, killing the page mid-scenario ("session deleted because of
        # page crash"). With compositing off there is no compositor thread and no GL; the page's
        # scripts, layout and workers, which the scenarios test, are the same on either path.
        env.update(WEBKIT_RENDERING_ENV)
        self._env = env
        try:
            self._start()
        except BaseException:
            if self._xvfb:
                self._xvfb.terminate()
            raise

    def _start(self):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        service = Service(executable_path=WEBKIT_DRIVER, env=self._env)
        self._driver = webdriver.WebKitGTK(options=options, service=service)
        self._driver.set_page_load_timeout(60)
        self._driver.set_script_timeout(60)
        self._driver.set_window_size(WIDTH, HEIGHT)
        self.version = "WebKitGTK " + self._driver.capabilities.get("browserVersion", "?")

    def new_page(self, width=WIDTH, height=HEIGHT):
        """A blank page in a window of this size (WebKitGTK's window is at least ~450 px wide)."""
        if self._driver.get_window_size() != {"width": width, "height": height}:
            self._driver.set_window_size(width, height)
        self._driver.get("about:blank")

    def alive(self) -> bool:
        """Whether the browser still answers (a crashed page ends the WebDriver session)."""
        try:
            self._driver.execute_script("return 1;")
            return True
        except Exception:  # noqa: BLE001 (any failure: the session is gone)
            return False

    def restart(self):
        """A fresh browser on the same display, after a crash, for the next scenarios."""
        try:
            self._driver.quit()
        except Exception:  # noqa: BLE001 (the old session may be gone already)
            pass
        self._start()

    def _trap(self):
        self._driver.execute_script(f"({ERROR_TRAP})()")

    def goto(self, url):
        self._driver.get(url)
        self._trap()

    def reload(self):
        self._driver.refresh()
        self._trap()

    def js(self, source, *args):
        return self._driver.execute_script(f"return ({source}).apply(null, arguments);", *args)

    def init_script(self, source):
        raise NotSupported("classic WebDriver has no script that runs before the page's own")

    def click(self, x, y):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        chain = ActionChains(self._driver)
        builder = ActionBuilder(self._driver, duration=0)
        builder.pointer_action.move_to_location(round(x), round(y)).click()
        chain.w3c_actions = builder
        chain.perform()

    def select(self, selector, value):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.select import Select

        Select(self._driver.find_element(By.CSS_SELECTOR, selector)).select_by_value(value)

    def errors(self):
        return self._driver.execute_script("return window.__engineErrors || [];")

    def screenshot(self, path):
        """The page's viewport as a PNG at ``path``."""
        self._driver.save_screenshot(str(path))

    def close(self):
        try:
            self._driver.quit()
        finally:
            if self._xvfb:
                self._xvfb.terminate()
                self._xvfb.wait(timeout=10)
