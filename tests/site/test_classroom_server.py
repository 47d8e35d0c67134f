"""The classroom download's serve.py (site_scripts/build/archive_serve.py, issue #34, item 14): the
addresses it prints for the pupils, and the QR code of that address it draws in the terminal,
checked module by module against the site's own QR encoder (npm qrcode-generator, in Node)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from site_scripts.build import archive_serve

pytestmark = pytest.mark.no_pyodide

ROOT = Path(__file__).resolve().parents[2]
TEXTS = ["http://192.168.1.20:8000/", "http://10.0.0.5:8080/", "http://172.16.254.254:65535/", "x",
         "http://192.168.100.200:8000/puzzles/#assign=MgpDbGFzcyA3YgpjbGFzc2ljLTAwMQo",
         "http://192.168.100.200:8000/puzzles/#assign=" + "A" * 60]


def site_encoder(texts):
    """The matrices qrcode-generator makes for ``texts`` (error correction L, the same version)."""
    node = shutil.which("node")
    lib = ROOT / "node_modules" / "qrcode-generator" / "dist" / "qrcode.mjs"
    if node is None or not lib.exists():
        pytest.skip("Node.js or node_modules/qrcode-generator is missing (make build installs it)")
    script = f"""
    import qrcode from {json.dumps(lib.as_uri())};
    const out = [];
    for (const [text, version] of {json.dumps([[t, (len(archive_serve.qr_matrix(t)) - 17) // 4] for t in texts])}) {{
      const q = qrcode(version, "L");
      q.addData(String.fromCharCode(...new TextEncoder().encode(text)), "Byte");
      q.make();
      const n = q.getModuleCount();
      out.push(Array.from({{length: n}}, (_, r) => Array.from({{length: n}}, (_, c) => q.isDark(r, c))));
    }}
    console.log(JSON.stringify(out));
    """
    proc = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_the_terminal_qr_code_is_the_one_the_site_draws():
    theirs = site_encoder(TEXTS)
    for text, matrix in zip(TEXTS, theirs):
        # The same code up to the choice of mask (each encoder picks one by its own penalty).
        ours = [archive_serve.qr_matrix(text, mask=m) for m in range(8)]
        assert matrix in ours, text
        assert archive_serve.qr_matrix(text) in ours
    assert archive_serve.qr_matrix("x" * 107) is None  # longer than version 5 holds: no code, no error
    assert archive_serve.qr_text("x" * 107) == ""


def test_the_banner_names_the_pupils_address_and_what_to_do():
    text = archive_serve.banner("http://127.0.0.1:8000/", ["http://192.168.1.20:8000/"], True, qr=True)
    assert "Pupils' devices on the same network (Wi-Fi) open:\n    http://192.168.1.20:8000/" in text
    assert "\u2580" in text  # the QR code
    assert "--host 0.0.0.0" in archive_serve.banner("http://127.0.0.1:8000/", [], False)
    assert "No network address was found" in archive_serve.banner("http://127.0.0.1:8000/", [], True)
    here, lan = archive_serve.addresses("0.0.0.0", 8123)
    assert here == "http://127.0.0.1:8123/" and all(u.endswith(":8123/") and "//127." not in u for u in lan)
    assert archive_serve.addresses("127.0.0.1", 8000) == ("http://127.0.0.1:8000/", [])
    assert archive_serve.addresses("192.168.1.20", 8000) == ("http://192.168.1.20:8000/", ["http://192.168.1.20:8000/"])


def test_the_teachers_laptop_page_says_what_a_teacher_needs(built):
    """Issue #34, item 16: a short page in a teacher's words, linked from the teachers' overview,
    the hosting page and the check page, and from the navigation."""
    site, _ = built
    page = (site / "teachers" / "laptop" / "index.html").read_text(encoding="utf-8")
    for needed in ("Run the site on your laptop for the class", "petteia-site.zip", "py serve.py --host 0.0.0.0",
                   "python3 serve.py --host 0.0.0.0", "--port 8080", "Pupils' devices on the same network",
                   "A school PC without Python", "What works", "What does not work", "index.html"):
        assert needed in page, needed
    assert 'href="../../petteia-site.zip"' in page and (site / "petteia-site.zip").exists()
    for linking in ("teachers/index.html", "hosting/index.html", "teachers/check/index.html"):
        html = (site / linking).read_text(encoding="utf-8")
        assert "laptop/" in html.split('<article', 1)[1], linking  # in the page's own text, not only the menu
