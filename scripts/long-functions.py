# Counts non-test Rust functions longer than 80 lines (signature to closing brace).
# Usage: python3 scripts/long-functions.py [--max N] [dir...]   (--max: fail above N)
import re, sys, pathlib
args = sys.argv[1:]
most = None
if args[:1] == ["--max"]:
    most, args = int(args[1]), args[2:]
roots = args or ["src", "crates"]


def item_end(lines, start):
    """The line where the item starting at `start` ends (its braces close, or a `;` before
    any brace), and whether it had a body."""
    j = start; d = 0; started = False
    while j < len(lines):
        d += lines[j].count("{") - lines[j].count("}")
        if "{" in lines[j]: started = True
        if started and d <= 0: break
        if not started and lines[j].rstrip().endswith(";"): break
        j += 1
    return j, started


hits = []
for root in roots:
    for p in pathlib.Path(root).rglob("*.rs"):
        s = str(p)
        if "/tests/" in s or s.endswith("_tests.rs") or "/benches/" in s or s.endswith("tests.rs"):
            continue
        # Braces inside string and char literals and comments are not structure; each is
        # blanked in one pass (so "//" inside a string stays a string), keeping its newlines.
        def blank(m):
            t = m.group(0)
            if t.startswith("//"):
                return ""
            return t[0] + "\n" * t.count("\n") + t[0]
        text = re.sub(r'"(?:\\[\s\S]|[^"\\])*"|\'(?:\\.|[^\'\\])\'|//[^\n]*', blank, p.read_text())
        lines = text.split("\n")
        # skip #[cfg(test)] mod blocks
        i = 0
        while i < len(lines):
            l = lines[i]
            if re.match(r"\s*#\[cfg\(test\)\]", l):
                # skip the following item entirely
                j, _ = item_end(lines, i + 1)
                i = j + 1; continue
            m = re.match(r"\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?fn\s+(\w+)", l)
            if m:
                j, started = item_end(lines, i)
                n = j - i + 1
                if started and n > 80: hits.append((n, s, m.group(5)))
                i = j + 1 if started else i + 1; continue
            i += 1
for n, s, f in sorted(hits, reverse=True): print(f"{n:4d} {s} {f}")
print(len(hits), "functions over 80 lines")
if most is not None and len(hits) > most:
    print(f"more than {most}: split the longest (issue 22 keeps it at {most} or fewer)")
    sys.exit(1)
