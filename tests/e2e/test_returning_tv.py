"""The tests' returning TV (conftest's ``tv``): between two tests it forgets everything of the
site but the Python snapshot's Cache Storage (and the HTTP cache), so no test sees the last
one's saved table, language, wrong-code allowance or table identity, and its pages and routes
are gone."""

from __future__ import annotations

from playwright.sync_api import BrowserContext

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


def test_the_returning_tv_forgets_all_but_the_python_snapshot(
    tv_context: BrowserContext, base_url: str
) -> None:
    page = tv_context.new_page()
    page.route("**/never", lambda route: route.abort())
    tv_context.route("**/never", lambda route: route.abort())
    page.goto(f"{base_url}/index.html")
    page.evaluate(WRITE)
    second = tv_context.new_page()

    forget(tv_context, base_url)

    assert page.is_closed() and second.is_closed() and tv_context.pages == []
    page = tv_context.new_page()
    page.goto(f"{base_url}/index.html")
    assert page.evaluate(READ) == [None, [], ["lastcard-test"]]
    assert page.evaluate("fetch('never').then((r) => r.status)") == 404  # no route left
    page.evaluate("""async () => (await caches.open("python-snapshot")).delete("lastcard-test")""")
    forget(tv_context, base_url)
