"""Secrets out of text that leaves the pane (osc7501wrap.protocol.redact): every documented
shape, in the formats the vendors document (example values, not live secrets), hidden
with its shape kept readable; idempotent; hostile input (10 KB, pathological repetition,
controls, bidi and zero-width marks) stays linear and cannot smuggle a token past it."""

from __future__ import annotations

import json
import re
import time

import pytest

from osc7501wrap.config import load_config
from osc7501wrap.protocol.redact import MARK, RULES, PatternError, Redactor, compile_user

#: (what, a command carrying it, the secret that must go, what stays readable)
SHAPES: list[tuple[str, str, str, str]] = [
    ("bearer header", 'curl -H "Authorization: Bearer abcdef0123456789ABCDEF.xyz" https://api.example.com',
     "abcdef0123456789ABCDEF.xyz", "Authorization: Bearer ‹redacted›"),
    ("basic header", "curl -H 'Authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1l' https://h",
     "YWxhZGRpbjpvcGVuc2VzYW1l", "Basic ‹redacted›"),
    ("bearer bare", "http GET api.example.com 'Bearer eyZ0aGlzaXNhdG9rZW4K'",
     "eyZ0aGlzaXNhdG9rZW4K", "Bearer ‹redacted›"),
    ("basic -u", "curl -u aladdin:opensesame https://h", "opensesame", "-u aladdin:‹redacted›"),
    ("basic --user", "curl --user=deploy:Tr0ub4dor&3x https://h", "Tr0ub4dor", "deploy:‹redacted›"),
    ("_TOKEN", "NPM_TOKEN=npm_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ01 npm publish",
     "npm_a1B2c3D4e5F6g7H8i9J0", "NPM_TOKEN=‹redacted›"),
    ("_SECRET", "CLIENT_SECRET='s3cr3t value' ./deploy", "s3cr3t value", "CLIENT_SECRET='‹redacted›'"),
    ("_KEY", 'export STRIPE_API_KEY="rk_test_4eC39HqLyjWDarjtT1zdp7dc"', "4eC39HqLyjWDarjtT1zdp7dc",
     'STRIPE_API_KEY="‹redacted›"'),
    ("PASSWORD", "PASSWORD=hunter2 psql -h db", "hunter2", "PASSWORD=‹redacted›"),
    ("aws secret", "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY aws s3 ls",
     "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "AWS_SECRET_ACCESS_KEY=‹redacted›"),
    ("aws credentials file", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
     "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "aws_secret_access_key = ‹redacted›"),
    ("aws key id", "aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE",
     "IOSFODNN7EXAMPLE", "AKIA‹redacted›"),
    ("github ghp", "gh auth login --with-token <<< ghp_16C7e42F292c6912E7710c838347Ae178B4a",
     "16C7e42F292c6912E7710c838347Ae178B4a", "ghp_‹redacted›"),
    ("github gho", "git push https://x-access-token@github.com gho_16C7e42F292c6912E7710c838347Ae178B4a",
     "16C7e42F292c6912E7710c838347Ae178B4a", "gho_‹redacted›"),
    ("github ghs", "echo ghs_16C7e42F292c6912E7710c838347Ae178B4a | docker login ghcr.io",
     "16C7e42F292c6912E7710c838347Ae178B4a", "ghs_‹redacted›"),
    ("github fine-grained", "gh api -H token github_pat_11ABCDEFG0abcdefghijkl_mnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefgh",
     "11ABCDEFG0abcdefghijkl", "github_pat_‹redacted›"),
    ("openai", "OPENAI=1 python run.py sk-abcdefghijklmnopqrstT3BlbkFJabcdefghijklmnopqrst",
     "abcdefghijklmnopqrstT3BlbkFJ", "sk-‹redacted›"),
    ("openai project", "python run.py --key sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90Uv12Wx34",
     "Ab12Cd34Ef56Gh78Ij90", "sk-proj-‹redacted›"),
    ("anthropic", "curl -H 'x-api-key: sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIjKlMnOpQrSt-AA' https://api.anthropic.com",
     "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "x-api-key: ‹redacted›"),
    ("anthropic bare", "claude --api sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-AA",
     "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "sk-ant-‹redacted›"),
    ("slack bot", "curl -d token=xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy slack.com",
     "pdFZKVeTuE8sk7oOcBrzbqgy", "token=‹redacted›"),
    ("slack user", "slack-cli --as xoxp-17653672481-19874698323-77812834592-a1b2c3d4e5f6a1b2c3d4",
     "77812834592-a1b2c3d4e5f6", "xoxp-‹redacted›"),
    ("jwt", "curl --cookie session=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c x",
     "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c", "eyJ‹redacted›"),
    ("password flag", "mysql --password=Sup3rS3cret! -h db", "Sup3rS3cret!",
     "--password=‹redacted›"),
    ("json secret", """curl -d '{"user":"a","password":"p@ss w0rd"}' https://h""", "p@ss w0rd",
     '"password":"‹redacted›"'),
    ("gitlab", "glab auth login --stdin <<< glpat-AbCdEf0123456789xyzW", "AbCdEf0123456789xyzW",
     "glpat-‹redacted›"),
    ("google", "curl 'https://maps.googleapis.com/maps/api/geocode/json?key=AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe'",
     "SyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe", "AIza‹redacted›"),
    ("url password", "git clone https://deploy:gh0stPa55@git.example.com/team/app.git",
     "gh0stPa55", "https://deploy:‹redacted›@git.example.com"),
    ("database url", "psql postgres://admin:s3cr3t-p4ss@db.internal:5432/app",
     "s3cr3t-p4ss", "postgres://admin:‹redacted›@db.internal"),
]


@pytest.fixture(scope="module")
def r() -> Redactor:
    return Redactor()


@pytest.mark.parametrize(("what", "text", "secret", "shown"), SHAPES, ids=[s[0] for s in SHAPES])
def test_each_shape_is_hidden_with_its_shape_kept(r: Redactor, what: str, text: str,
                                                  secret: str, shown: str) -> None:
    out, hidden = r.redact(text)
    assert hidden and secret not in out and shown in out, out
    assert r(out) == out  # idempotent: the mark is never taken for a secret


def test_every_built_in_rule_is_exercised_by_a_shape(r: Redactor) -> None:
    """Each rule of the documented list hides something in SHAPES (no dead rule)."""
    used = set()
    for _, text, _, _ in SHAPES:
        for i, (name, _) in enumerate(RULES):
            alone = Redactor.__new__(Redactor)
            alone._rx, alone._groups = _single(i)
            alone._user, alone.problems = [], []
            if alone.redact(text)[1]:
                used.add(name)
    assert used == {name for name, _ in RULES}


def _single(i: int):  # one rule's alternation, as the module builds them all
    import re2

    from osc7501wrap.protocol import redact

    pattern = redact.RULES[i][1]
    names: list[str] = []

    def rename(_m: re.Match[str]) -> str:
        names.append(f"s{len(names)}")
        return f"(?P<{names[-1]}>"

    rx = re2.compile("(?P<r>" + redact._GROUP.sub(rename, pattern) + ")")
    return rx, ((rx.groupindex["r"], tuple(rx.groupindex[n] for n in names)),)


@pytest.mark.parametrize("text", [
    "rm -rf build", "npm test -- --watch", "Do you want to proceed?", "risk-free task-list",
    "curl -H 'Authorization: Bearer $TOKEN' https://x", "export TOKEN=$(pass show gh)",
    "git clone https://github.com/x/y.git", "ssh user@host", "disk-usage report",
    "KEY_FILE", "echo skipped", "basic authentication", "1. Yes", "2. No, and tell Claude",
])
def test_ordinary_text_is_left_alone(r: Redactor, text: str) -> None:
    assert r.redact(text) == (text, False)


def test_none_and_empty(r: Redactor) -> None:
    assert r(None) is None and r("") == ""


@pytest.mark.parametrize("mark", ["\u200b", "\u202e", "\u2066", "\ufeff", "\u00ad", "\u2060"])
def test_an_invisible_mark_cannot_split_a_token(r: Redactor, mark: str) -> None:
    text = f"echo ghp_16C7e42F{mark}292c6912E7710c838347Ae178B4a and PASS{mark}WORD=hunter22"
    out = r(text)
    assert "292c6912E7710c838347Ae178B4a" not in out and "hunter22" not in out
    assert mark not in out


def test_controls_become_spaces_and_never_join_a_token(r: Redactor) -> None:
    text = "Bearer abcdefgh\x1b[31mijklmnop\x00q #(rm -rf ~) #{pane_id} $(id) %H \u2028end"
    out = r(text)
    assert "\x1b" not in out and "\x00" not in out and "\u2028" not in out
    assert "abcdefgh" not in out  # the part before the control is a token of its own
    assert "#(rm -rf ~) #{pane_id} $(id) %H" in out  # inert text, left as text


def test_argv_spans_two_arguments_and_keeps_each_in_place(r: Redactor) -> None:
    argv = ["curl", "-u", "aladdin:opensesame", "-H", "Authorization: Bearer abcdef0123456789",
            "https://me:pw12345@h/x", "--data", "ok"]
    out = r.argv(argv)
    assert out == ["curl", "-u", "aladdin:‹redacted›", "-H", "Authorization: Bearer ‹redacted›",
                   "https://me:‹redacted›@h/x", "--data", "ok"]
    assert r.argv(["make", "test"]) == ["make", "test"]


def test_dialog_keeps_its_id_and_says_something_was_hidden(r: Redactor) -> None:
    shown = {"id": "abc123", "question": "Bash: curl -u me:pw0rd123 https://h",
             "options": [{"number": 1, "label": "Yes, and allow GITHUB_TOKEN=ghp_x1y2z3w4v5u6",
                          "selected": True, "key": None}]}
    out = r.dialog(shown)
    assert out is not None
    assert out["id"] == "abc123" and out["redacted"] is True
    assert "pw0rd123" not in out["question"] and "ghp_x1y2" not in out["options"][0]["label"]
    assert shown["question"].endswith("pw0rd123 https://h")  # the input is not changed
    plain = r.dialog({"id": "d", "question": "Proceed?", "options": []})
    assert plain == {"id": "d", "question": "Proceed?", "options": []}  # no marker


def test_deep_redacts_every_string_of_a_reply(r: Redactor) -> None:
    reply = {"ok": False, "error": "the dialog changed: 'curl -u a:bcdefgh1 x'",
             "signals": [{"msg": "PASSWORD=topsecret1"}], "n": 3}
    out = r.deep(reply)
    assert "bcdefgh1" not in str(out) and "topsecret1" not in str(out) and out["n"] == 3


# ----------------------------------------------------------------------------- hostile input

HOSTILE = [
    "a" * 10_240,
    "sk-" * 3_500,
    "Bearer " * 1_500,
    "https://" + "a:" * 5_000 + "b",
    "x:" * 5_000 + "@",
    "A_TOKEN=" * 1_300,
    "eyJ" + "a." * 5_000,
    "-u " * 3_400 + "a:b",
    '"password": "' * 800,
    "ghp_" * 2_600,
    "\u202e\u200b" * 5_000,
    "\x1b[" * 5_000,
    "‹redacted›" * 1_000,
]


@pytest.mark.parametrize("text", HOSTILE, ids=lambda t: repr(t[:12]))
def test_hostile_input_is_linear_and_total(r: Redactor, text: str) -> None:
    """10 KB of pathological repetition: each redacts (twice, idempotent) well within the
    time a stall would take (a backtracking engine on these runs for minutes)."""
    start = time.perf_counter()
    out = r(text)
    assert r(out) == out
    assert time.perf_counter() - start < 3.0


def test_a_user_pattern_that_backtracks_catastrophically_elsewhere_is_linear() -> None:
    """(a+)+$ against "aaa...ab": exponential for a backtracking engine, linear in RE2."""
    r = Redactor(["(a+)+$"])
    text = "a" * 5_000 + "b"
    start = time.perf_counter()
    assert r(text) == text
    assert time.perf_counter() - start < 3.0
    assert r("x " + "a" * 40) == "x " + MARK


def test_user_patterns_from_the_config(tmp_path) -> None:
    cfg = tmp_path / "config.toml"
    cfg.write_text('[redact]\npatterns = ["corp-[0-9a-f]{8}", "ticket=(\\\\d+)"]\n')
    c = load_config(cfg, env={})
    assert c.problems == [] and c.redact.patterns == ("corp-[0-9a-f]{8}", "ticket=(\\d+)")
    r = Redactor(c.redact.patterns)
    assert r("deploy corp-deadbeef ticket=4711 done") == f"deploy {MARK} ticket={MARK} done"


@pytest.mark.parametrize("bad", ["(?=x)", "(a)\\1", "[", "", "x*", "a" * 600])
def test_a_bad_user_pattern_is_one_line_and_left_out(tmp_path, bad: str) -> None:
    with pytest.raises(PatternError):
        compile_user(bad)
    r = Redactor([bad, "corp-[0-9]+"])
    assert len(r.problems) == 1 and "left out" in r.problems[0]
    assert r("corp-42") == MARK
    cfg = tmp_path / "config.toml"
    cfg.write_text("[redact]\npatterns = [" + json.dumps(bad) + "]\n")
    c = load_config(cfg, env={})
    assert c.redact.patterns == () and len(c.problems) == 1
    assert "\n" not in c.problems[0] and "redact.patterns" in c.problems[0]


def test_a_token_the_screen_wrapped_is_hidden_in_both_rows(r: Redactor) -> None:
    """A dialog's subject rows (and its one-line question, rows joined with " ⏎ ") are
    read as lines, and a row as wide as the widest as going on in the next: no part of
    a wrapped token is left, and a short row's next row stays a line of its own."""
    rows = ["echo " + "x" * 60 + " ghs_W1r3dT0", "k3nAcr0ssTw0R0ws && make",
            "curl -u ci:Sesame0pen https://h", "GH_TOKEN=abc", "def ./run"]
    out, hidden = r.rows(rows)
    assert hidden and out[0].endswith("ghs_‹redacted›") and out[1] == "‹redacted› && make"
    assert out[2] == "curl -u ci:‹redacted› https://h"
    assert out[3] == "GH_TOKEN=‹redacted›" and out[4] == "def ./run"  # not wrapped
    assert r.rows(out)[0] == out  # idempotent
    question = "Bash: " + " ⏎ ".join(rows[:2])
    shown = r(question)
    assert "T0" not in shown and "k3nAcr0ss" not in shown and shown.count(" ⏎ ") == 1
    assert r(shown) == shown
    d = r.dialog({"id": "i", "question": question, "subject": rows, "partial": False,
                  "options": []})
    assert d is not None and d["subject"] == out and d["redacted"] is True
    assert d["question"] == shown and d["id"] == "i"


def test_a_far_machines_rows_are_redacted_here_too() -> None:
    """A fleet row from a machine whose wrap does not redact (an older version): its
    msg, argv and dialog lose their secrets as they are read; the dialog id stays."""
    from osc7501wrap.fleet.remote import clean_row

    row = clean_row({
        "pid": 42, "id": "wrap/42", "agent": "claude", "state": "blocked",
        "kind": "permission", "msg": "Bash: curl -u me:pw0rd123 https://h",
        "argv": ["curl", "-H", "Authorization: Bearer abcdef0123456789"],
        "dialog": {"id": "abc123", "question": "Bash: GITHUB_TOKEN=ghp_x1y2z3w4v5u6 make",
                   "subject": ["GITHUB_TOKEN=ghp_x1y2z3w4v5u6 make"], "partial": False,
                   "options": [{"number": 1, "label": "Yes", "selected": True}]}})
    assert row is not None
    text = json.dumps(row, ensure_ascii=False)
    assert "pw0rd123" not in text and "abcdef0123456789" not in text
    assert "x1y2z3w4v5u6" not in text
    assert row["dialog"]["id"] == "abc123" and row["dialog"]["redacted"] is True
    assert row["argv"][2] == "Authorization: Bearer ‹redacted›"
