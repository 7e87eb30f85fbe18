"""js/pake.js against the CPace draft's own test vectors (draft-irtf-cfrg-cpace, appendix
"CPace ristretto255 with SHA-512"): generator, both shares, the session key. Run in Chromium on
the real module and the vendored @noble/curves."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

HARNESS = "/tests/e2e/pages/transport.html"

VECTOR = {
    "prs": "50617373776f7264",  # b"Password"
    "ci": "6f630b425f726573706f6e6465720b415f696e69746961746f72",
    "sid": "7e4b4791d6a8ef019b936c79fb7f2c57",
    "g": "a6fc82c3b8968fbb2e06fee81ca858586dea50d248f0c7ca6a18b0902a30b36b",
    "ya": "da3d23700a9e5699258aef94dc060dfda5ebb61f02a5ea77fad53f4ff0976d08",
    "ada": "414461",  # b"ADa"
    "Ya": "d40fb265a7abeaee7939d91a585fe59f7053f982c296ec413c624c669308f87a",
    "yb": "d2316b454718c35362d83d69df6320f38578ed5984651435e2949762d900b80d",
    "adb": "414462",  # b"ADb"
    "Yb": "08bcf6e9777a9c313a3db6daa510f2d398403319c2341bd506a92e672eb7e307",
    "isk": "4c5469a16b2364c4b944ebc1a79e51d1674ad47db26e8718154f59faebfaa52d"
    "8346f30aa58377117eb20d527f2cbc5c76381f7fd372e89df8239f87f2e02ed1",
}

RUN = """async (v) => {
  const pake = await import("/js/pake.js");
  const bytes = (hex) => Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16));
  const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  const [prs, ci, sid] = [bytes(v.prs), bytes(v.ci), bytes(v.sid)];
  const a = pake.share(prs, ci, sid, pake.scalarFromBytes(bytes(v.ya)));
  const b = pake.share(prs, ci, sid, pake.scalarFromBytes(bytes(v.yb)));
  const ad = {adInitiator: bytes(v.ada), adResponder: bytes(v.adb), sid,
              initiator: a.share, responder: b.share};
  return {
    g: hex(pake.generator(prs, ci, sid).toBytes()),
    Ya: hex(a.share),
    Yb: hex(b.share),
    iskA: hex(pake.sessionKey({...ad, scalar: a.scalar, theirs: b.share})),
    iskB: hex(pake.sessionKey({...ad, scalar: b.scalar, theirs: a.share})),
  };
}"""


def test_cpace_matches_the_drafts_ristretto255_vectors(phone: Page) -> None:
    got = phone.evaluate(RUN, VECTOR)
    assert got == {
        "g": VECTOR["g"],
        "Ya": VECTOR["Ya"],
        "Yb": VECTOR["Yb"],
        "iskA": VECTOR["isk"],
        "iskB": VECTOR["isk"],
    }


def test_a_share_that_is_not_a_point_or_is_the_identity_is_refused(phone: Page) -> None:
    refused = phone.evaluate(
        """async () => {
          const pake = await import("/js/pake.js");
          const sid = new Uint8Array(16);
          const mine = pake.share(new Uint8Array([1]), new Uint8Array([2]), sid);
          const tries = [new Uint8Array(32), new Uint8Array(32).fill(255), new Uint8Array(5)];
          return tries.map((theirs) => {
            try {
              const scalar = mine.scalar;
              pake.sessionKey({sid, scalar, initiator: mine.share, responder: theirs, theirs});
              return false;
            } catch { return true; }
          });
        }"""
    )
    assert refused == [True, True, True]
