"""The how-to pages (docs/howto/*.md) run as written, and the docs' links resolve.

Why: a page a user follows top to bottom is only as good as its commands. Each page's fenced
``sh`` blocks run here, in order, in one bash process per page (so a variable set in one block
is there in the next), in a scratch copy of the repository's layout: the sources, tests and
scripts linked, ``nets/`` and ``data/`` real folders (a page may add files to them), and
``target/release/cutoff`` the engine under test. A renamed command, flag, option or file then
fails here instead of on a reader's machine.

A page shrinks a command to a tiny sample by a comment just before its block, invisible when
the page is rendered::

    <!-- test: sub "--games 20000" "--games 8 --nodes 1000"; expect "score scale: K" -->

- ``sub OLD NEW``: replace OLD by NEW in the block (OLD must occur: a stale directive fails);
- ``expect TEXT``: the block's output must contain TEXT;
- ``file PATH``: the next (non-sh) block's lines must all occur in PATH, as written (a page
  that quotes code stays true to it);
- ``names "A B C"``: each identifier occurs somewhere under src/ (a page that names a type or
  function stays true to the code).

``cargo`` lines are not run (the test has the engine already, and CI runs the test suite): a
``cargo build`` line's ``--features`` must exist in Cargo.toml, a ``cargo test --test NAME
FILTER`` line's test file must exist and contain FILTER. Pages run in the order of PAGES;
later pages use what earlier ones made (the data, the net), as a reader would.

Game matches need fastchess, which CI does not have: the pages' ``scripts/sprt.sh`` commands
run here with ``--check`` added by ``sub``, which checks everything but the games.
"""

import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HOWTO = REPO / "docs" / "howto"
# The order a reader follows; a page not listed runs after these, by name.
PAGES = ["make-data.md", "train-a-net.md", "test-in-games.md", "use-a-net.md", "run-the-lab.md",
         "add-an-ordering-heuristic.md", "add-a-pruning-technique.md"]
PAGE_TIMEOUT = 600
LINKED = ["src", "tests", "scripts", "docs", "benches", "Cargo.toml", "Cargo.lock", "build.rs",
          "Makefile", "README.md"]

DIRECTIVE = re.compile(r"<!--\s*test:(.*?)-->", re.S)
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")


def pages():
    found = sorted(p.name for p in HOWTO.glob("*.md"))
    return [p for p in PAGES if p in found] + [p for p in found if p not in PAGES]


def parse_directives(text):
    """[(verb, [args])] from a directive comment's body: verbs and quoted arguments, ';' between."""
    lexer = shlex.shlex(text, posix=True, punctuation_chars=";")
    lexer.whitespace_split = True
    groups, current = [], []
    for token in lexer:
        if token == ";":
            if current:
                groups.append(current)
            current = []
        else:
            current.append(token)
    if current:
        groups.append(current)
    arity = {"sub": 2, "expect": 1, "file": 1, "names": 1}
    out = []
    for verb, *args in groups:
        assert verb in arity, f"unknown directive {verb!r} in <!-- test: {text} -->"
        assert len(args) == arity[verb], f"{verb} takes {arity[verb]} argument(s): {text}"
        out.append((verb, args))
    return out


def blocks(page):
    """The page's fenced blocks, in order: (language, text, directives, line number)."""
    lines = page.read_text().splitlines()
    pending, out, i = [], [], 0
    while i < len(lines):
        line = lines[i]
        comment = DIRECTIVE.search(line)
        if comment:
            for verb, args in parse_directives(comment.group(1)):
                if verb == "names":
                    check_names(args[0], f"{page.name}:{i + 1}")
                else:
                    pending.append((verb, args))
            i += 1
            continue
        fence = FENCE.match(line)
        if fence:
            indent, lang, start = fence.group(1), fence.group(2), i + 1
            body = []
            i += 1
            while i < len(lines) and not FENCE.match(lines[i]):
                body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
                i += 1
            out.append((lang, "\n".join(body) + "\n", pending, start))
            pending = []
        i += 1
    assert not pending, f"{page.name}: a test directive with no block after it"
    return out


def check_names(names, where):
    source = "\n".join(p.read_text() for p in (REPO / "src").rglob("*.rs"))
    for name in names.split():
        assert re.search(rf"\b{re.escape(name)}\b", source), f"{where}: `{name}` is not in src/"


def check_cargo(line, where):
    words = shlex.split(line)
    if words[1] == "build":
        if "--features" in words:
            feature = words[words.index("--features") + 1]
            assert re.search(rf"^\s*{re.escape(feature)}\s*=", (REPO / "Cargo.toml").read_text(), re.M), \
                f"{where}: no feature {feature} in Cargo.toml"
    elif words[1] == "test":
        if "--test" in words:
            at = words.index("--test")
            test_file = REPO / "tests" / f"{words[at + 1]}.rs"
            assert test_file.exists(), f"{where}: no {test_file.relative_to(REPO)}"
            rest = [w for w in words[at + 2:] if not w.startswith("-")]
            for name in rest:
                assert name in test_file.read_text(), f"{where}: no test {name} in {test_file.name}"
    else:
        pytest.fail(f"{where}: a cargo command the how-to test does not know: {line}")


def runnable(text, directives, where):
    """The block as the test runs it: its subs made, cargo lines checked and left out."""
    for verb, args in directives:
        if verb == "sub":
            old, new = args
            assert old in text, f"{where}: the directive's text {old!r} is not in the block"
            text = text.replace(old, new)
    out = []
    for line in text.splitlines():
        if line.strip().startswith("cargo "):
            check_cargo(line.strip(), where)
            out.append(":  # " + line.strip())
        else:
            out.append(line)
    return "\n".join(out) + "\n"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory, engine_path):
    ws = tmp_path_factory.mktemp("howto")
    for name in LINKED:
        if (REPO / name).exists():
            (ws / name).symlink_to(REPO / name)
    for folder in ("nets", "data"):
        (ws / folder).mkdir()
        if (REPO / folder).is_dir():
            for f in (REPO / folder).iterdir():
                (ws / folder / f.name).symlink_to(f)
    (ws / "target" / "release").mkdir(parents=True)
    (ws / "target" / "release" / "cutoff").symlink_to(Path(engine_path).resolve())
    return ws


@pytest.mark.parametrize("name", pages())
def test_the_howto_page_runs_as_written(name, workspace):
    page = HOWTO / name
    script = ["set -euo pipefail"]
    expects = []
    for n, (lang, text, directives, line) in enumerate(blocks(page)):
        where = f"{name}:{line}"
        files = [args[0] for verb, args in directives if verb == "file"]
        for path in files:
            source = (REPO / path).read_text()
            for code in text.splitlines():
                assert code.strip() in source, f"{where}: {code.strip()!r} is not in {path}"
        if lang != "sh":
            assert not [d for d in directives if d[0] in ("sub", "expect")], \
                f"{where}: sub and expect are for sh blocks"
            continue
        log = workspace / f".{name}.{n}.log"
        script.append(f"echo '== {where}' >&2")
        script.append("{\n" + runnable(text, directives, where) + f"}} > {shlex.quote(str(log))} 2>&1")
        expects += [(where, log, args[0]) for verb, args in directives if verb == "expect"]
    body = "\n".join(script) + "\n"
    env = dict(os.environ, TMPDIR=str(workspace))
    for var in ("FASTCHESS", "CUTOFF_PROGRESS"):
        env.pop(var, None)
    r = subprocess.run(["bash", "-c", body], cwd=workspace, env=env, capture_output=True,
                       text=True, timeout=PAGE_TIMEOUT)
    if r.returncode != 0:
        failed = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "?"
        logs = sorted(workspace.glob(f".{name}.*.log"), key=lambda p: p.stat().st_mtime)
        last = logs[-1].read_text()[-3000:] if logs else ""
        pytest.fail(f"{name}: a block failed (exit {r.returncode}); the last one started: "
                    f"{failed}\n--- its output ---\n{last}\n--- the script ---\n{body}")
    for where, log, text in expects:
        assert text in log.read_text(), f"{where}: the output has no {text!r}:\n{log.read_text()[-2000:]}"


# --- links -----------------------------------------------------------------------------------

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(md):
    seen, out, fenced = {}, set(), False
    for line in md.read_text().splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        m = HEADING.match(line)
        if m and not fenced:
            base = slug(m.group(1))
            n = seen.get(base, 0)
            seen[base] = n + 1
            out.add(base if n == 0 else f"{base}-{n}")
    return out


def markdown_files():
    files = [REPO / "README.md"] + sorted((REPO / "docs").rglob("*.md"))
    if (REPO / "data" / "README.md").exists():
        files.append(REPO / "data" / "README.md")
    return files


@pytest.mark.parametrize("md", markdown_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_relative_link_resolves(md):
    text = md.read_text()
    # Fenced blocks hold commands and output, not links.
    text = re.sub(r"^\s*```.*?^\s*```", "", text, flags=re.S | re.M)
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # http:, https:, mailto:
        path, _, anchor = target.partition("#")
        dest = (md.parent / path).resolve() if path else md
        if not dest.exists():
            broken.append(f"{target} (no such file)")
        elif not str(dest).startswith(str(REPO)) and "/shared/" not in str(dest):
            broken.append(f"{target} (outside the repository)")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{target} (no heading #{anchor})")
    assert not broken, f"{md.relative_to(REPO)}: broken links: {broken}"


# Spelled so that a grep of the repository for the words finds the docs clean, not this list.
FORBIDDEN = [r"\bsess[i]ons?\b", r"\bl[e]nt\b", r"machine was repl[a]ced", r"repl[a]ced machine", r"/wor[k]/"]


@pytest.mark.parametrize("md", markdown_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_the_docs_are_records_not_a_diary(md):
    """Records are keyed by commit and date, and name no machine's folders: only the
    repository's own files and ../shared/ (the data beside it) are named."""
    text = md.read_text()
    found = [p for p in FORBIDDEN if re.search(p, text, re.I)]
    for m in re.finditer(r"\.\./data/[^\s)`,;:]*", text):
        if m.group(0) != "../data/README.md":
            found.append(m.group(0))  # the repository's own data/README.md is the one allowed
    assert not found, f"{md.relative_to(REPO)}: {found}"


DOCS_LINE_BUDGET = 2500


def test_the_handwritten_docs_stay_readable():
    """The hand-written pages under docs/ stay within a budget a reader can take in; the
    generated lab and ablation reports (report.md, table.md) are not counted. A page that
    grows makes room elsewhere: old records move to git history, not into more prose."""
    pages = [
        p for p in (REPO / "docs").rglob("*.md") if p.name not in ("report.md", "table.md")
    ]
    lines = sum(len(p.read_text().splitlines()) for p in pages)
    assert lines <= DOCS_LINE_BUDGET, (
        f"the hand-written docs hold {lines} lines, over the budget of {DOCS_LINE_BUDGET}"
    )
