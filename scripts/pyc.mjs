// Compiles the engine wheel's Python modules to bytecode with the vendored Pyodide's own Python
// (so the magic number and the bytecode match the browser's interpreter), for scripts/bootstrap.py:
//   node scripts/pyc.mjs <wheel> <out.zip>
// writes a zip of `<package>/__pycache__/<module>.<cache tag>.pyc` files, in the unchecked-hash
// form of PEP 552: Python uses them without looking at the source's time stamp, which a wheel
// unpacked in the browser does not keep. Importing from them skips compiling the source in
// WebAssembly on every boot of the table (docs/design.md, "Browser side").
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const [wheel, out] = process.argv.slice(2);
if (!wheel || !out) throw new Error("usage: node scripts/pyc.mjs <wheel> <out.zip>");
const pyodide = await loadPyodide({ indexURL: fileURLToPath(new URL("../vendor/pyodide/", import.meta.url)) });
pyodide.FS.writeFile("/tmp/engine.whl", new Uint8Array(readFileSync(wheel)));
pyodide.runPython(`
import importlib.util, os, posixpath, py_compile, zipfile

with zipfile.ZipFile("/tmp/engine.whl") as source, zipfile.ZipFile("/tmp/pyc.zip", "w", zipfile.ZIP_DEFLATED) as pyc:
    for name in sorted(source.namelist()):
        if not name.endswith(".py"):
            continue
        path = "/tmp/src/" + name
        os.makedirs(posixpath.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(source.read(name))
        cached = importlib.util.cache_from_source(path)
        py_compile.compile(path, cfile=cached, dfile=name, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        info = zipfile.ZipInfo(posixpath.relpath(cached, "/tmp/src"), date_time=(1980, 1, 1, 0, 0, 0))
        with open(cached, "rb") as handle:
            pyc.writestr(info, handle.read(), zipfile.ZIP_DEFLATED)
`);
writeFileSync(out, pyodide.FS.readFile("/tmp/pyc.zip"));
