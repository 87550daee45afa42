"""Secrets out of text that leaves the pane: :class:`Redactor`.

A dialog's command is the model's choice and often holds a credential. Every text the
session hands to a place people look (the OSC 7501 ``msg``, tmux options, herdr, the
terminals' channels and notifications, the registry that `ls`, `events` and `watch`
read, the ledger, the replies of `send`, `answer` and `explain --session`) goes through
one :class:`Redactor` first (session.Session, at its one boundary to the outputs).

The shapes (:data:`RULES`, documented in the README's "Secrets"): `Authorization:`
headers and ``Bearer`` tokens, ``-u user:pass``, ``*_TOKEN=`` / ``*_SECRET=`` /
``*_KEY=`` / ``PASSWORD=`` assignments (also ``--password=``, JSON ``"token": "..."``),
GitHub (``ghp_ gho_ ghu_ ghs_ ghr_ github_pat_``), GitLab (``glpat-``), OpenAI
(``sk-``, ``sk-proj-``), Anthropic (``sk-ant-``), AWS (``AKIA``... access key ids),
Google (``AIza``), Slack (``xoxa- xoxb- xoxp- xoxr- xoxs- xapp-``), JWTs
(``eyJ...eyJ...``), and URLs with a password (``scheme://user:pass@host``); plus the
user's own patterns (config ``[redact] patterns``: the first group, or the whole match).

What is hidden becomes :data:`MARK` and the shape stays readable: ``Bearer ‹redacted›``,
``ghp_‹redacted›``, ``https://me:‹redacted›@host``. Redacting twice changes nothing.
Controls become spaces and invisible characters go first (as every output's sanitizer
does), so a zero-width space cannot split a token past the patterns. A dialog's rows
(its subject, or its rows joined with `` ⏎ ``) are read as lines, and a row as wide as
the widest as going on in the next: a token the screen wrapped is hidden in both rows. Linear time: every pattern is
RE2, the built-in ones one alternation searched once.

Not here: which texts go through it (the session), the dialog's id (computed by the
rules on the unredacted screen, untouched).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import re2

from .sanitize import flatten

MARK = "‹redacted›"
#: how a dialog's rows are joined in one line (osc7501wrap.rules.dialog.ROW_MARK, not
#: imported: the rules sit beside this module, not below it)
ROW_MARK = " ⏎ "
MAX_PATTERNS = 32  # the user's own patterns
MAX_PATTERN_LEN = 512

# A value: not a quote, not the mark, not a shell variable ($TOKEN names, not a secret).
_V = r"""[^\s'"‹$&;|<>`][^\s'"‹&;|<>`]*"""
_QV = r"""[^"‹$][^"‹]*"""  # inside double quotes
_SV = r"""[^'‹$][^'‹]*"""  # inside single quotes
_NAME = (r"[A-Za-z0-9_]*(?:_[Tt][Oo][Kk][Ee][Nn]|_[Ss][Ee][Cc][Rr][Ee][Tt]|_[Kk][Ee][Yy]"
         r"|[Pp][Aa][Ss][Ss][Ww][Oo]?[Rr][Dd]|_[Pp][Aa][Tt]"
         r"|\b[Tt][Oo][Kk][Ee][Nn]|\b[Ss][Ee][Cc][Rr][Ee][Tt]|\b[Aa][Pp][Ii]_?[Kk][Ee][Yy])")

#: The built-in shapes: (name, RE2 pattern); the groups named ``s`` are what is hidden.
RULES: tuple[tuple[str, str], ...] = (
    ("authorization header",
     r"(?i:\b(?:authorization|proxy-authorization|x-api-key|api-key|x-auth-token"
     r"|private-token)\s*:\s*)(?:(?i:bearer|basic|token|bot|digest|apikey)\s+(?:‹redacted›|"
     r"\$[^\s'\"]*|(?P<s>" + _V + "))|(?P<s>" + _V + "))"),
    ("bearer token", r"\b(?:Bearer|BEARER|bearer)\s+(?P<s>[A-Za-z0-9._~+/-]{8,}=*)"),
    ("basic credentials",
     r"(?:^|\s)(?:-u|--user|--proxy-user)(?:\s+|=)['\"]?[^\s:'\"$]+:(?P<s>" + _V + ")"),
    ("password flag",
     r"(?i:--(?:password|passwd|pass|token|secret|api-key|apikey|access-token)(?:\s+|=))"
     r"""(?:"(?P<s>""" + _QV + r""")"|'(?P<s>""" + _SV + r""")'|(?P<s>""" + _V + "))"),
    ("secret assignment",
     r"\b" + _NAME + r"""\s*=\s*(?:"(?P<s>""" + _QV + r""")"|'(?P<s>""" + _SV
     + r""")'|(?P<s>""" + _V + "))"),
    ("json secret",
     r'(?i:"[a-z0-9_-]*(?:password|passwd|secret|token|api_?key|apikey)")\s*:\s*"(?P<s>'
     + _QV + ')"'),
    ("anthropic key", r"\bsk-ant-(?P<s>[A-Za-z0-9_-]{4,})"),
    ("openai key", r"\bsk-(?:proj-|svcacct-|admin-)?(?P<s>[A-Za-z0-9_-]{12,})"),
    ("github token", r"\b(?:gh[pousr]_|github_pat_)(?P<s>[A-Za-z0-9_]{4,})"),
    ("gitlab token", r"\bglpat-(?P<s>[A-Za-z0-9_-]{4,})"),
    ("aws access key id", r"\b(?:AKIA|ASIA|ABIA|ACCA)(?P<s>[A-Z0-9]{8,})"),
    ("google api key", r"\bAIza(?P<s>[A-Za-z0-9_-]{8,})"),
    ("slack token", r"\b(?:xox[abprs]|xapp)-(?P<s>[A-Za-z0-9-]{4,})"),
    ("jwt", r"\beyJ(?P<s>[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]*)?)"),
    ("url password",
     r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s/:@‹'\"]+:(?P<s>[^\s/@‹'\"]+)@"),
)

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False  # RE2 would print to the user's terminal otherwise
_GROUP = re.compile(r"\(\?P<s>")


class PatternError(ValueError):
    """A user pattern RE2 cannot run (one line)."""


def _builtin() -> tuple[Any, tuple[tuple[int, tuple[int, ...]], ...]]:
    """One alternation of every built-in rule; each rule's group and its hidden groups."""
    parts, groups = [], []
    for i, (_, pattern) in enumerate(RULES):
        names: list[str] = []

        def rename(_m: re.Match[str], i: int = i, names: list[str] = names) -> str:
            names.append(f"s{i}_{len(names)}")
            return f"(?P<{names[-1]}>"

        parts.append(f"(?P<r{i}>{_GROUP.sub(rename, pattern)})")
        groups.append((f"r{i}", *names))
    rx = re2.compile("|".join(parts), _OPTIONS)
    index = rx.groupindex
    return rx, tuple((index[rule], tuple(index[n] for n in names))
                     for rule, *names in groups)


def compile_user(pattern: str) -> Any:
    """One user pattern compiled with RE2; :class:`PatternError` (one line) if it
    cannot be (too long, a lookaround, a backreference, bad syntax)."""
    if not isinstance(pattern, str) or not pattern:
        raise PatternError("a pattern is a non-empty string")
    if len(pattern) > MAX_PATTERN_LEN:
        raise PatternError(f"longer than {MAX_PATTERN_LEN} characters")
    try:
        rx = re2.compile(pattern, _OPTIONS)
    except re2.error as err:
        why = err.args[0] if err.args else "?"
        why = why.decode("utf-8", "replace") if isinstance(why, bytes) else str(why)
        raise PatternError(f"not a pattern RE2 can run ({why})") from None
    except (TypeError, ValueError, OverflowError) as err:
        raise PatternError(f"bad pattern ({err})") from None
    if rx.search("") is not None:
        raise PatternError("matches the empty text")
    return rx


class Redactor:
    """The built-in shapes and the user's `patterns` (see the module docstring)."""

    __slots__ = ("_groups", "_rx", "_user", "problems")

    def __init__(self, patterns: Iterable[str] = ()) -> None:
        self._rx, self._groups = _BUILTIN
        self._user: list[Any] = []
        self.problems: list[str] = []  # one line per user pattern left out
        for p in list(patterns)[:MAX_PATTERNS]:
            try:
                self._user.append(compile_user(p))
            except PatternError as err:
                self.problems.append(f"redact.patterns: {p[:60]!r}: {err}; left out")

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where secrets are in `text` (sorted, not overlapping)."""
        found: list[tuple[int, int]] = []
        groups = self._groups
        for m in self._rx.finditer(text):
            for rule, hidden in groups:
                if m.start(rule) >= 0:
                    for g in hidden:
                        if m.start(g) >= 0:
                            found.append(m.span(g))
                    break
        for rx in self._user:
            g = 1 if rx.groups else 0
            for m in rx.finditer(text):
                if m.start(g) >= 0 and m.end(g) > m.start(g):
                    found.append(m.span(g))
        if len(found) < 2:
            return found
        found.sort()
        merged = [found[0]]
        for start, end in found[1:]:
            last = merged[-1]
            if start <= last[1]:
                merged[-1] = (last[0], max(last[1], end))
            else:
                merged.append((start, end))
        return merged

    def redact(self, text: str) -> tuple[str, bool]:
        """`text` flattened, with every secret as :data:`MARK`; whether one was hidden.
        A dialog's rows joined in one line (``a ⏎ b``) are read as :meth:`rows` are."""
        if not text:
            return text, False
        if ROW_MARK in text:
            rows, hidden = self.rows(text.split(ROW_MARK), prefixed=True)
            return ROW_MARK.join(rows), hidden
        text = flatten(text)
        spans = self.spans(text)
        if not spans:
            return text, False
        out, at = [], 0
        for start, end in spans:
            out.append(text[at:start])
            out.append(MARK)
            at = end
        out.append(text[at:])
        return "".join(out), True

    def __call__(self, text: str | None) -> str | None:
        """`text` redacted (None stays None)."""
        return None if text is None else self.redact(text)[0]

    def _cut(self, flat: Sequence[str], sep: str, cuts: Sequence[list[tuple[int, int]]]
             ) -> None:
        """Add to `cuts` (one list per text) where the secrets of `flat` joined with `sep`
        fall in each text."""
        at = first = 0
        spans = self.spans(sep.join(flat))  # sorted, apart: one pass over both lists
        for i, t in enumerate(flat):
            end = at + len(t)
            while first < len(spans) and spans[first][1] <= at:
                first += 1
            k = first
            while k < len(spans) and spans[k][0] < end:
                s, e = spans[k]
                if max(s, at) < min(e, end):
                    cuts[i].append((max(s, at) - at, min(e, end) - at))
                k += 1
            at = end + len(sep)

    def pieces(self, texts: Sequence[str], seps: Sequence[str]) -> tuple[list[str], bool]:
        """`texts` redacted as one text joined with each of `seps` in turn (a secret that
        spans two of them is hidden in both), each keeping its place; whether one was."""
        flat = [flatten(t) for t in texts]
        cuts: list[list[tuple[int, int]]] = [[] for _ in flat]
        for sep in seps:
            self._cut(flat, sep, cuts)
        return self._apply(flat, cuts)

    def _apply(self, flat: Sequence[str], cuts: Sequence[list[tuple[int, int]]]
               ) -> tuple[list[str], bool]:
        out = []
        for t, c in zip(flat, cuts, strict=True):
            c.sort()
            pieces, pos = [], 0
            for s, e in c:
                if e <= pos:
                    continue
                pieces.append(t[pos:max(s, pos)])
                pieces.append(MARK)
                pos = e
            pieces.append(t[pos:])
            out.append("".join(pieces))
        return out, any(cuts)

    def rows(self, rows: Sequence[str], prefixed: bool = False) -> tuple[list[str], bool]:
        """A dialog's rows (a command as the screen shows it), each read as a line, and
        each run of rows the screen wrapped as one line: a row as wide as the widest goes
        on in the next one (a token it cut is hidden in both; a short row's next row is
        a line of its own). `prefixed`: the first row carries the question's own words
        ("Bash: "), so the width is the other rows'."""
        flat = [flatten(r) for r in rows]
        cuts: list[list[tuple[int, int]]] = [[] for _ in flat]
        self._cut(flat, "\n", cuts)
        rest = flat[1:] if prefixed and len(flat) > 1 else flat
        width = max(map(len, rest), default=0)
        i = 0
        while i < len(flat):
            j = i
            while j + 1 < len(flat) and width and len(flat[j]) >= width:
                j += 1
            if j > i:
                self._cut(flat[i:j + 1], "", cuts[i:j + 1])
            i = j + 1
        return self._apply(flat, cuts)

    def argv(self, args: Sequence[str]) -> list[str]:
        """A command line redacted as one text (``-u user:pass``, ``-H "Authorization:
        Bearer ..."`` span two arguments), each argument keeping its place."""
        return self.pieces(args, (" ",))[0]

    def dialog(self, shown: dict[str, Any] | None) -> dict[str, Any] | None:
        """A dialog as data (``{id, question, subject, options}``) with its question,
        subject rows and labels redacted, and ``redacted: true`` when something was
        hidden; the id untouched. The subject's rows are read as :meth:`rows`."""
        if shown is None:
            return None
        hidden = False
        question = shown.get("question")
        if isinstance(question, str):
            question, hidden = self.redact(question)
        rows = shown.get("subject")
        if isinstance(rows, list) and rows and all(isinstance(r, str) for r in rows):
            rows, more = self.rows(rows)
            hidden = hidden or more
        options = []
        for o in shown.get("options") or ():
            label = o.get("label")
            if isinstance(label, str):
                label, more = self.redact(label)
                hidden = hidden or more
            options.append({**o, "label": label})
        out = {**shown, "question": question, "options": options}
        if isinstance(rows, list):
            out["subject"] = rows
        if hidden:
            out["redacted"] = True
        return out

    def deep(self, obj: Any) -> Any:
        """Every string in a JSON-like value redacted (a reply to a command)."""
        if isinstance(obj, str):
            return self.redact(obj)[0]
        if isinstance(obj, dict):
            return {k: self.deep(v) for k, v in obj.items()}
        if isinstance(obj, (list, tuple)):
            return [self.deep(v) for v in obj]
        return obj


_BUILTIN = _builtin()
