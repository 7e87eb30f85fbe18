"""The tests' returning TV (conftest's ``tv``): between two tests it forgets everything of the
site but the Python snapshot's Cache Storage (and the HTTP cache), so no test sees the last
one's saved table, language, wrong-code allowance or table identity, and its pages and routes
are gone. A file a test's route changed (the bridge with a ruleset added, or slow bots) is not
kept by the HTTP cache either: the next test gets the served file."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import BrowserContext, Route

from .conftest import forget

WRITE = """async () => {
  localStorage.setItem("lastcard-test", "kept?");
  await new Promise((done) => {
    const request = indexedDB.open("lastcard-test", 1);
    request.onupgradeneeded = () => request.result.createObjectStore("keys");
    request.onsuccess = () => { request.result.close(); done(); };
  });
  await (await caches.open("python-snapshot")).put("lastcard-test", new Response("bytes"));
}"""
READ = """async () => [
  localStorage.getItem("lastcard-test"),
  (await indexedDB.databases()).map((db) => db.name),
  (await (await caches.open("python-snapshot")).keys())
    .map((request) => request.url.split("/").pop())
    .filter((name) => name === "lastcard-test"),
]"""

BRIDGE = "fetch('py/bridge.py').then((response) => response.text())"  # as js/python-boot.js
MARK = "\n# changed by a test's route\n"
ROOT = Path(__file__).resolve().parents[2]


def changed(route: Route) -> None:
    """The bridge as a test's route serves it: the file, and a line more."""
    response = route.fetch()
    route.fulfill(response=response, body=response.text() + MARK)


def test_the_returning_tv_forgets_all_but_the_python_snapshot(
    tv_context: BrowserContext, base_url: str
) -> None:
    page = tv_context.new_page()
    page.route("**/never", lambda route: route.abort())
    tv_context.route("**/never", lambda route: route.abort())
    tv_context.route("**/py/bridge.py", changed)
    page.goto(f"{base_url}/index.html")
    page.evaluate(WRITE)
    assert page.evaluate(BRIDGE).endswith(MARK)
    second = tv_context.new_page()

    forget(tv_context, base_url)

    assert page.is_closed() and second.is_closed() and tv_context.pages == []
    page = tv_context.new_page()
    page.goto(f"{base_url}/index.html")
    assert page.evaluate(READ) == [None, [], ["lastcard-test"]]
    assert page.evaluate("fetch('never').then((r) => r.status)") == 404  # no route left
    assert page.evaluate(BRIDGE) == (ROOT / "py" / "bridge.py").read_text(encoding="utf-8")
    page.evaluate("""async () => (await caches.open("python-snapshot")).delete("lastcard-test")""")
    forget(tv_context, base_url)
