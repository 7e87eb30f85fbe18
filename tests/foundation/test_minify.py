"""The scripts and style sheets as served (scripts/minify.py): ``dist/`` holds them without
comments and layout whitespace, the server sends those copies, never one older than its source,
and a deploy collected as the Pages workflow collects it matches the manifest."""

from __future__ import annotations

import json
import os
import shutil
import urllib.request
from pathlib import Path

from bootstrap import ROOT
from minify import OUT, build, ensure, served
from serve import serving
from sitefiles import main, manifest, write_manifest

SOURCE = """// A comment the browser never needs.
/** Nor this one. */
export const words = { hello: "Привет,   мир" };

export function greet(name) {
  return `${words.hello}, ${name}!
  `;
}
"""


def site(tmp: Path) -> Path:
    """A small site with the build tool: one module and one style sheet."""
    root = tmp / "site"
    (root / "js" / "i18n").mkdir(parents=True)
    (root / "css").mkdir()
    (root / "vendor").mkdir()
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    (root / "js" / "greet.js").write_text(SOURCE)
    (root / "js" / "i18n" / "ru.js").write_text("export default { a: 1 }; // words\n")
    (root / "css" / "app.css").write_text("/* colours */\nbody {\n  color: #fff;\n}\n")
    (root / "hand.html").write_text(
        '<!doctype html><script type="module" src="js/greet.js"></script>\n'
    )
    return root


def fetch(url: str) -> str:
    with urllib.request.urlopen(url) as response:
        text: str = response.read().decode()
        return text


def test_the_copies_lose_comments_and_layout_but_not_a_string(tmp_path: Path) -> None:
    root = site(tmp_path)
    build(root)
    copy = (root / OUT / "js" / "greet.js").read_text()
    assert "comment" not in copy and "Nor this" not in copy
    assert '"Привет,   мир"' in copy  # strings as written, UTF-8 as written
    assert "!\n  `" in copy  # a template's whitespace is its text
    assert len(copy) < len(SOURCE) * 0.7
    assert (root / OUT / "css" / "app.css").read_text().strip() == "body{color:#fff}"
    assert served(root, "js/greet.js") == root / OUT / "js" / "greet.js"
    assert served(root, "hand.html") == root / "hand.html"


def test_the_server_sends_the_copy_and_an_edited_source_until_copied_again(tmp_path: Path) -> None:
    root = site(tmp_path)
    build(root)
    with serving(root) as url:
        assert "comment" not in fetch(f"{url}/js/greet.js")
        assert "colours" not in fetch(f"{url}/css/app.css")
        source = root / "js" / "greet.js"
        source.write_text(SOURCE.replace("Привет", "Здравствуй"))
        edited = fetch(f"{url}/js/greet.js")  # newer than its copy: sent as it is
        assert "Здравствуй" in edited and "comment" in edited
        fetch(f"{url}/hand.html")  # a page: its scripts copied again
        assert fetch(f"{url}/js/greet.js") == (root / OUT / "js" / "greet.js").read_text()
        assert "Здравствуй" in fetch(f"{url}/js/greet.js")


def test_a_copy_of_a_deleted_source_goes_and_ensure_builds_only_when_stale(tmp_path: Path) -> None:
    root = site(tmp_path)
    build(root)
    (root / "js" / "i18n" / "ru.js").unlink()
    build(root)
    assert not (root / OUT / "js" / "i18n" / "ru.js").exists()
    copy = root / OUT / "js" / "greet.js"
    before = copy.stat().st_mtime_ns
    copy.write_text("stale marker")  # a build would write it again
    os.utime(copy, ns=(before, before))
    ensure(root)
    assert copy.read_text() == "stale marker"


def test_the_site_collected_for_pages_matches_the_manifest(tmp_path: Path) -> None:
    root = site(tmp_path)
    build(root)
    written = json.loads(write_manifest(root).read_text())
    assert written["files"] == manifest(root)["files"]
    collected = tmp_path / "_site"  # as .github/workflows/pages.yml collects it
    collected.mkdir()
    shutil.copy2(root / "hand.html", collected)
    for folder in ("js", "css", "vendor"):
        shutil.copytree(root / folder, collected / folder)
    shutil.copytree(root / OUT, collected, dirs_exist_ok=True)
    main(["--check", str(collected)])
    assert "comment" not in (collected / "js" / "greet.js").read_text()
