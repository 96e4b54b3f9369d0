"""The project's Python has no import circles, counting the imports made
inside functions (a late import hides a circle; it does not remove it), and
the firmware's drivers import nothing of the app above them.

Each tree is a root a module name is taken from: firmware/ (app.x, game.x,
drivers.x: the board's root), the simulator's fakes of the built-in modules
(emu.x, machine), the web page's folder, and the repository itself
(host_sim.x, bench.x, tools.x, web.x)."""
import ast
import os

from host_sim import ROOT

ROOTS = (  # (folder, what is under it): a file's module name is its path from the folder
    ("firmware", ()),
    ("host_sim/fakes", ()),
    ("host_sim/fakes_cp", ()),
    ("web/page", ()),
    ("", ("host_sim", "tools", "bench", "web")),
)
NESTED = ("firmware", "host_sim/fakes", "host_sim/fakes_cp", "web/page")  # roots of their own
EXPECTED_ELSEWHERE = set()  # none: every circle is a failure


def _files(folder, tops):
    base = os.path.join(ROOT, folder)
    for top in tops or ("",):
        for d, dirs, names in os.walk(os.path.join(base, top)):
            rel_d = os.path.relpath(d, ROOT).replace(os.sep, "/")
            dirs[:] = sorted(x for x in dirs if x not in ("__pycache__", "node_modules")
                             and (rel_d + "/" + x).lstrip("./") not in NESTED)
            for n in sorted(names):
                if n.endswith(".py"):
                    path = os.path.join(d, n)
                    rel = os.path.relpath(path, base)[:-3].replace(os.sep, ".")
                    if rel.endswith(".__init__") or rel == "__init__":
                        rel = rel[:-len("__init__")].rstrip(".")
                    yield rel, path


def modules():
    """{module name: path}; a name in two roots keeps the first."""
    out = {}
    for folder, tops in ROOTS:
        for name, path in _files(folder, tops):
            if name:
                out.setdefault(name, path)
    return out


def imported(path, name, known):
    """The project's modules that the file at path imports, anywhere in it."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    pkg = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.add(a.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = pkg.split(".") if pkg else []
                parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            for a in node.names:
                full = base + "." + a.name if base else a.name
                out.add(full if full in known else base)
    return {m for m in out if m in known and m != name}


def graph():
    known = modules()
    return {m: imported(p, m, known) for m, p in known.items()}


def circles(g):
    """The strongly connected parts of g with more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while True:
                w = stack.pop()
                on.discard(w)
                part.add(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(frozenset(part))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def path_round(g, part):
    """One circle through the modules of part, as 'a -> b -> a'."""
    start = min(part)
    prev = {start: None}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(g[v] & part):
            if w == start:
                way = [v]
                while prev[way[-1]] is not None:
                    way.append(prev[way[-1]])
                return " -> ".join(list(reversed(way)) + [start])
            if w not in prev:
                prev[w] = v
                todo.append(w)
    return ", ".join(sorted(part))


def test_the_graph_sees_late_imports_and_circles():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(g) == [frozenset("abc")]
    assert path_round(g, frozenset("abc")) == "a -> b -> c -> a"
    g = graph()
    assert "app.broken" in g["app.device"]  # imported inside a function only
    assert "host_sim" in g["host_sim.press"] or "host_sim.hw" in g["host_sim.press"]


def test_no_import_circles():
    g = graph()
    found = circles(g)
    bad = [path_round(g, p) for p in found if p not in EXPECTED_ELSEWHERE]
    assert not bad, "import circles: " + "; ".join(bad)


def test_drivers_import_nothing_of_the_app():
    g = graph()
    bad = ["%s imports %s" % (m, d) for m in sorted(g) if m.startswith("drivers.")
           for d in sorted(g[m]) if d == "app" or d.startswith("app.")]
    assert not bad, "; ".join(bad)
