"""The fallback for full-screen agents without a manifest (rules/generic.toml, rules
``tui_*``), measured as it is judged: on real sessions of agents, read with the generic
manifest instead of their own.

* Held out: **Cline** (3.0.65, ``tests/heldout/cline-3.0.65/``, recorded by
  scripts/capture-agents like the corpus, then moved there). Its captures were not used to
  write the fallback's rules, but for the last one (below); these are its figures.
* **Cline 3.0.57** (``tests/heldout/cline-3.0.57/``, every Cline scenario recorded after
  the rules below were written) was measured once unseen: 5/7 dialogs (its 61-line
  command and one multi-line approval, read as a question, missed), 5 false blocked (its
  negatives' quoted "[y] Approve [n] Deny" twice, a list read for 40 ms and 89 ms while
  it redraws, its question read 0.5 s past its answer), agreement 0.899 (the rules
  before that pass: 4/7, 4 false blocked, 0.874). It was then looked at for these shapes,
  so it is no longer unseen: an approval whose command runs over many rows (its keys at
  the bottom of a tall dialog, its question above the bottom rows or past the screen's
  top), a composer drawn below options quoted in the conversation, a running turn's
  "(esc to cancel)" over the composer with a footer's "(Tab)" (no hints row: a hints row
  names two keys), and the command between a question and its options as the dialog's
  subject. The rules were written for the shapes and checked on the known agents' captures
  read with the fallback (each figure the same or better: Codex 0.169.0's multi-line
  approvals, one dialog after another with the same question, are told apart by their
  command: 4 false blocked -> 0; Copilot's quoted list above its exit summary, whose token
  counter "↑ 100 • ↓ 53" read as hints: 1 -> 0 on each release; Qwen Code 0.24.4's
  approval under its answer bullet "◆" is no select prompt: 3 -> 2). Cline 3.0.57 now:
  7/7, 1 false blocked (its question stays drawn 0.46 s after the answer, no change on
  screen until then: the light leaves 22 ms after the 0.5 s allowed), agreement 0.949.
  Neither Cline release here is unseen any more; the agents below were recorded apart and
  not looked at for these shapes.
* **Continue CLI 1.5.47** (``tests/heldout/continue-1.5.47/``, the program ``cn``, an
  agent wrap has no manifest for; recorded with every scenario its driver has after the
  rules above were written, its labels checked on its screens) was measured once unseen:
  0/7 dialogs, 0 false blocked, no turn end seen (6), agreement 0.745. It was then looked
  at for these shapes, so it is no longer unseen: options that each carry their key at
  the end of their row, in parentheses or brackets (``(tab)``, ``(shift+tab)``,
  ``(esc)``, ``[y]``), two or more of them, no key-hint row (``tui_dialog_keyed``, its
  subject the box's rows above the question, partial when a row is cut with "..." or
  the box's top is off screen); a pointer row among sibling option rows under a question
  in a box is a selection, not a composer (``tui_*_boxed``); an empty composer drawn with
  a block cursor and its placeholder reads idle when no spinner runs over it
  (``tui_composer_cursor``). The rules were checked on the known agents' captures read
  with the fallback (every figure the same) and on both Cline releases (the same).
  Continue CLI 1.5.47 now: 7/7, 0 false blocked, blocked p50/max 40/40 ms, turn end
  p50/max 40/40 ms, agreement 1.000. What it showed before, and what the fallback said
  then:

  - its permission dialog (command-approve, command-deny, long-command, multiline x3) is
    a rounded box in the composer's place: ``Bash(...)``, ``⎿ Will run: ...`` (a long
    command cut to 5 rows), "Would you like to continue?", a note, then the options
    ``│  > Continue (tab)``, ``│    Continue + don't ask again (shift+tab)``,
    ``│    No, and tell Continue what to do differently (esc)``, the box's edge and a
    status line; each option carries its key, there is no key-hint row, and the spinner
    line above the box goes on counting ("( 2s • esc to interrupt )"). The fallback reads
    it **done** 30-40 ms after it is drawn, until it is answered: ``tui_composer`` takes
    the ``│  > Continue (tab)`` row for a composer's prompt in a box; ``tui_dialog_list``
    wants a key-hint row and excludes that row as a composer;
  - its question (question) is a box with "? Which color do you prefer?", ``│    ❯ Red``,
    ``Blue``, "(or start typing for custom answer)", the hints "↑/↓ navigate, Enter
    select", the box's edge and a status line: no rule matches (``tui_question_list`` has
    its hints but excludes the ``│    ❯ Red`` row as a composer in a box), so it stays
    **working** (from the Enter) through the question;
  - its empty composer is ``│ ● ▋Ask anything, @ for context, ...`` in a box (a dot and a
    block cursor, no ``❯``/``>``), drawn also under the spinner line while a turn runs:
    no rule reads it, so every turn's end (answer x2, command-approve, negatives,
    question, stream) and the idle after an interrupt or a refusal stay **working** until
    the run ends (0.6-2.1 s later), and a refused dialog reads done, not idle.
* Held out since: **Mistral Vibe 2.26.1** (``tests/heldout/vibe-2.26.1/``, the program
  ``vibe``, its Python TUI; recorded with every scenario of its driver after the rules
  above were written, labels checked on its screens, measured once, nothing changed
  after): 7/7 dialogs with their kinds (its boxed "Permission for the file_system.bash
  tool" with ``› 1. Allow once`` ... ``4. Deny`` and "↑↓/jk navigate  Enter select  Esc
  reject", its question box), 0 false blocked, blocked p50/max 69/80 ms, turn end p50/max
  40/77 ms, agreement 0.999: every goal met.
* Held out since: **Kimi CLI 1.51.0** (``tests/heldout/kimi-1.51.0/``, the program
  ``kimi``, its prompt_toolkit shell redrawing its bottom rows in place; recorded with
  every scenario of its driver, labels checked on its screens, then measured once on the
  rules as they were before the pass for long and multi-line approvals, nothing changed
  after): 0/7 dialogs, 0 false blocked, no turn end seen (6), agreement 0.405. It was then
  looked at for its shapes, so it is no longer unseen: key hints written with arrow glyphs
  (▲/▼ ↑↓ ←→ ↵ ⏎) as well as words; options numbered ``[1]``/``(1)`` as well as
  ``1.``/``1)``, a pointer (``→ ❯ › ▸ > ●``) before any of them, in a box titled in its
  top rule, the hints or a status line and a rule under it; a command cut with a
  "... (truncated" row is a partial subject (``answer`` refuses to type); an empty input
  area between two rules, no prompt glyph, over at most three status rows, reads idle
  (``tui_composer_empty``), and a moon-phase or clock-face spinner over it (or a
  quartered circle alone on its row) reads working. The rules were written for the
  shapes and checked on the known agents' captures read with the fallback and on the
  Cline and Continue CLI held-out directories (every figure the same, but Pi 0.72.1 and
  0.73.1, whose empty input area between rules now reads idle: no turn end seen (9) ->
  every turn end seen, agreement 0.894 -> 0.949 and 0.950). Kimi CLI 1.51.0 now: 7/7, 0
  false blocked, blocked p50/max 40/45 ms, turn end p50/max 40/40 ms, agreement 0.977.
  Looked at again for its stream that reads like a finished turn: the fallback reads its
  turn done 1.06 s before the marker in the stream and in one approval, and the screen
  agrees with it: the spinner row is erased, the answer printed whole and
  the empty input area drawn, the terminal cursor shown (21.10 s in the approval), then
  nothing but one more redraw of the same screen 1.0 s later, which is when the harness
  marked the turn's end. The turn was over on screen; nothing was changed for it. What
  it showed before, and what the fallback said
  then (no rule matched any of its screens after the start-up spinner, "⠋ Loading
  configuration...", so it read **working** until the run ended, in every scenario):

  - its permission dialog (command-approve, command-deny, long-command, multiline x3) is
    a box over its composer, ``╭─ approval ─``, "Shell is requesting approval to run
    command:", the command (a long one cut to 4 rows and "... (truncated, ctrl-e to
    expand)"), the options ``│ → [1] Approve once``, ``[2] Approve for this session``,
    ``[3] Reject``, ``[4] Reject, tell the model what to do instead`` and the hints
    ``▲/▼ select  1/2/3/4 choose  ↵ confirm``, under the tool's braille spinner line
    ("⠦ Using Shell (...)"); ``tui_dialog_list`` does not take those hints (no Enter, Esc
    or ↑↓: ▲/▼ and ↵), the numbered and pointer rules want ``1.``/``1)`` or a word after
    the ``→``, not ``[1]``, and ``tui_dialog_keys`` wants its bracketed keys on one row,
    so it reads **working** throughout;
  - its question (question) is the same box, ``╭─ question ─``, "? Which color do you
    prefer?", ``│ → [1] Red``, ``[2] Blue``, ``[3] Other``, with no hint row
    (``tui_question_pointer`` wants a word after the ``→``): **working**;
  - its composer is a rule ``── input ───`` over empty rows, a rule and a status line
    ("agent (gpt-4o ○)  ...  ctrl-x: toggle mode"), with no prompt glyph (``tui_composer``
    wants ``❯``/``>``/``›``/``»``), also drawn, empty, under the spinner while a turn runs
    (a moon phase alone on its row while the model is asked, "⠴ Composing... 3s · 55
    tokens" while it streams, the answer printed only at the end): every idle (at start,
    after a refusal, which ends its turn, and after Ctrl+C) and every turn's end (answer
    x2, command-approve, negatives, question, stream) stays **working** until the run
    ends.
* Held out since: **Deep Agents Code 0.1.88** (``tests/heldout/deepagents-0.1.88/``, the
  program ``deepagents-code``, its Textual shell, PyPI ``deepagents-code``; recorded with
  every scenario of its driver, labels checked on its screens, then measured once by this
  test on the rules as they were before the pass for options that carry their keys, and
  again, the same, on the rules after the passes for Continue CLI and Kimi CLI): 0/7
  dialogs (no blocked decision on any), 0 false blocked, turn end p50/max 68/2706 ms,
  agreement 0.879. Its cursor blinks: it writes every 0.5 s, also when nothing else
  changes. What its screens showed where the fallback
  gave no blocked decision:

  - its permission dialog (command-approve, command-deny, long-command, multiline x3) is
    a box ``┌─...─┐`` drawn above its composer, which stays drawn, empty, under it:
    ``│ >>> execute Requires Approval <<<``, the command (its rows indented one space, a
    long one cut after five rows, a wrapped one after two, with "… (press 'e' to
    expand)"), then a multi-row command's rows from its second on again, not indented
    (the 61-line one's fill the box down to the composer: its options and hints are below
    the screen's bottom), ``Working Directory: ...``, the options
    ``│   › 1. Approve (y)``, ``2. Enable Auto for this thread (a)``, ``3. Reject (n)``
    (each carrying its key in brackets, the pointer ``›`` on the selected one), the hints
    ``↑/↓ navigate • Enter select • y/a/n quick keys • Tab reject with feedback • Esc
    reject`` (``• e expand`` added for a cut command), the box's edge, then the paused
    spinner line ``⏸ Awaiting decision...  (paused at 4s)`` (its seconds stand still),
    then the composer box ``│ >   │`` and two status rows ("manual  <cwd>  openai:gpt-4o",
    "Context: 0% / Tokens: 0 • <$0.01");
  - its question (question) is the same kind of box, ``│ › Agent has a question for
    you``, ``Which color do you prefer? (required)``, ``│   › Red``, ``• Blue``,
    ``• Other (type your answer)``, the hints ``↑/↓ move • Enter to continue • Ctrl+J
    newline • Esc to cancel``, over the same empty composer, with no spinner line;
  - while a turn runs, the row above the composer is ``⠦ Thinking...  (8s, esc to
    interrupt)`` (a tool's own line ``⠼ Running...`` above it), the composer drawn empty
    under it; at the end of a turn that row is gone and the title gains `` - OK``; after
    an interrupt (Esc) "■ Interrupted by user" is printed and the prompt is put back into
    the composer (``│ > think about it for a long time``, a box with ``[ X ] [ COPY ]``
    on its edge); at start, notices ("ripgrep is not installed", "Web search disabled")
    cover the right half of the screen over the empty composer for several seconds.

  It was then looked at for these shapes, so it is no longer unseen: a dialog box drawn
  ABOVE a composer that stays drawn under it (``tui_dialog_above``,
  ``tui_question_above``): in a box, two or more option rows, one behind a pointer, its
  siblings indented past the box's edge (numbered, or behind a bullet ``•``), at most
  three blank box rows, then the key-hint row right above the box's bottom edge, then
  blank rows and at most one status row (the paused "⏸ Awaiting decision..."), then the
  composer's box and at most three status rows. Options quoted in the conversation are
  in no box of their own closed right under their hints (its negatives' quoted approval,
  its prompt typed into the composer: none). Its options carry their keys (``(y)``,
  ``(a)``, ``(n)``, read as each option's key, which ``answer`` types), its
  subject is the box's rows from its top edge to the first option, partial when a row is
  cut with "…" (its wrapped multi-line command). Its 61-line command shows no option and
  no hints (they are below the screen's bottom): no dialog is read there, honestly (what
  it would approve is not on screen), and the screen reads as its composer. The rules
  were checked on every known agent's captures with its own manifest and with the
  fallback, and on the Cline, Continue CLI and Kimi CLI held-out directories: every
  figure the same. Deep Agents Code 0.1.88 then: 6/7 dialogs (the 61-line command
  missed), 0 false blocked, blocked p50/max 63/78 ms, turn end p50/max 68/2706 ms,
  agreement 0.900. Its late idles and turn ends (start-up idle in three captures, the
  stream's and one approval's turn end, 2.7 s) came from the server it starts under its
  start-up spinner ("Connecting..."), read as background work a turn had left running:
  a program on the fallback now starts no turn before the user's first prompt, so what
  it starts then is a helper. The 61-line command was looked at again: its box's heading
  (">>> execute Requires Approval <<<") is on screen, its rows run down to the composer
  with no bottom edge: an approval box cut off by the composer whose heading asks for
  approval is a permission (``tui_dialog_cut``), always partial, no options, so
  ``answer`` types nothing; with its heading past the screen's top it is none. Its cursor
  blinks (the cursor cell recoloured every 0.5 s, the text the same): a live session's
  activity samples counted that as output, so its still composer stayed working; they
  now count output under a still composer only when the screen's text changed since one
  of the last two samples. The replay above held no activity samples then (the capture was
  recorded with none); ``bench/sampled_replay.py``, which runs the samples on the
  capture's clock, read Deep Agents Code 0.1.88 at 0.629 counting every output and
  0.939 with the screen's text (the replay takes a live session's samples now: 0.992,
  "Replayed with activity" below). Every known agent's figures with its own manifest and
  with the fallback, and the Cline, Continue CLI and Kimi CLI held-out directories'
  figures: the same. Deep Agents Code 0.1.88 now: 7/7, 0 false blocked, blocked p50/max
  40/78 ms, turn end p50/max 60/68 ms, agreement 0.995.
* Held out since: **mini-SWE-agent 1.17.5** (``tests/heldout/mini-1.17.5/``, its Textual
  UI, ``mini -v``, in confirm mode; every scenario its driver has: no question tool, no
  interrupt key), recorded after the pass for Deep Agents' shapes and measured once on
  the rules with it (the fallback was never run on it before): 0/6 dialogs, 0
  false blocked, turn end p50 354 ms (2 of 6 not seen), agreement 0.509. What its screens
  show and the fallback read:

  - its permission dialog is no list of options: the command in a fenced block, then
    "Press ENTER to confirm or provide rejection reason", a hints row (" Enter  to
    submit, ..."), and its one input box (``▊ Type your input... ▎``), the header saying
    "AWAITING_INPUT". Its turn's end is the same input under "Agent wants to finish. Type
    a comment ... or press enter to quit." Only the words tell the two apart, and the
    issue's blocked (a question with two or more options) does not describe it: read
    working while the header's spinner turned, then idle ("the turn never started").
  - its 61-line command pushes the input box off the screen: only "AWAITING_INPUT" in
    the header is left.

  It was then looked at for these shapes, so it is no longer unseen: a confirmation
  asked in an input area (``tui_dialog_confirm``): a row naming Enter, a word that
  confirms (confirm, approve, accept, allow) and one that rejects (reject, deny, decline,
  refuse), at most a hints row under it, then the input area (a top edge or rule, one to
  four rows, a bottom edge or rule) and at most three rows to the bottom; the same input
  under other words ("Agent wants to finish ...") is the composer, the words quoted in
  the conversation or typed into the input are not right above it. Its options are the
  keys the row names: Enter confirms; a reason typed and entered rejects when the row
  asks for one ("no", Enter), else the key it names (Esc). Its subject is the fenced
  command above it (the last block above the input box's top edge, so a reason being
  typed keeps the dialog's id), partial when the opening fence is past the screen's top.
  An input box drawn with eighth blocks (``▊▔▔▎``, ``▊ Type your input... ▎``,
  ``▊▁▁▎``) over at most three rows reads idle (``tui_composer_input``). Its 61-line
  command shows no question (only its header's word): no dialog, honestly. The rules
  were checked on every known agent's captures with its own manifest and with the
  fallback, and on the Cline, Continue CLI, Kimi CLI and Deep Agents Code held-out
  directories: the same (Deep Agents Code's changes above are the pass's other rules).
  mini-SWE-agent 1.17.5 now: 5/6 (its 61-line command), 0 false blocked, blocked p50/max
  40/62 ms, turn end p50/max 35/391 ms (3 of 6 not seen), agreement 0.623. What is left:
  its first prompt is sent with Esc+Enter at a line-mode prompt (an Enter the input side
  does not take for a prompt: Esc+Enter inserts a newline in other composers) and its
  running turn draws its spinner only in the header at the screen's top ("RUNNING ⠹"),
  none at the bottom, so this replay, which had no activity samples then, read its first
  turn idle (answer, negatives, stream: the turn's end not seen); a live session's
  samples read its output as work (``bench/sampled_replay.py``: 0.612 counting every
  output, 0.728 with the screen's text, every turn end seen). It was looked at again for
  those first turns: its task is typed at a line-mode prompt ("What do you want to do?",
  the toolbar "Submit task: Esc+Enter | ..." on the last row, read idle from the start)
  and sent with Esc+Enter, which the input side takes for no prompt; it prints "Got that,
  thanks!", starts its Textual UI and runs the turn under the only spinner it draws, in
  its header's first row ("Step 1/1 - RUNNING ⠹ - Cost: $0.00"), so the replay read the
  whole first turn idle and saw no change at its end. A braille spinner glyph standing
  alone among the words of the screen's first row reads working (``tui_working_header``;
  not one at the start of the row, a line-mode program's spinner line scrolled up, nor
  one inside a word). Every known agent's figures with its own manifest and with the
  fallback, and every held-out directory but Mistral Vibe's: the same. mini-SWE-agent
  1.17.5 now: 5/6, 0 false blocked, blocked p50/max 40/62 ms, turn end p50/max 31/56 ms
  (every turn end seen; was 3 not seen), agreement 0.802 (was 0.623; stream 0.246 ->
  0.777, negatives 0.476 -> 0.682). Its first turn's end read idle ("the turn never
  started": the program's start-up lasted until an Enter the input side takes): an
  Esc+Enter after typed text (a line editor's submit, a newline in other composers) now
  ends the start-up without claiming a turn, and so does a turn's own sign on screen (an
  interrupt hint, ``tui_working_turn``, visible: a prompt given on the command line,
  ``tests/pty/test_first_turn_generic.py``), so that end reads done; the figures count
  done and idle alike (Deep Agents Code 0.1.88's turn end p50 60 -> 56 ms, the rest the
  same). What is left: the 2 s from the Esc+Enter to the header's first frame read idle
  in this replay without activity samples (and with them: the replay with activity
  reads those 2 s the same, 0.827 in all, "Replayed with activity" below), and its 61-line
  command's question and input box stay below the screen's bottom (only the header's
  "AWAITING_INPUT" is left, the same word its turn's end shows): no dialog, honestly.
* Held out since: **open-codex 0.1.31** (``tests/heldout/opencodex-0.1.31/``, npm
  ``open-codex``, its ollama provider at the fake API, approval mode "suggest"; every
  scenario its driver has: no question tool) and **Code Puppy 0.0.946**
  (``tests/heldout/codepuppy-0.0.946/``, PyPI ``code-puppy``, ``code-puppy -i``, one
  custom OpenAI model at the fake API, yolo mode off; every scenario incl. its question
  form), recorded while the pass for mini-SWE-agent's shapes was written and measured
  once before it landed and once after, nobody having looked at their screens (the same
  figures both times): open-codex 6/6 dialogs (its boxed "Allow command?" whose options
  carry their keys, ``❯ Yes (y)``: the keyed-options rule of the Continue pass), 0
  false blocked, blocked p50/max 40/55 ms, 7 turn ends not seen, agreement 0.858; Code
  Puppy 0/7 dialogs (its "What would you like to do?" with ``> ✓ Approve``,
  ``✗ Reject``, ``💬 Reject with feedback`` and "↑/↓ move · enter select · esc cancel",
  its question form), 0 false blocked, turn end p50 2414 ms (5 not seen), agreement
  0.779. What their screens showed, and what the fallback said then:

  - Code Puppy's approval is drawn in the main screen, under its box ("Requesting
    permission to run:", ``$ <command>``): the question ``💭 What would you like to
    do?``, the options ``> ✓ Approve``, ``  ✗ Reject``, ``  💬 Reject with feedback
    (...)`` and the hints ``↑/↓ move · enter select · esc cancel`` last; once answered it
    stays drawn, "Approved!" and the turn printed under it. ``tui_dialog_list`` has its
    hints, but its options want a number, or a pointer ``❯ › ▶ ▸ →`` (not ``>``) with
    siblings whose word starts with a letter (here a glyph), and its approval words a
    word right after the pointer; ``tui_dialog_pointer`` wants the siblings indented
    past the pointer (here at its glyph's column) and a word after it: no rule, so each
    approval read **working**;
  - its question is the alternate screen's form: a pane listing the questions, then
    ``? Which color do you prefer?``, the radio choices ``❯ ( ) Red``, ``( ) Blue``,
    ``( ) Other`` and the hints ``Space Select │ Ctrl+S Submit │ ? Help`` (Enter marks a
    choice, Ctrl+S sends): no key the list rules know (Enter, Esc, arrows), **working**;
  - its composer is an empty ``>>>`` over two footer rows (the model, the status row
    "... | Idle" that reads "( 🐶 ) | ... | Working", the dog bouncing between the
    parentheses, while a turn runs): no rule read the prompt (it wants ``❯``/``>`` in
    a box or between rules) or the bouncing ball, so a turn's end waited for the quiet
    (2.4 s) or was not seen;
  - open-codex's composer is a one-row box across the screen, ``│ send a message │``,
    no prompt glyph, over one hints row; while a turn runs the same box holds the
    bouncing ball ``│(  ●   )  Thinking``: no rule read either, so its turn ends were
    not seen (its approval, a box whose options carry their keys, was found already).

  They were then looked at for these shapes, so they are no longer unseen: options that
  each wear a glyph before their word, the pointer on one and its siblings at its
  glyph's column, under a question with the key hints last (``tui_dialog_glyphs``,
  ``tui_question_glyphs``; the glyph is no part of a label, ↑/↓ and Enter choose, its
  subject the box above the question, partial when the box's top is past the screen's;
  answered, the hints are no longer last and it is none); a form of radio choices or
  check boxes whose hints name a key that marks a choice and one that sends the form
  (``tui_question_form``: a question, no options, so ``answer`` types nothing); a
  bouncing-ball spinner, one glyph between parentheses with blanks around it, reads
  working; an empty prompt glyph (``>>>``, ``❯``) over one to three footer rows reads
  idle (``tui_composer_footer``; not a prompt on the last row, a REPL's, nor one showing
  a placeholder: Codex's stays drawn while an answer streams above it, and reading it
  idle cost 0.940 -> 0.857 and 0.998 -> 0.882 before it was left out); a one-row box
  across the screen holding words or nothing, over at most two rows, reads idle
  (``tui_composer_box``). The rules were checked on every known agent's captures with
  its own manifest and with the fallback, and on the Cline, Continue CLI, Kimi CLI, Deep
  Agents Code and mini-SWE-agent held-out directories: every figure the same. open-codex
  0.1.31 now: 6/6, 0 false blocked, blocked p50/max 40/55 ms, turn end p50/max 40/46 ms,
  agreement 1.000 (was 0.858); Code Puppy 0.0.946 now: 7/7 (was 0/7), 0 false blocked,
  blocked p50/max 40/40 ms, turn end p50/max 40/40 ms (was 2414 ms, 5 not seen),
  agreement 0.998 (was 0.779).
* Other releases, recorded after the passes above with the drivers unchanged and measured
  once on the rules with every pass (nobody looked at their screens):
  **Kimi CLI 1.40.0** (five months before 1.51.0): 7/7 dialogs, 0 false blocked, blocked
  p50/max 40/80 ms, turn end p50/max 40/80 ms, agreement 0.979; **Continue CLI 1.5.11**
  (the oldest on npm; no question tool): 6/6, 0, 40/65 ms, 40/77 ms, 1.000; **Code Puppy
  0.0.900** (three weeks before 0.0.946): 7/7, 0, 40/40 ms, 40/40 ms, 0.988. The rules
  read what stayed across these releases: every goal met on each.
* Held out since: **OpenHands CLI 1.16.0** (``tests/heldout/openhands-1.16.0/``, PyPI
  ``openhands``, its Textual UI asking before each action, LiteLLM at the fake API; no
  question tool, no interrupt scenario: its Esc pauses only once a reply has come),
  measured once on the rules with every pass, nobody having looked at its screens: 0/6
  dialogs, 5 false blocked, turn end p50 2597 ms (4 not seen), agreement 0.795. The 5
  false blocked are its "Terminate session?" box with "Yes, proceed" / "No, dismiss"
  buttons, which every recording ends on (its driver quits with Ctrl+Q and leaves it
  unanswered for 10 s until the session is ended): a question truly on screen that the
  labels call done. Read up to the quit key only, it measures 0/6, 0 false blocked, 8
  turn ends not seen, agreement 0.443: its still composer (a box "Type your message..."
  over two status rows) and its approvals are read by no rule. Its driver then answered
  the box as a user does (Ctrl+Q, then Enter on "Yes, proceed", focused when it opens;
  the box labelled blocked while drawn, working from the Enter to the exit) and every
  scenario was recorded again, labels checked on the replayed screens; measured on the
  same rules, nobody having looked at its shapes: 5/13 dialogs (none of its 6 approvals,
  5 of its 7 exit boxes: read by the list rules through the box's "esc Cancel" footer),
  0 false blocked, blocked p50/max 74/398 ms, no turn end seen (8), agreement 0.778.
  What its screens show and the fallback read then:

  - its approval is drawn under the action in the conversation: "🔍 Confirm 1
    action(s)?", a blank row, ``  > Yes`` over ``    No``, ``    Always``, ``    Auto
    LOW/MED``, blank rows, then its composer, which stays drawn: no hints, no numbers,
    no box, and the composer under it (``tui_dialog_pointer`` wants at most three rows
    to the bottom): no rule, so each approval read **done** (the composer's) or working;
  - its composer is a one-row box across the screen ("│ Type your message, @mention a
    file, or / for commands │") over two status rows and a footer of keys (``^a Select
    all ... ^q Quit``): ``tui_composer_box`` allowed two rows under the box, so no turn
    end was seen until the quiet; its "⠸ Working (1s • ESC: pause)" read working;
  - its exit confirmation is a modal box over the screen, "Terminate session?", its
    buttons "Yes, proceed" and "No, dismiss" drawn with eighth-block edges (``▔▔▔``
    over, ``▁▁▁`` under), a footer "^c Exit  esc Cancel": read by the list rules in
    five recordings (where the box's rows end the screen), missed in two (the
    conversation's rows beside the box).

  It was then looked at for these shapes, so it is no longer unseen: options with no
  hints, numbers or box right under a question, the last rows above the composer (a
  one-row box or two rules) (``tui_dialog_on_composer``/``tui_question_on_composer``, on
  ``above_prompt:10``; options quoted in an answer have its text under them, options
  that carry their keys are the keyed rules'; ``answer`` reads the rows under the last
  question only, ``below`` in its reader, so a prompt echoed behind ``>`` above it is no
  second pointer, and chooses with ↑/↓ and Enter); buttons drawn with eighth-block
  edges, two or more on one row under a question, anywhere on the screen
  (``tui_dialog_buttons_edged``/``tui_question_buttons_edged``; their focus is a colour
  and Textual's buttons take Tab, so ``answer`` reads no options and types nothing); a
  one-row input box across the screen over at most three rows reads idle (was two).
  The rules were checked on every known agent's captures with its own manifest and
  with the fallback, and on every held-out directory but Mistral Vibe's: the same.
  OpenHands CLI 1.16.0 now: 13/13, 1 false blocked (its exit box stays drawn while it
  shuts down: read 11 ms past the 0.5 s allowed after the Enter, once), blocked p50/max
  69/74 ms, turn end p50/max 49/80 ms, agreement 0.997.
* A dialog quoted above a still composer. The rules for options over the composer (the
  OpenHands pass) read an answer whose last rows quote a dialog (its question, then
  ``> Yes`` over ``No``, or numbered options) as blocked, and so did the keys rule
  (``[y] Approve   [n] Deny``) and the pointer rule over a composer of few rows (a one-row
  box and a hints row, an input box of eighth blocks, an input area between rules,
  ``>>>`` over a footer): OpenHands CLI 1.16.0's negatives screen with the answer's last
  row ("Nothing is waiting now.") taken out read blocked (``tui_dialog_on_composer``),
  and unit screens of eight quotes under three lead-ins over the composers of eight
  held-out agents read blocked in 96 of 192 (``tests/unit/test_fallback_shapes.py``). No
  recorded screen ends an answer with a quote, so no capture's figure moved. They are
  told apart by shape: a quote is indented under the answer's words (a row of words
  above its question starts left of it, every row between them and from the question
  down is at least as far in), a live dialog is drawn at the conversation's margin (a
  rule or a logo left of it is no answer); keys on one row with a composer drawn under
  them are quoted (live, they take the composer's place). Every known agent's figures
  with its own manifest and with the fallback, and every held-out directory but Mistral
  Vibe's: the same.
* Held out since: **Nanocoder 1.30.0** (``tests/heldout/nanocoder-1.30.0/``, npm
  ``@nanocollective/nanocoder``, its Ink TUI, one OpenAI-compatible provider at the fake
  API), **gptme 0.35.1** (``tests/heldout/gptme-0.35.1/``, PyPI ``gptme``, a line-mode
  chat whose confirmation is its last row) and **mini-SWE-agent 1.7.0**
  (``tests/heldout/mini-1.7.0/``, six months before 1.17.5, its driver unchanged), each
  recorded with every scenario its driver has and measured once unseen, on the rules
  before the pass for a quoted dialog and again on the rules with it: Nanocoder 1/7
  dialogs, 0 false blocked, 1 turn end not seen, agreement 0.551 (both times;
  command-approve 0.293, stream 0.245); gptme 0/7, 0, 2 turn ends not seen, 0.393 (both);
  mini-SWE-agent 1.7.0 6/6, 0, 3 turn ends not seen, 0.373 -> 0.521 (the header's spinner
  of that pass). What their screens showed, and what the fallback said then:

  - Nanocoder's approval has no box and no composer under it: the tool's name and the
    command as a paragraph ("⚒ execute_bash", "Command:", its rows), blank rows, the
    question (``Do you want to execute tool "execute_bash"?``), options that wear a glyph
    (``> ✓ Yes, execute this tool``, ``  ✗ No, cancel execution``) and one hint, "Press
    Escape to cancel": ``tui_dialog_glyphs`` wants hints that name Enter, Esc or the
    arrows (``\besc`` is no match in "Escape"), so it read the composer's idle (below) or
    working; its question (``❯ Red``, ``Blue``, "Type a custom answer…" under "↑/↓ to
    move · Enter to select · Esc to cancel") was found, with no options (the list
    reader wants numbers);
  - its composer is a bar down its left side ("┃" alone, ``┃ > / commands, ! bash,
    ↑/↓ history``, "┃" alone, a footer "▶ normal mode on · ..."), which ``tui_composer``
    reads idle; while a turn runs it stays drawn with the spinner row inside the bar
    (``┃ ⠙ Press Esc to cancel · ctrl-o expand tool results``), which no rule read (the
    braille pattern wants the glyph at the row's start): every turn read idle 1.5 s after
    the Enter ("the turn never started"); after an interrupt the prompt is put back
    behind the bar with no glyph (no rule: idle went unseen);
  - gptme prints its confirmation on the cursor's line, `` Execute shell? [Y/n/c/e/a/?]``
    (the yes/no rule wants two keys), its question is Python questionary's ``? Which
    color do you prefer? (Use shortcuts or arrow keys)`` over `` » 1) Red``, ``   2)
    Blue`` (the select prompt rule wants "(Use arrow keys)" and ``❯``/``>``), its prompt
    is ``User: `` on the cursor's line and its turn shows ``Assistant: Thinking...``
    under the cursor until the answer is printed: no rule read any of it, so each turn
    read idle 1.5 s after the Enter and the two turns after a dialog never ended;
  - mini-SWE-agent 1.7.0 shows the screens of 1.17.5 (its approvals were found by the
    pass for its input box); its first turn, sent with Esc+Enter at a line-mode prompt,
    draws nothing for 6 to 21 s ("Got that, thanks!" under the prompt, then the Textual
    UI): read idle throughout.

  They were then looked at for these shapes, so they are no longer unseen: a question on
  the cursor's line whose bracketed options are single keys separated by "/" or ","
  (``keys_permission`` when y and n are among them, else ``keys_question``; a "?" right
  before or after the brackets, a key typed but not entered is the same dialog; each key
  an option, typed with Enter, keys told apart only by case typed as shown; not typed
  after a chat's ``Word: `` prompt); a toolkit's select prompt behind ``»`` with
  questionary's hint, its options read (↑/↓ and Enter); a line-mode chat's prompt, one
  word and a colon alone on the cursor's line, reads idle (``line_chat_prompt``) and a
  progress line under the cursor ending with an ellipsis working (``line_progress``;
  not a composer's placeholder); glyph options under a one-key hint ("Press Escape to
  cancel"), the paragraph above their question as the subject when no box is right
  above it (partial when it runs past the screen's top); an unnumbered pointer list
  under hints has its options; a braille spinner behind a box's or a bar's edge reads
  working; a composer drawn as a bar down its left side with text behind it reads idle
  (``tui_composer_bar``); the session's activity samples follow the line-mode chat's
  prompt and progress line as they follow a TUI's composer and spinner (a silent wait
  for the model under "Thinking..." is work, the prompt idle at once).
  mini-SWE-agent 1.7.0's silent first turn was left: nothing on its screen says work (a
  live session's samples read its CPU and output). Every known
  agent's figures with its own manifest and with the fallback, and every other held-out
  directory but Mistral Vibe's: the same. Nanocoder 1.30.0 now: 7/7, 0 false blocked,
  blocked p50/max 40/64 ms, turn end p50/max 53/73 ms, agreement 1.000; gptme 0.35.1:
  7/7, 0, 41/56 ms, 54/908 ms, 0.978; mini-SWE-agent 1.7.0: 6/6, 0, 40/251 ms, 54/73 ms,
  0.521 (its first turns' silence). With the samples of a live session run on the
  capture's clock (``bench/sampled_replay.py``, no CPU or children read): gptme 0.569 ->
  1.000 (4 of 9 turn ends not seen -> every one), Nanocoder 0.628 -> 0.971,
  mini-SWE-agent 1.7.0 0.604 (the same). Both were then recorded again (gptme without its
  tokenizer's warnings, every typed prompt whole; the same scenarios) and measured on
  the rules before this pass and with it: Nanocoder 1.30.0 1/7, 0, agreement 0.684 ->
  7/7, 0, blocked p50/max 40/76 ms, turn end p50/max 47/77 ms, 1.000 (sampled 0.692 ->
  0.972); gptme 0.35.1 0/7, 0, 2 turn ends not seen, 0.388 -> 7/7, 0, 44/48 ms, 65/920
  ms, 0.982 (sampled 0.444 -> 0.999). Their other releases recorded meanwhile (gptme
  0.34.0, Nanocoder 1.25.2) were not looked at nor measured by this pass.
* Other releases of three agents looked at above, recorded with their drivers unchanged
  and measured once unseen on the rules with every pass: **Nanocoder 1.25.2** (seven
  weeks before 1.30.0): 4/7 dialogs, 10 false blocked, agreement 0.604; **OpenHands CLI
  1.11.0** (three months before 1.16.0): 7/13, 6, 0.876; **Deep Agents Code 0.1.29**
  (four months before 0.1.88): 6/7, 0, 0.997. What their screens showed, and what the
  fallback said then:

  - Nanocoder 1.25.2 draws its running turn's row in the composer's place, no bar:
    ``⠙ Press Esc to cancel · ctrl-o expand tool results`` over its footer ``▶ normal
    mode on``; ``tui_question_list`` took the row for key hints and the footer's ``▶``
    for a pointer, so every turn read **blocked** (question); its approvals (glyph
    options under "Press Escape to cancel") were found, but read as that question held
    over from the turn; its question (``❯ Red``, ``  Blue``, ``  Type custom
    answer...`` under the one hint "Press Escape to cancel") was no list (the list
    rules wanted two keys, or "Esc", not "Escape");
  - OpenHands CLI 1.11.0's approval is 1.16.0's ("🔍 Confirm 1 action(s)?", ``  > Yes``
    over ``    No``, ...) with its status line ``⠸ Working (4s • ESC: pause)`` still
    drawn between the options and the composer: read **working**; its exit box (edged
    buttons, labelled blocked with no kind) was found, and left 30-40 ms past the 0.5 s
    allowed after the Enter: the box is erased 0.2 s after it, and the shutdown log
    under it reads as nothing, so the light waits out a dialog's 0.25 s;
  - Deep Agents Code 0.1.29's question box draws a bar inside its edge (``│  █  ›
    Red``, ``│  █    Blue``, the question numbered ``│  █   1. Which color ...?``):
    no rule (the option rows wanted blanks only after the edge).

  They were then looked at for these shapes, so they are no longer unseen: a key-hint
  row behind a braille spinner near the bottom is a running turn's interrupt hint, not a
  dialog's keys (the list and glyph rules); hints typed into a bar-edged composer
  (its one row of text between two rows of the bar alone; a dialog drawn behind a bar,
  Kilo's and OpenCode's, has more) are its text; a pointer list under one key named
  ("Esc" or "Escape", "Press Escape to cancel") is a list (options that wear a glyph
  stay the glyph rules'); options over the composer may have one spinner row between
  them and it; a box whose rows wear a bar inside its edge holds its options as one
  without (a row whose label holds a "?" is its question, no option). Every known
  agent's figures with its own manifest and with the fallback, and every other held-out
  directory but Mistral Vibe's: the same. Nanocoder 1.25.2 now: 7/7, 0 false blocked,
  blocked p50/max 40/40 ms, turn end p50/max 46/52 ms, agreement 1.000; OpenHands CLI
  1.11.0: 13/13, 7 false blocked (the six exit boxes above, and one approval its program
  erases 0.43 s after the Enter: 14 ms past), 60/74 ms, 40/80 ms, 0.958; Deep Agents Code
  0.1.29: 7/7, 0, 40/60 ms, 76/85 ms, 0.998.
* Not looked at, measured unseen: **gptme 0.34.0** (``tests/heldout/gptme-0.34.0/``, a
  release before the 0.35.1 looked at): 0/7, 0 false blocked, 0.434 on the rules before
  0.35.1 was looked at, **7/7, 0, 0.975** on the rules after (its bracketed keys and its
  chat prompt are 0.35.1's shapes); **Mistral Vibe 2.18.3** (``tests/heldout/vibe-2.18.3/``,
  three months before 2.26.1, never looked at either; six scenarios, as before 2.26 its Deny
  ends the turn and the driver's refusals do not run): 2/2, 0, 0.974.
* Measured unseen, then looked at: **Open Interpreter 0.4.3**
  (``tests/heldout/interpreter-0.4.3/``, PyPI ``open-interpreter``, a new agent: a
  line-mode chat whose code runs after "  Would you like to run this code? (y/n)"; no
  interrupt, as Ctrl+C quits it; no question tool): 0/6 dialogs, 1 false blocked, 0.748.
  It prints its question, a blank row, and waits on an indented blank row below
  (``input("  ")``): the yes/no rule read the cursor's row only, where nothing is. A rule
  for a question above a blank cursor row would also read a question answered with Enter
  (its default) as still asked while the program works silently; what tells them apart is
  the cursor's column (an input prompt of spaces), which no region read. Its false
  blocked: a prompt the user typed that ends in "(y/n)", read as a question on the
  cursor's row until its Enter (1.07 s). It was then looked at for these shapes, so it is
  no longer unseen: a region for what the program drew at the input (``input:N``: the
  cursor's row left of the cursor, the blanks before it kept, without the echo of what
  the user typed and has not entered, as the input side tracks it); a yes/no question
  ending one of the three rows above a cursor's row that holds nothing but an input
  prompt of blanks is a dialog (``yes_no_input_permission`` when it asks to run, apply,
  install or remove something, else ``yes_no_input``; its answer y/n and Enter, an answer
  typed on the next row erased first), and the yes/no question on the cursor's row reads
  the ``input`` row, so a question the user typed is none; a yes/no question's subject is
  the paragraph above it (the code printed there, partial when a row is cut with "…" or
  the paragraph reaches the top of a full screen). Every known agent's figures with its
  own manifest, and every other held-out directory but Mistral Vibe's with the fallback:
  the same. The known agents with the fallback: the same but for Aider and Claude Code,
  whose negatives type a question at the prompt (none now) and Aider's questions, whose
  letter typed before the Enter no longer makes a second span (the message leaves it out):
  Aider 0.85.5 9 -> 4 false blocked, agreement 0.611 -> 0.651; Aider 0.86.2 11 -> 5, 0.451
  -> 0.494; Claude Code 2.1.302 6 -> 5, 0.935 -> 0.937; 2.1.328 6 -> 5, 0.954 -> 0.956.
  Aider's turn end max rose (58 -> 834 ms, 43 -> 1206 ms): its negatives' turn, once read
  blocked until its Enter, now starts at the Enter and ends by the quiet, as no rule of
  the fallback reads Aider's prompt. Open Interpreter 0.4.3 now: 6/6, 0 false blocked, blocked p50/max
  40/40 ms, turn end p50/max 47/852 ms, agreement 0.807 (command-deny, long-command,
  multiline, negatives 1.000). What is left: its streamed answer (stream 0.398) is printed
  by a live display that redraws its rows with no spinner and no progress line: no rule
  says work there, so the replay (no activity samples then) read much of the stream idle;
  not looked at further (the replay with activity: stream 0.940, 0.949 in all, below).
* Measured unseen (the rules of c4c4871, and the same figures on the next pass's before
  it was merged), then looked at: **Hermes Agent 0.19.0** (``tests/heldout/hermes-0.19.0/``, PyPI
  ``hermes-agent``, a new agent: a prompt_toolkit chat; it asks before commands its
  patterns call dangerous, in a box of numbered options under a ``❯`` marker with
  "↑/↓ to select, Enter to confirm (NNNs)" counting down; a ``clarify`` question tool):
  0/7 dialogs, 1 false blocked, 0.728; **Mentat 1.0.18** (``tests/heldout/mentat-1.0.18/``,
  PyPI ``mentat``, a new agent: a Textual app that asks "Apply these changes? 'Y/n/i' or
  provide feedback." on its transcript's last row before applying an edit, answered by a
  line in its input box; no question tool): 0/6 dialogs, 0 false blocked, 0.659.
  What they showed, and what the fallback said then:

  - Hermes Agent's dialog (command-approve, command-deny, long-command, multiline x3, and
    its question) is a box, ``│ ❯ 1. Allow once`` ... ``4. Deny`` (``1. Red`` ... for its
    question), closed above a tool's status row and the hints "↑/↓ to select, Enter to
    confirm  (297s)", whose seconds count down, then its status bar and its composer
    between two rules, drawn all along (its prompt ``⚠ ❯``). The list rules allow two
    rows under the hints: four here, so no rule matched, and the tool's row "(  2.1s)"
    read **working** (the countdown was not what hid the list). Its running turn shows
    nothing but ``⚕ ❯ msg=interrupt · ... · Ctrl+C cancel`` in the composer's place: no
    rule read it, so its answer's two turns never showed work (working from the Enter
    until the run ended, no turn end seen). Its false blocked: on its way out it erases
    its composer and status bar, and an answer quoting the dialog is left last, its
    hints over "Nothing is waiting now." and the answer box's bottom edge: a list with
    its hints last (0.25 s);
  - Mentat's question is the transcript's last row, "Apply these changes? 'Y/n/i' or
    provide feedback.", over blank rows (a side pane's edge on each) and its input box
    of eighth blocks: read as the idle input box. Its turns print ">>> prompt",
    "Streaming...", then the answer's words with no spinner, then "Speed: ... | Cost:
    $0.01": the input box read idle 1.5 s after each Enter ("the turn never started").

  They were then looked at for these shapes, so they are no longer unseen: a numbered
  list in a box, a pointer on one option, the box closed, at most two rows and the key
  hints with the time left beside them, then at most a status row and the composer
  between rules, last (``tui_dialog_countdown``, ``tui_question_countdown``: a countdown
  is no work; quoted, an answer's box or text is between the list and the composer);
  key hints with an answer's words under them, in a box with no side edges, are no
  dialog, its composer gone or not; a question listing its keys right after its "?"
  (quoted or bracketed, ``'Y/n/i'``), the conversation's last row, at its margin, over
  an input box (``input_keys_permission``, ``input_keys_question``: each key an option,
  typed with Enter; quoted, an answer's words are under it or, streamed, it is
  indented); "Ctrl+C cancel" behind the composer's prompt glyph is a running turn's
  interrupt hint (a dialog's "escape/ctrl+c cancel" quoted in an answer is none: Pi's
  negatives read it as work until that was added); a progress row at the margin ending with an ellipsis, the answer's words under
  it and no turn summary (a "$" cost) yet, over an input box, is work
  (``tui_working_stream``). Every known agent's figures with its own manifest, and every
  other directory with the fallback but Mistral Vibe's: the same. Hermes Agent 0.19.0
  now: 7/7, 0 false blocked, blocked p50/max 40/43 ms, turn end p50/max 40/42 ms,
  agreement 1.000; Mentat 1.0.18: 6/6, 0, 40/65 ms, 45/80 ms, 0.944 (left: each turn's
  start, before its "Streaming..." row, reads idle 1.5 s after the Enter, and a long
  edit's stream, that row scrolled away, reads done before its question; a live
  session's activity samples read that output, and the replay's now: below).
* **llm 0.36** and **llm 0.34** (``tests/heldout/llm-*/``, PyPI ``llm``, a new agent:
  ``llm chat`` with a shell tool and ``--tools-approve``, a line-mode chat with a ``> ``
  prompt; it prints ``Tool call: run_shell({...})`` and asks "Approve tool call? [y/N]: "
  on the cursor's row; Ctrl+C quits it, so no interrupt; no question tool) were measured
  once unseen (the rules of 8961967, after the passes for Open Interpreter, Hermes Agent
  and Mentat): 0.36: 0/6 dialogs with their kind (each read blocked, as a question,
  where the truth is a permission: 6 of its 7 "false blocked"), 1 false blocked in its
  negatives capture (its prompt typed "> Tool call: run_shell Approve tool call? [y/N]: "
  and not entered, read by ``keys_permission`` for 1.07 s: the bracketed-key rules read
  the whole cursor's row, the user's typing included), agreement 0.712; 0.34: 0/6, the
  same 7, 0.709. They were then looked at for these shapes, so they are no longer
  unseen: a yes/no question on the cursor's row that asks to run, apply, install or
  remove something (a verb of the list ``yes_no_input_permission`` reads above the input,
  its object after it) is a permission (``yes_no_permission``), its subject the paragraph
  above it (the ``Tool call:`` row); a verb with no object ("Proceed? [y/N]") asks no
  leave to act, a question on either row; the bracketed-key rules read the ``input``
  region (typing not entered left out); a ">" alone on the cursor's row is a line-mode
  chat's prompt, drawn again when a turn ends (``line_chat_prompt``: idle). Every known
  agent's figures with its own manifest, and every other directory with the fallback but
  Mistral Vibe's: the same, but Aider's read with the fallback, better (0.85.5: 5/9, 4,
  0.651 -> 6/9, 3, 0.665; 0.86.2: 5/10, 5, 0.494 -> 9/10, 1, 0.554: its yes/no questions
  that ask to run or apply something are permissions). llm 0.36 now: 6/6, 0, blocked p50/max 40/40 ms, turn end p50 40 ms,
  agreement 0.810; llm 0.34: 6/6, 0, 40/40 ms, 40 ms, 0.806 (left: its
  streamed answer, 4 s silent then words with no spinner or progress row, has no sign of
  work on screen: stream 0.38 in a replay without activity samples; 0.92 and 0.88 with
  them, below).
* **Replayed with activity.** The captures here were recorded by the agent harness, which
  writes no activity samples (``a`` rows), so their replay took none, where a live
  session on the generic manifest samples the program's activity (session/sampling.py:
  output the user did not just type, child processes, CPU; for a screen the fallback
  reads, that screen). The replay now takes the samples a live session takes
  (``fusion.drive.capture_activity``: the live sampler's own decision,
  ``fusion.activity.ActivityDecision``, on its schedule and the capture's clock, fed the
  output and input of the capture's ``o`` and ``i`` rows and the program's children in
  its ``p`` rows; these recordings hold no CPU time, ``c`` rows); a capture with ``a`` rows is replayed with those, and an
  agent read with its own manifest takes none (every known agent's figures with its own
  manifest: the same). Dialogs and false blocked are the same everywhere; agreement,
  before -> after: Open Interpreter 0.4.3 0.807 -> 0.949 (stream 0.398 -> 0.968; turn
  end p50/max 47/842 -> 463/1164 ms), llm 0.34 0.806 -> 0.884 and 0.36 0.810 -> 0.869
  (stream 0.38 -> 0.88 and 0.92), mini-SWE-agent 1.17.5 0.802 -> 0.827 and 1.7.0 0.521
  -> 0.641 (turn end p50 54 -> 16 ms): a streamed answer with no sign of work on screen
  reads working. Lower: Mistral Vibe 2.26.1 0.999 -> 0.811 and 2.18.3 0.974 -> 0.929,
  Cline 3.0.65 0.950 -> 0.890 and 3.0.57 0.949 -> 0.905, open-codex 0.1.31 1.000 ->
  0.926, Kimi CLI 1.51.0 0.977 -> 0.910 and 1.40.0 0.979 -> 0.924, Mentat 1.0.18 0.944 ->
  0.914, Deep Agents Code 0.1.29 0.998 -> 0.958 and 0.1.88 0.995 -> 0.992, Continue CLI
  1.5.47 1.000 -> 0.951 and 1.5.11 1.000 -> 0.970, Code Puppy 0.0.900 0.988 -> 0.973,
  Nanocoder 1.30.0 1.000 -> 0.983 and 1.25.2 1.000 -> 0.992, OpenHands CLI 1.11.0 0.958
  -> 0.949, Hermes Agent 0.19.0 1.000 -> 0.997, gptme 0.34.0 0.975 -> 0.972 (Code Puppy
  0.0.946, gptme 0.35.1, OpenHands CLI 1.16.0 the same); the known agents read with the
  fallback lose too (Copilot CLI 1.0.92 0.998 -> 0.837, Claude Code 2.1.328 0.956 ->
  0.829, Codex 0.162.1 0.940 -> 0.624, Grok CLI 0.0.34 1.000 -> 0.938; Kilo CLI the
  same). Each loss was what the live samples said, not the replay's: output under a
  still composer that changed the screen's text counted as work (an idle animation:
  Mistral Vibe 2.26.1's braille logo, Copilot CLI's blinking logo; the start-up's whole
  first draw; a status row redrawn after a turn: Kimi CLI); a screen no fallback rule
  reads (Codex 0.162.1's composer, a composer with text typed in it) was read as any
  program without rules, busy for 5 s after its output stopped; and a turn the samples
  never saw start (a busy sample inside the Enter's guard not taken by fusion, never
  handed again) ended "idle: the turn never started" (llm, Open Interpreter). Played
  live through ``wrap --agent generic``, llm 0.34 command-approve, llm 0.36 stream,
  Mistral Vibe 2.26.1 negatives, Codex 0.162.1 negatives and Claude Code 2.1.328
  askuserquestion gave the replay's sequence of states. The samples now tell work by its
  words (fusion/activity.py): output under a composer read at the sample before counts
  only if it brings a row of words the screen never showed at a sample (an animation,
  a counter, a redraw, the first draw and the composer drawn back bring none); a screen
  no rule reads, of a program the fallback read before or on the alternate screen, is
  read the same way (idle at the first sample without new words, not 5 s on); a busy
  sample while the Enter waits for the screen counts once its guard runs out and
  confirms the turn, and a quiet sample over the screen's idle prompt ends it done.
  Agreement, the rules of 6bf7572 before -> after (dialogs and false blocked the same
  everywhere): Mistral Vibe 2.26.1 0.811 -> 0.962 and 2.18.3 0.929 -> 0.974, Cline
  3.0.65 0.890 -> 0.975 and 3.0.57 0.905 -> 0.956, open-codex 0.926 -> 1.000, Kimi CLI
  1.51.0 0.910 -> 0.969 and 1.40.0 0.924 -> 0.971, Mentat 0.914 -> 0.970, Continue CLI
  1.5.47 0.951 -> 0.988 and 1.5.11 0.970 -> 0.990, Deep Agents Code 0.1.29 0.958 ->
  0.998, llm 0.34 0.884 -> 0.964 and 0.36 0.869 -> 0.949, Open Interpreter 0.949 ->
  0.978, OpenHands CLI 1.11.0 0.949 -> 0.988, Nanocoder 0.983 -> 0.997 and 0.992 ->
  1.000, TunaCode 0.756 -> 0.893 and 0.763 -> 0.902, Strands 0.946 -> 0.971 and 0.943 ->
  0.972, Code Puppy 0.0.900 0.973 -> 0.978, Deep Agents Code 0.1.88 0.992 -> 0.995;
  mini-SWE-agent 0.827 -> 0.824 and 0.641 -> 0.640; the others the same. The
  known agents read with the fallback: Copilot CLI 1.0.92 0.837 -> 0.951, Claude Code
  2.1.328 0.829 -> 0.936, Codex 0.162.1 0.624 -> 0.811, Grok CLI 0.938 -> 1.000, Aider
  0.85.5 0.641 -> 0.831, Qwen Code 0.15.6 0.942 -> 0.999, every other the same or up
  but OpenCode 1.18.22 0.960 -> 0.920, 1.18.33 0.987 -> 0.958 and 1.15.13 0.973 -> 0.971
  (it thinks under its composer with a spinner no rule reads: its glyphs bring no
  words, where the screen's changing text read as work before); Gemini CLI 0.61.0 0.634
  the same.
* **TunaCode 0.1.46** and **0.1.30** (``tests/heldout/tunacode-*/``, PyPI
  ``tunacode-cli``, a new agent: a Textual app; it asks in a box drawn last in its log's
  panel, "Confirm: bash", the command (cut with "..." past a few rows), then
  ``[1] Yes  [2] Yes + Skip  [3] No`` on one row, answered with a digit; an empty input
  box and a status line under the panel; answered, "Approved" or "Rejected" is printed
  under the box) and the **Strands Agents builder 0.1.10** and **0.1.5**
  (``tests/heldout/strands-*/``, PyPI ``strands-agents-builder``, the program
  ``strands``, a new agent: a line-mode chat; its shell tool prints a plan, a boxed
  "Command Execution Preview", then "Do you want to proceed with execution? [y/*]" on the
  cursor's row, answered with a line) were measured once unseen (the rules of 6fc870d,
  replayed with activity): TunaCode 0/6, 0 false blocked, agreement 0.717 and 0.708;
  Strands 0/6, 0, 0.732 and 0.772 (without the activity samples: TunaCode 0.760 and
  0.758, Strands 0.864 and 0.858). They were then looked at for these shapes, so they are
  no longer unseen: options on one row, each led by its key in brackets (digits as well
  as letters), one of them a refusal (No, Deny, Reject, Cancel, Decline), the last row of
  a box after which its panel holds no row of words but in a box of its own (an
  answer's preview) down to the panel's bottom edge, at most 24 rows (a composer, a
  status line) below that, are a dialog answered with the option's key, a permission
  when an option also approves (``tui_dialog_keys_row``, else ``tui_question_keys_row``),
  the box's rows above the options its subject, partial when a row is cut with "...";
  quoted in an answer (words under the row), answered (its outcome under the box) or a
  row of bracketed links with no refusal: none. A yes/no question's key list is y (or
  yes) and other short alternatives, n, no or "*" among them (``[y/*]``, ``(y/n/e)``,
  ``'Y/n/i'``, ``[yes/no/all]``), in brackets, parentheses or quotes: one grammar every
  rule that reads a yes/no question shares (on the cursor's row and above the input, its
  question and subject), read as ``[y/N]`` (a permission when it asks to run, execute,
  proceed with, apply ... something); three or more single keys in brackets right by a
  "?" stay keys to choose from (``keys_permission``); a box printed right above a
  line-mode question is its subject whole (partial when its top is past the screen's); a
  "~" alone on the cursor's row is a line-mode chat's prompt, drawn again when a turn
  ends (``line_chat_prompt``: idle).
  Every known agent's figures with its own manifest, and every other directory with the
  fallback: the same. TunaCode 0.1.46 now: 6/6, 2 false blocked, blocked p50/max
  48/52 ms, agreement 0.763; 0.1.30: 6/6, 2, 45/61 ms, 0.756 (left: twice in its
  command-approve, for 0.35 s while its answer's preview grows a row, the log scrolls so
  that its answered box is its last row again, "Approved" under it out of view: the
  screen is the live dialog's; its answer's and negatives' turn ends, the preview panel
  gone and the log redrawn, read by no rule); Strands 0.1.10: 6/6, 0, 42/44 ms, turn end
  p50/max 41/42 ms, 0.946; 0.1.5: 6/6, 0, 42/44 ms, 41/41 ms, 0.943.
  Its turn ends were then read from its shapes (an input box of two to four empty rows
  under the conversation, not right under a bare rule, is the composer: its answer's
  panel streaming over the log's edge is none; a row of four or more "●" alone is work),
  every other directory's figures the same: TunaCode 0.1.46 6/6, 2 false blocked (0.1 s
  each now), turn end p50/max 71/78 ms, agreement 0.902 -> 0.989; 0.1.30 6/6, 2, 38/75
  ms, 0.893 -> 0.996.
* Looked at again, capture by capture, after the samples told work by its words
  (``bench/bench_corpus.py --manifest generic --captures -v``; dialogs, false blocked and
  every known agent's figures with its own manifest the same): OpenCode's drop was no
  spinner but its slow take of the prompt (1-7 s with the composer still holding it, the
  typing's late echo the only output), whose quiet sample, handed once the Enter's guard
  ran out, ended the turn "never started" while the Enter still waited for the screen's
  answer, which such a sample no longer does (1.18.22 0.920 -> 0.982, stream 0.660 ->
  0.944; 1.18.33 0.958 -> 0.993, allow-always 0.685 -> 1.000; Code Puppy 0.0.900 0.978 ->
  0.988); Gemini CLI's composer, an input box drawn with half blocks (a run of "▄" over
  `` >   Type your message``, one of "▀" under it), now reads idle (0.61.0 0.634 -> 0.915,
  0.56.0 0.771 -> 0.915, turn ends not seen 9 and 8 -> 0); a line-mode chat's quick
  answer, printed under the entered line before any sample saw work (llm), now ends its
  turn done, not "never started" (the figures count done and idle alike); Aider's
  waiting row, a block and a shade moving in a short field of blanks before "Waiting for
  <model>", now reads working (0.85.5 0.831 -> 0.916, stream 0.755 -> 1.000; 0.86.2
  0.528 -> 0.950, stream 0.217 -> 1.000, interrupt 0.335 -> 1.000); and left,
  each with its cause: mini-SWE-agent 1.7.0 (0.640), silent 6-21 s after its first
  Esc+Enter ("Got that, thanks!", then nothing while its Textual UI starts: no sign of
  work on screen, and these recordings hold no CPU time for the samples to read;
  recorded again with it since, below), Codex
  0.162.1 (0.811), whose composer (``› Ask Codex to do anything`` at the margin over its
  footer) is drawn the same while Codex 0.169.0 streams an answer above it with no
  spinner (read idle, 0.169.0 fell 0.998 -> 0.882), Gemini CLI's trust dialog, drawn on
  while it restarts after the answer and labelled blocked until its prompt is back
  (trust-folder 0.41), and Aider's yes/no questions read as questions where the truth
  says permission (the yes/no rules, not looked at here).
* **MCP CLI 0.20.1** (``tests/heldout/mcpcli-0.20.1/``, PyPI ``mcp-cli``, a new agent: a
  line-mode chat over an MCP shell server; it asks "⚠ Tool confirmation required:
  shell_execute", the call's arguments as JSON, then "Execute this tool? [Y/n]:" on the
  cursor's row, answered with a line; its prompt is "💬 You:"; a spinner row counts the
  answer's chunks, "⠙ Streaming · (10 chunks) · 80 chars · 1.3s", and the answer is
  printed whole at its end) was measured once unseen (the rules of eec94e1, replayed with
  activity): 6/6 dialogs, 0 false blocked, blocked p50/max 40/40 ms, agreement 0.672 (no
  turn end seen: its prompt is read by no rule).
  It was then looked at for these shapes, so it is no longer unseen: a prompt label led by
  one glyph or emoji (a symbol, not a letter nor an ASCII ">") before the one word and
  its colon, on the cursor's row, is a line-mode chat's prompt (``line_chat_prompt``,
  the pattern ``chat_glyph``), and a spinner or progress row above such a prompt, the
  screen's last row (bare, or with the next prompt typed after it), is its last turn's
  last frame left printed, no work (``tui_working``, ``tui_working_stream``); its
  spinner row counting on the cursor's row was work already. MCP CLI 0.20.1 now: 6/6, 0,
  blocked p50/max 40/40 ms, turn end p50/max 43/48 ms, agreement 0.672 -> 1.000; every
  other directory's figures with the fallback, and every known agent's with its own
  manifest, the same.
* **gpt-engineer 0.3.1** and **0.3.0** (``tests/heldout/gpte-*/``, PyPI ``gpt-engineer``,
  the program ``gpte``, a new agent: a line-mode program that writes one application from
  a prompt and exits; it prints "Do you want to execute this code? (Y/n)" above the script
  it wrote and reads the answer under it; in improve mode the diff, then "Do you want to
  apply these changes?" over a bare "y/n" row; in clarify mode the model's question with
  "(answer in text, or "c" to move on)"; after a run "Is it ok if we store your prompts
  ...? (y/n)" on the cursor's row) were measured once unseen (the rules of 0b69feb,
  replayed with activity): 7/17 dialogs (the stores-your-prompts question each run), 0
  false blocked, agreement 0.597 (0.3.1) and 0.606 (0.3.0). They were then looked at for
  these shapes, so they are no longer unseen: a yes/no question on a row of its own at
  the margin, its key list at its end, then what it asks about BELOW it (a blank row or
  two, one paragraph: the script), then the cursor on an empty row right under that
  paragraph (a blank row or two between, nothing after), is a dialog
  (``yes_no_below_permission`` when it asks to run, apply ... something, else
  ``yes_no_below``), its subject the paragraph between the question and the cursor
  (partial when a row is cut with "…"), answered with a line; answered (a row holding
  only the answer with rows under it), more than one paragraph under it, or quoted
  (indented, behind a speaker's "word: "): none. A question ending with "?" on its own
  row at the margin over a bare key list row ("y/n", "Y/n", "yes/no": the key-list
  grammar without brackets, ``bare_keys`` in ``[patterns]``, which ``yes_no_keys``
  now brackets), the cursor after the list or on the next row at a prompt of blanks, is
  the same as a bracketed yes/no question (``yes_no_bare_permission``,
  ``yes_no_bare``), its subject the paragraph above the question (the diff). Its
  clarifying question ("...?(answer in text, or "c" to move on)", the cursor at the
  next row's start) is covered by no general shape that is safe (an answer entered
  looks the same, and there are no options to type): left. Its runs end with its exit:
  the harness marks the turn's end on its last output while it still runs (0.3-0.9 s of
  shutdown, the process on CPU), and wrap reports the exit as clear (exit status 0), as
  for every program; nothing on screen says the turn ended before that, so "turn end not
  seen" is the label's, not the fallback's: left. Every known agent's figures with its
  own manifest, and every tests/captures and tests/heldout directory with the fallback:
  the same. gpt-engineer 0.3.1 now: 15/17 dialogs (its 61-line script pushes the
  question past the screen's top; its clarifying question), 0 false blocked, blocked
  p50/max 40/40 ms, agreement 0.650; 0.3.0: 15/17, 0, 40/40 ms, 0.661. Since generic .56
  (a line-mode program no rule reads, quiet under a question it asked with the cursor
  after it or on the empty row under it, reads idle at the first quiet sample, not 5 s
  later): 0.806 and 0.786.
* **mini-SWE-agent 1.17.5** and **1.7.0** recorded again with its CPU time: every
  scenario its driver has (unchanged), by the harness that now writes the program's CPU
  time (``c`` rows, 59-165 a capture), so that the replay's samples read its silent
  start as a live session's read /proc; the labels checked on the replayed screens (each
  turn's end within 50 ms of "Agent wants to finish" drawn), its connections 127.0.0.1
  only (``strace -f -e trace=connect``). From its first Esc+Enter to its Textual UI's
  first frame it now draws nothing for 1.8-2.1 s (1.17.5) and 2.3-2.6 s (1.7.0), using
  1.7-2.3 s of CPU meanwhile; the 6-21 s of 1.7.0's first recording were that start-up
  on a loaded machine. 1.7.0's 61-line command now shows the command's top, its question
  and input box below the screen's bottom, as 1.17.5's in both recordings (the first
  recording of 1.7.0, its UI up 7.9 s late, had scrolled to the input box, where the
  dialog was found; recorded twice more: the top each time): missed, honestly. Measured
  with the fallback (``bench/bench_corpus.py --manifest generic --captures -v
  tests/heldout/mini-1.7.0 tests/heldout/mini-1.17.5``): the first recordings 1.17.5
  5/6, 0 false blocked, 0.824 and 1.7.0 6/6, 0, 0.640; the new ones with their ``c``
  rows taken out (a replay without CPU) 1.17.5 5/6, 0, blocked p50/max 30/40 ms, turn
  end p50/max 40/68 ms, agreement 0.862 and 1.7.0 5/6, 0, 40/67 ms, 46/59 ms, 0.854;
  as recorded 1.17.5 5/6, 0, 30/40 ms, 31/68 ms, 0.934 (answer 0.803 -> 0.933,
  negatives 0.669 -> 0.876, stream 0.771 -> 0.944) and 1.7.0 5/6, 0, 40/67 ms, 46/59
  ms, 0.944 (answer 0.769 -> 0.926, long-command 0.671 -> 0.896). The samples read
  "using CPU" 0.55-1.14 s after the Esc+Enter in every first turn (but 1.7.0's
  negatives, whose long task's echo already read as output). What is left, with its
  cause: those first 0.55-1.14 s (output and CPU in the 0.5 s after a key are its echo,
  not work, and the CPU is compared between two samples 0.5 s apart), the 61-line
  command (0.9-1.0 s in each release), and the UI's first frame, whose sample reads idle in
  five captures ("the screen shows nothing new": a screen no rule reads, no words it
  showed before) for 0.09-0.16 s, until its header's spinner is drawn. No rule or code was
  changed for it.
* **Agentao 0.5.17** and **0.4.27** (``tests/heldout/agentao-*/``, PyPI ``agentao[cli]``,
  a new agent: a line-mode chat, a "❯" prompt over a status bar drawn only while it waits,
  a "⠋ Thinking…" spinner; before a shell command "⚠️ Tool Confirmation Required", the
  tool and its arguments, "1. Yes / 2. Yes, allow all tools during this session / 3. No"
  over "Press 1, 2, or 3 (single key, no Enter needed) · Esc to cancel"; its ask_user
  question "🤔 Agent Question", numbered options, a line read after "▶") were measured
  once unseen (the rules of 6372227, replayed with activity): 6/7 dialogs (every
  approval; its question missed), 0 false blocked, blocked p50/max 40/40 ms, turn end
  p50/max 40/40 ms, agreement 0.984 (0.5.17) and 0.989 (0.4.27). Its question screen was
  then looked at for this shape, so no longer unseen: a question ending with "?" over
  options numbered from 1, at most a hint row, then a one-glyph input prompt on the
  cursor's row with nothing drawn under it (``line_numbered_question``, read in the
  ``last`` region; its options the numbers, each typed with Enter): 7/7, 0 false blocked,
  agreement 0.991 (0.5.17) and 0.996 (0.4.27); its idle "❯" over its status bar, with a
  numbered answer above it, stays idle.
* **AIsha 0.2.17** and **0.2.13** (``tests/heldout/aisha-*/``, PyPI ``aisha``, a new
  agent: a line-mode chat, a "❯" prompt over a rule and a token bar drawn only while it
  waits, a boxed banner whose last row lists its keys ("Tab — paths · Ctrl+↑/↓ — previous
  inputs · Alt+Enter — newline"), a "⠋ AIsha thinking… 0s" spinner; before a shell
  command a box titled "⚠ Run command" (its Command, Shell, Working directory and Reason
  rows) over the line prompt "[y] once  [a] for the rest of session  [n] deny ›" under
  the box, answered by a line; its ask_user question a box titled "❔ Question", the
  question and options numbered "1. red", then a line read after "Answer ›") were
  measured once unseen (the rules of 185aee2, replayed with activity): 2/7 dialogs, 6
  false blocked, blocked p50/max 0/0 ms, turn end p50/max 40/40 ms, agreement 0.764
  (0.2.17) and 0.770 (0.2.13). No rule reads either dialog: its line prompt is no yes/no
  key list ("[y] once  [a] ...  [n] deny ›": each key in brackets before its word, a "›"
  last) and its question's prompt is a word, not a glyph, with the numbered options in a
  box above it; both read as no opinion, and the wait reads idle ("the screen shows
  nothing new"). The two found are found by accident: in each first turn the banner's
  key row, two rows over the typed prompt "❯ make ...", reads as a list's key hints with
  its pointer on an option (``tui_question_list``; ``tui_dialog_list`` in multiline),
  blocked from the Enter until the answer pushes the banner up, which credits the
  multiline's first approval and the question drawn within that time, and is the 6 false
  blocked (every capture's first turn but the negatives', whose typed prompt is read
  first; the interrupt's 5 s: 0.334). Then looked at (pass 22, rules 2026.12.05.26): a
  line-mode prompt of options led by their keys in brackets, ending in a prompt's glyph,
  one approving or declining, on the cursor's row (``line_keys_permission``, answered
  with the key and Enter; its subject the box's rows above it), a numbered question in a
  box over a worded prompt ("Answer ›", ``line_numbered_question``), and no list where
  the prompt typed sits right under a row of key hints: 7/7, 0 false blocked, agreement
  0.998 (0.2.17) and 1.000 (0.2.13).
* **llmist 18.4.0** (``tests/heldout/llmist-18.4.0/``, npm ``@llmist/cli``, its
  ``agent`` command, a new agent: a full-screen blessed app, its transcript over a ">"
  input row, a status row and a key-hints row "^S multiline  ^B browse  ^K focused  ^Y
  mouse" drawn all the time, its spinner and clock on the status row while a turn runs;
  before a shell command a box drawn over the middle of the transcript, its edges in the
  DEC line-drawing set (drawn "┌──┐", "│", "└──┘"): "Approve RunCommand?", "Parameters:",
  the command cut at 60 characters, "Options:", then one per row "[y]es     - Execute
  this time", "[n]o      - Skip this time", "[a]lways  - Always allow this gadget",
  "[d]eny    - Always deny this gadget", "[ESC]    - Cancel", answered by the key alone,
  the input row and hints drawn under it; its AskUser question printed in the transcript,
  a line read in the input row) was measured once unseen (the rules of 185aee2, replayed
  with activity): 0/7 dialogs (the box and the question read as the composer over its
  footer, done), 0 false blocked, turn end p50/max 0/1185 ms (2 not seen), agreement
  0.379 (a running turn too reads done about 1 s after its Enter: its ">" row over the
  hints stays drawn, the spinner on the status row between them). Then looked at (pass
  23, rules 2026.12.05.27): a box anywhere on the screen, its question, two or more
  options on rows of their own each led by its key in brackets, one approving or
  declining (``tui_dialog_key_rows``: the key alone; its subject the box's rows above the
  options, partial when the command is cut with "..."), and a braille glyph standing in
  a row with an elapsed counter ("agent ↑100 2.8s $0.0005 ⠋ 4o #2": work): 6/7, 0 false
  blocked, agreement 0.955. Left: its AskUser question, a "? " row and bulleted options
  printed in the transcript over its ">" row, the shape of an answer that ends in a
  question (only its status row's "⏵ AskUser" tells them apart). Then generic rules .38:
  a row marked by a "?" glyph and ending in "?", two to nine options in a list under
  it, over a one-glyph prompt on the cursor's row with rows under it (its footer) is a
  question (``tui_marked_question``; answered, the model's next turn stands
  between): 7/7, 0, 0.995; every other directory the same.
* **Rawdog 0.1.6** and **0.1.5** (``tests/heldout/rawdog-*/``, PyPI ``rawdog-ai``, the
  program ``rawdog`` in its ``--leash`` mode, a new agent: a line-mode chat, "What can I
  do for you? (Ctrl-C to exit)" over a "> " line read by input(); the model answers with
  a Python script in a markdown block, streamed under the prompt, its standard output
  line-buffered, so a one-row answer shows only whole at its end; no spinner; 0.1.6 draws
  a row of 80 dashes under the typed prompt as the model is asked, then asks on a row of
  its own "-------------------------------------- Execute script in markdown block?
  (Y/n):" (38 dashes before it), 0.1.5 asks "Execute script in markdown block? (Y/n): "
  alone under a row of 80 dashes below the script; answered by a line, "n" ends the
  turn; the script's output printed under it, a script whose output ends with CONTINUE
  handing it back to the model in the same turn; no question tool) were measured once
  unseen (the rules of e43999c, replayed with activity): 6/6 dialogs (each read as a
  yes/no permission on the cursor's row, ``yes_no_permission``), 0 false blocked,
  blocked p50/max 40/40 ms, turn end p50/max 0/461 ms (0.1.6) and 0/482 ms (0.1.5),
  agreement 0.580 (0.1.6) and 0.787 (0.1.5). What it showed where the fallback was
  wrong: in 0.1.6 the row of 80 dashes under "> " and the prompt just typed, all the
  screen shows while the model is asked, reads as its prompt (``line_chat_prompt``,
  "the turn never started"): idle 1.5 s after every Enter until the answer is printed
  (the stream 0.213, the interrupt's 5 s wait 0.486); in 0.1.5 the typed prompt stays the
  last row and reads working for 10 s, then idle the same way (the stream 0.740); in
  both, a script that runs silently (its "sleep 3", its output printed only at its end)
  and the answer after it, one row shown only whole, show nothing new for seconds and
  read idle ("the screen shows nothing new": command-approve 0.502 and 0.506). Not
  looked at for rules. Then a change of the fallback's timing, no rule written from it:
  a line-mode chat that moved past the prompt it was read at (the cursor's row no
  longer begins with it, nor continues a typed line wrapped from it) after the user's
  Enter sent a line works until the prompt is read again, for at most 30 s without
  output (``fusion/activity.py``, LINE_TURN_QUIET), and that prompt read again after
  rows no rule read is news (``Classifier._prompt_back``: the turn ends at once, not at
  the next sample); an activity sample held for the Enter is kept when a dialog spends
  it (``Fusion._spend_enter``): 6/6, 0 false blocked, agreement 1.000 (0.1.6) and 0.997
  (0.1.5). The same change took Aetheris to 0.904 and 0.891, llm 0.36 and 0.34 to 0.998
  and 0.995, Open Interpreter to 0.987, the Strands builder to 1.000; every other corpus
  and held-out directory the same. (Rules 2026.12.06.30: a bar closed by a corner under
  its last row, "╰─ done", is a tool's result block, not a composer: Aetheris 0.909 and
  0.895.)
* **Aetheris 1.1.0** and **1.0.0** (``tests/heldout/aetheris-*/``, PyPI ``aetheris``, a
  new agent: a line-mode chat under a block-letter banner and a table of its settings,
  its prompt "  ❯" on the last row, nothing drawn under it; a "✢ thinking…" row (its
  glyph turning) while the model is asked, the answer printed whole at its end over a
  row of its tokens; before a shell command its call ("▸ run_cmd", "╰─ command: ..."),
  then "⚠  Approval Required" over a rounded box of the call's arguments ("│  command:
  rm -rf build ... │", a multi-row command one row each), "a = always allow
  run_cmd(...) (saved to .permissions.json)" and the line prompt "  Allow? [y/n/a] ›" on
  the cursor's row, answered by a line; "n" tells the model, which answers; no question
  tool; 1.0.0 exits on Ctrl+C while the model is asked, so its interrupt is not recorded)
  were measured once unseen (the rules of e43999c, replayed with activity): 0/6 dialogs,
  0 false blocked, turn end p50/max 0/475 ms (1.1.0) and 0/480 ms (1.0.0), 4 of 8 turn
  ends not seen, agreement 0.648 (1.1.0) and 0.634 (1.0.0). What it showed where the
  fallback was wrong: its approval reads **done** from the moment it is drawn, the box of
  arguments taken for a composer's box (``tui_composer_box``; with a multi-row or long
  command, ``tui_composer_bar``), and stays done while the approved command runs; its
  "  ❯" prompt, a glyph indented by two spaces on the last row with no rule or status
  row under it, is read by no rule, so the start-up idle reads working in most captures
  (the output under its prompt counted as work) and no turn's end is seen (answer,
  negatives, stream) but where an approval box is still on screen above it (done). Then
  looked at (pass 24, rules 2026.12.05.28): a key list before a prompt's pointer ("Allow?
  [y/n/a] ›", ``keys_permission``: each key with Enter), a lone pointer on the cursor's
  row ("  ❯", ``line_chat_prompt``: its idle prompt) and a spinner's glyph before a
  progress row's words ("✻ thinking…", ``line_progress``): 6/6, 0 false blocked,
  agreement 0.746 (1.1.0) and 0.699 (1.0.0). Left: while the answer streams (shown only
  whole at its end) the cursor's row shows its rate in place ("TPS: 10.3"), digits only
  changing, which reads as nothing new (idle), and a command's quiet run after its
  approval reads done (command-approve 0.58). After the line-mode timing change (see
  Rawdog): 0.904 (1.1.0) and 0.891 (1.0.0); the tool's result block, "│" rows closed by
  "╰─ done" under the answered approval, was read as a composer's bar (done) while the
  command runs; no longer (rules 2026.12.06.30): 0.909 and 0.895. The approval's box
  of arguments, still above the cursor's row after the answer and read as a TUI's
  composer box (idle, not on the cursor's row), ended the line-mode turn the answer's
  Enter started, so the model's quiet thinking after the command ("TPS: 8.6" rewritten
  on the cursor's row) read idle; only the prompt read on the cursor's row is the
  prompt back now (``fusion/activity.py``): 0.999 and 1.000.
* **Jasmine 0.1.1** and **0.1.0** (``tests/heldout/jasmine-*/``, PyPI ``jasmine-cli``, a
  new agent: a line-mode chat under a prompt_toolkit prompt, its label " user" over its
  input row "▌" as the last rows, nothing under them, a prompt sent by Esc+Enter; a
  "✶ thinking" row (its star turning), "✶ generating" once the answer streams under it;
  before a shell command that is not a plain read-only one "  Would you like to run the
  following command?", the command after "  $ ", the numbered options "› 1. Yes, proceed
  (allow)", "  2. Yes, and don't ask again for a safe prefix (remember)", "  3. No, and
  tell Jasmine what to do differently (deny)", then the line prompt "approve › allow" on
  the cursor's row, "allow" filled in by its completion menu drawn open under it
  ("allow  run this command once", "deny  stop this turn", "remember  trust a safe
  prefix next time"): Enter takes the option selected, Down selects the next; refused,
  the turn stops and its prompt is back; its ask_user question, "? " and the question,
  its numbered options and "  Enter a number or type your own answer" (0.1.0: the
  question alone), a line read at "> ") were measured once unseen (the rules of
  9c9c29e, 2026.12.06.30, replayed with activity): 0/7 dialogs, 0 false blocked, turn
  end p50/max 483/483 ms with 5 of 6 turn ends not seen (0.1.1) and none of 6 seen
  (0.1.0), agreement 0.586 (0.1.1) and 0.580 (0.1.0). What it showed where the fallback
  was wrong: its approval is read by no rule (numbered options above a worded line
  prompt with a word already typed after it and a completion menu of three words under
  the cursor's row: neither a list at the cursor nor a question on its row), so it reads
  working; its prompt, a label row over a bar glyph alone, is read by no rule, so from
  the start-up's first output to the exit it reads working (no idle at start, no turn's
  end, the refused command's stop unseen: command-deny and long-command 0.000); its
  question's "> " under the options is read as a line-mode chat's prompt (done); after
  the answer, 0.1.1 reads done 483 ms past the turn's end (its one turn end seen), 0.1.0
  working to the exit. Then looked at (pass 25, rules 2026.12.06.31): an input bar alone
  on the cursor's row ("▌", "▎", "┃") is a line-mode chat's prompt (``line_chat_prompt``);
  a spinner's glyph before a few words alone, no ellipsis ("✶ generating", "★ thinking")
  is a progress row (``line_progress``); numbered options, one marked by a selection
  pointer, right over a worded prompt on the cursor's row ("approve › allow"), asking
  leave to act, a question over them or scrolled away, is a permission
  (``line_numbered_permission``): 6/7, 0 false blocked, agreement 0.974 (0.1.1) and
  0.988 (0.1.0). Left: its ask_user question. Then (pass 26, rules 2026.12.06.33): a row
  that begins with a "?" glyph and ends with "?", over at most ten rows that are not a
  prompt (options, a hint), over a one-glyph prompt on the cursor's row with nothing
  under it, is a question answered by a line (``line_marked_question``): 7/7, 0 false
  blocked, agreement 0.986 (0.1.1) and 0.999 (0.1.0).
* **Xiaoyu 0.75.0** (``tests/heldout/xiaoyu-0.75.0/``, PyPI ``xiaoyu-agent``, 小羽, a
  new agent whose words are Chinese: a line-mode chat under a prompt_toolkit prompt,
  "⏵⏵ auto ›" (its mode's glyphs and name) as the last row, nothing under it; a row
  "⠋ gpt-4o 思考中 · 3s · Ctrl-C 中断" (its braille glyph turning) while the model is
  silent, "⠧ bash 运行中 · 1s" while a command runs; before a shell command, under the
  call's row ("● bash ls -la⏎touch x1.txt", the command on one row, cut with "…"), an
  inline menu on the main screen, the cursor hidden: its title "  要执行这条命令吗？"
  (a full-width question mark), the options "  ❯ 允许一次  (1/y)", "    本会话内 ls 与
  touch 都允许，不再询问  (2/a)", "    拒绝，并告诉小羽下一步怎么做  (3/n)" (those it can
  give: two to four), then the key hints "    ↑↓ 选择 · Enter 确认 · Tab 批准并附言 ·
  Esc / Ctrl-C 取消" as the last row: Enter takes the option selected, a digit or its
  letter the option it marks; refused ("n"), a line "  下一步该怎么做？（回车 = 仅拒绝）"
  is read, and the model is told and answers; its ask_user question, the same menu with
  the question as its title, its options numbered ("❯ red  (1)"), "其他（自由输入）  (4)",
  "取消提问，返回对话  (5)" and the hints without Tab) was measured once unseen (the rules
  of 7906efb, 2026.12.06.33, replayed with activity): 1/7 dialogs, 5 false blocked,
  blocked p50/max 44/44 ms, turn end p50/max 855/1008 ms with 5 turn ends not seen,
  agreement 0.907. What it showed where the fallback was wrong: its approval menu is
  read by no rule as a permission (its words Chinese, its title ending in "？", its
  options led by "❯" and closed by their keys in brackets, its hints row the last row);
  where the banner's row of key hints ("  ! 直跑 shell · @ 补文件名 · ... · Shift") is
  still on screen above it, the menu is read as a question list (``tui_question_list``)
  with that row as its question, the wrong kind: 4 of its 6 approvals (4 false
  blocked); none once that row has scrolled away (the second and third of multiline,
  read working, then idle); its ask_user question is found (``tui_question_list``, the
  right kind); the model's answer quoting the menu reads as that question list too
  (negatives, 1 false blocked, 1.2 s to the exit); its prompt "⏵⏵ auto ›", glyphs and a
  word before a pointer, is read by no rule, so a turn ends only when the activity
  samples see nothing new (idle, not done, about 1 s after the last output), and not at
  all where it exits within that second (5 turn ends). Then looked at (pass 27, rules
  2026.12.06.34): a list's options past the selected one may begin with a letter of any
  script (they began with A-Z), a question may end with "？" (a dialog's title, its
  message: ``tui_dialog_list``, ``tui_question_list`` and the others' ``msg_line``, the
  dialog's subject), a list whose option shows the key y at its row's end ("(1/y)") asks
  leave to act (a permission, as its words "allow", "yes" do in English), and a word and
  a pointer on the cursor's row, glyphs before them or not ("⏵⏵ auto ›", "You ›"), are a
  chat's prompt (``line_chat_prompt``): 7/7, 1 false blocked (the model's answer quoting
  the menu, read as a permission now), turn end p50 42 ms, agreement 0.982; every other
  corpus and held-out directory the same. Left: the line asked after a refusal
  ("下一步该怎么做？（回车 = 仅拒绝）", a question on the cursor's row with a hint after it)
  read by no rule (working for its 0.45 s), the quoted menu. Then generic rules .35: a
  menu whose hints row is followed by a sentence (words ending in "." or "!") and nothing
  or a chat's bare prompt is one an answer quoted: 7/7, 0, agreement 0.991.
* **Mastra Code 0.32.1** (``tests/heldout/mastracode-0.32.1/``, npm ``mastracode``, a
  new agent: a TUI on the main screen, its transcript over a composer box "│ › │" and a
  status row "▐build▌fake/gpt-4o▌ 4s ✓" (its mode and model, then the turn's time,
  counting while it runs, "✓" after it once over; nothing else: the composer's "›"
  alternates with "•" while a turn runs, no spinner row); before a shell command (yolo
  off), a box drawn over the middle of the screen, over the transcript and under nothing
  else: "⚠ Tool Approval Required", "Tool: execute_command", "Category: Execute",
  "Arguments:", each argument's first line ("  command: ls -la (2 lines)", cut at 120
  characters with "…"), then "Allow? yes  no  always allow execute  Yolo" on one row
  (its keys y, n, a and Y the words' first letters, in bold; no brackets, no pointer),
  answered by the key alone; refused ("n"), the model is told and answers; its ask_user
  tool asks leave in the same box first ("Tool: ask_user", "always allow category"),
  then draws its question as a box in the transcript: "Question", the question, "→ red",
  "  green", "  blue", "  ✎ Custom response..." and "↑↓ to navigate · Enter to select ·
  Esc to skip", Enter taking the option selected; Esc stops a turn with nothing drawn but
  the time stopped, no "✓") was measured once unseen (the rules of c0e3985,
  2026.12.06.34, replayed with activity): 0/8 dialogs, 0 false blocked, turn end p50/max
  0/640 ms with 2 turn ends not seen, agreement 0.647. What it showed where the fallback
  was wrong: its approval box is read by no rule (a box over the middle of the screen,
  its question "Allow?" and its options on one row, their keys unmarked but for bold),
  and its composer box, drawn under it, is read as the composer (``tui_composer``): each
  of its 7 approvals reads done (the turn over) within 1.2 s of being drawn, or working
  where output goes on; its ask_user question box, its pointer "→" over its options and
  key hints, over the composer, reads done the same way; the composer is drawn while a
  turn runs too and its time counting is no spinner, so a turn reads done between
  bursts of output, working again at the next (stream: done 4 times before its end);
  two turns' ends are not seen (answer's first: the Enter's working lasts to the second
  turn's end; long-command's: done since its approval, the refusal's answer unseen);
  Esc's stop is not seen (working to the exit). The typed and quoted approval
  (negatives) read as nothing. Then pass 28 (generic rules .36): a question and its
  choices on its own row, apart by two blanks, one approving and one declining, is a
  permission (``tui_dialog_choices_row``: not in a message entered, not over a code fence
  or a sentence); a question box above a composer may have its pointer one blank in and
  an option led by a glyph, over the composer's running "•" (``tui_question_above``):
  8/8, 0, 0.813. Then a turn's elapsed time counting on a row is work (the activity
  samples: 1.2 s after it last counted, handed again over a newer composer reading):
  8/8, 0, 0.870; every other directory the same but the known agents' Claude captures on
  the fallback (a background agent's or subagent's counter: 2.1.302 0.936 -> 0.951,
  2.1.332 0.905 -> 0.928).
* **Koder 0.6.4 and 0.6.3** (``tests/heldout/koder-0.6.4/``, ``tests/heldout/koder-0.6.3/``,
  PyPI ``koder``, a new agent: a line-mode chat whose composer, a prompt_toolkit box titled
  "| ⚡ Koder |" holding ">" over a status row (" M: deepseek-chat | Dir: ... | Tok: ... |
  ▽ 0 tok · ~$0.00"), stays at the screen's bottom while its answers scroll up above it;
  a spinner row right above the composer while a turn runs ("✶ Musing… (5s · run_shell ·
  esc to interrupt)", its glyph and word changing, its seconds counting), a tip row there
  at a turn's end ("💡 Tip: ..."); before a shell command, printed above the composer
  under that spinner, which goes on counting: "Permission required: run_shell",
  "  command=ls -la\x0atouch x1.txt" (the command on one row, a new line shown as
  "\x0a", cut at 200 characters with "..."), "  reason: command may mutate filesystem or
  execute code", then the key row "  [y]allow once  [a]always allow  [n]deny >" right
  above the composer's top edge, answered by a line typed in the composer (the cursor
  there, under the key row, not on it): y, a or n, then Enter; refused, the model is told
  and answers; Esc stops a turn ("Operation cancelled by user"); no question: its
  ask_user_question tool reads its line with input() while the composer holds the
  terminal, so no answer reaches it) was measured once unseen (the rules of ac546d4,
  2026.12.06.34, replayed with activity): 0/6 dialogs, 0 false blocked, turn end p50/max
  80/395 ms (0.6.4) and 52/80 ms (0.6.3), agreement 0.914 (0.6.4) and 0.916 (0.6.3).
  What it showed where the fallback was wrong: its permission is read by no rule, so
  every approval (6 of 6 on each release) reads working from the Enter that sent the
  prompt until its answer's turn ends (``tui_working_turn``: the spinner row still
  counting over the composer): its key row, each key in brackets glued to its word and
  ">" at its end, is not the cursor's row (``line_keys_permission`` reads the cursor's
  row; the cursor is in the composer box under it), it has no question and no option
  list, and the composer box is drawn, empty, right under it. Its composer box with
  ">" reads idle (``tui_composer``): every idle and turn end seen, no false blocked (its
  negatives' typed and quoted key row none). Then pass 29 (generic rules .37): a key row
  ending in a prompt's glyph right above a composer box holding at most a key typed is a
  permission answered in the box (``tui_keys_over_composer``; its keys typed with
  Enter): 6/6, 0, 1.000 on both releases; every other directory the same.
* **CodeGopher 0.3.0 and 0.2.2** (``tests/heldout/codegopher-0.3.0/``,
  ``tests/heldout/codegopher-0.2.2/``, PyPI ``codegopher``, a new agent: a Textual screen,
  its header (its clock ticking at the right) over a status row that says what a turn does
  ("Model: gpt-4o | Provider: openai | Approval: review | CWD: ..." at start, "Running
  agent turn...", "Tool requested: run_shell_command", "Tool approved", "Tool completed:
  run_shell_command", then "Done after 2 iteration(s)"; no spinner), its log ("You: ...",
  "Assistant: ..." streamed under it) and its input box "Ask CodeGopher..." docked at the
  bottom over a footer of keys ("^q Quit  ^i Focus input"), drawn the same, disabled,
  while a turn runs; before a shell command (its review mode), a panel drawn over the
  input box, from the bottom up: "Approval required: run_shell_command", the call's
  arguments as JSON (``{"command": "ls -la\\ntouch x1.txt"}``, a new line shown as
  "\\n", cut at 240 characters with "...", wrapped), an input box "Optional deny reason"
  (its edges "▊▔▔▔▎", "▊  Optional deny reason  ▎", "▊▁▁▁▎"), then the buttons "Approve"
  over "Deny", each label alone on its row between a row of "▔" and a row of "▁" 16
  columns wide, no key shown, no pointer, no question mark; answered by a click on a
  button (or Enter on the focused one, Tab moving the focus), recorded with clicks;
  refused, the model is told and answers; no key stops a turn; no question tool) was
  measured once unseen (the rules of 3089fb8, 2026.12.06.37, replayed with activity):
  0/6 dialogs, 0 false blocked, turn end p50/max 780/1192 ms (0.3.0) and 390/1302 ms
  (0.2.2), agreement 0.885 (0.3.0) and 0.891 (0.2.2). What it showed where the fallback
  was wrong: its approval panel is read by no rule (a title with no question, a JSON
  row, an empty input box and two edged buttons stacked one under the other, their labels
  alone on their rows with no key, no pointer and no hints row), and the input box drawn
  under it is read as the composer (``tui_composer_input``): an approval reads working
  from the Enter or the click before it while output goes on, then done about 1.2 s after
  its last output (the clock's redraws each second read as output: working again for a
  moment, then done), so the 2nd and 3rd approvals of multiline and the one of
  long-command read done, the others working for their half second. The input box reads
  the same while a turn runs, so a turn's silent stretches read done too, and a turn's
  end is seen only when its output stops (its status row's "Done after ..." read by no
  rule). No false blocked (its negatives' typed and quoted panel none). Then pass 31
  (generic rules .40): two or more buttons drawn with eighth-block edges, stacked, one
  approving or declining, at most six rows over the bottom, are a permission
  (``tui_dialog_buttons_stacked``, its heading the message): 6/6, 0 false blocked,
  agreement 0.900 (0.3.0) and 0.909 (0.2.2); every other directory the same. Then .41:
  the screen's second row alone a gerund and words ending in an ellipsis under a header
  ("Running agent turn...") is a turn running (``tui_working_header_status``): 6/6, 0,
  0.947 (0.3.0) and 0.944 (0.2.2), turn end p50 38 and 46 ms; every other directory
  the same.
* **Godspeed 0.4.0** (``tests/heldout/godspeed-0.4.0/``, PyPI ``godspeed-coding-agent``,
  its only release, a new agent: a line-mode chat, a prompt_toolkit prompt ``> godspeed>``
  at start and ``turn 1 | ctx 3% > godspeed>`` after a turn, under a row of the turn's
  counters ("  0 tokens | ctx 3% | gpt-4o | turn 1") and a rule ("  ------------- turn 1
  --------------"), the answers printed above it as the main screen scrolls, a Rich
  spinner on the last row while the model is asked ("⠋ > Thinking...", its seconds
  after 10 s); before a shell command (its default ask rule ``shell(*)``), printed above
  the prompt: "  !  Permission required", the tool's name ("    shell"), the command
  after "$" (each of its lines on a row of its own, the 61-line one printed whole),
  "    Matched ask rule: shell(*)", then the question "    Allow? (y)es | (n)o | (a)lways
  this session" (its keys glued to their words in parentheses, apart by "|") over its
  own line prompt "  >" on the row under it, answered by a line (y or n, then Enter);
  where the model called the tool with no words before it, the turn's spinner goes on
  drawn over that prompt ("⠙ > Thinking...", the tool's name row blanked) and the line
  typed is not shown; refused, the model is told ("  x Blocked: shell -- Permission
  denied for shell(...)") and answers; commands its patterns call dangerous (``rm -rf``,
  ``rm -r``) are refused without asking, so its command-deny removes one file; no key
  stops a silent turn; no question tool) was measured once unseen (the rules of f840030,
  2026.12.06.41, replayed with activity): 0/6 dialogs, 0 false blocked, turn end p50/max
  886/1188 ms (2 not seen), agreement 0.785. What it showed where the fallback was
  wrong: its question is read by no rule (its keys "(y)es | (n)o | (a)lways" glued to
  their words and apart by "|", not a yes/no key list, and not on the cursor's row but
  the row above it): where its own "  >" prompt is the last row (command-approve, the
  2nd and 3rd approvals of multiline) that prompt, a lone glyph, is read as a line-mode
  chat's prompt (``line_chat_prompt``): done; where the spinner is drawn over it
  (command-deny, long-command, the 1st of multiline) the approval reads working. Its
  chat prompt ``> godspeed>`` (a glyph, a word, a glyph) is read by no rule either: its
  start-up's idle reads working (its first draw is output) until the first Enter, and a
  turn's end is seen only when its output stops ("the screen shows nothing new", about
  0.9-1.2 s after it), except that after a line typed at its permission the turn reads
  working to the program's exit (command-approve, command-deny: 2 turn ends not seen);
  multiline's end read done through ``line_chat_prompt`` 0.45 s after it. No false
  blocked (its negatives' typed and quoted question none). Then generic rules .42 (from its
  screens, after these figures were pinned): a question whose keys are glued to their
  words on the row over a line prompt (``line_glued_keys_permission``, its message the
  question, its options the keys typed with Enter; not behind a prompt glyph on its row,
  the chat's echo of a message typed), and a name glued to ">" after a pointer and a
  status or not (``line_chat_prompt``): 6/6, 0 false blocked, turn end p50 44 ms (2
  not seen: after a line typed at its permission), agreement 0.986.
* **ATA Coder 1.0.2 and 1.0.0** (``tests/heldout/ata-1.0.2/``, ``tests/heldout/ata-1.0.0/``,
  PyPI ``ata-coder``, a new agent: a line-mode chat, a banner box at start whose last
  text row is "Type your task or / for commands (Tab to complete). Ctrl+C to
  interrupt.", its prompt ``>`` under a row of the turn's sums ("--- 1 tools | 6,651
  tokens | 5.8s ---") and its counters ("tokens: 6,651/1,000,000 (1%) | tools: 0 | time:
  11s"), the answers printed above it as the main screen scrolls, nothing drawn while the
  model is asked; before a shell command, a box: "[EXEC] run_shell", the command after
  "$" (whole, each of its lines on a row of its own: the 61-line one taller than the
  screen), then the key row "[y]es  [n]o  [a]llow all shell  [d]eny all shell" as the
  box's last row, over its line prompt "?" on the cursor's row, answered by a line (y or
  n, then Enter); once one is approved its shell commands run unasked for 60 s, so its
  multiline scenario refuses all three; refused, the model is told ("Error: User denied
  permission for run_shell") and answers; Ctrl+C in a turn ends the program, and neither
  Ctrl+D nor Ctrl+C quits it at its prompt (each draws a new prompt: the harness ends
  it); no question tool) was measured once unseen (the rules of f840030, 2026.12.06.41,
  replayed with activity): **6/6 dialogs**, 0 false blocked, blocked p50/max 40/40 ms on
  both, turn end p50/max 43/50 ms (1.0.2) and 0/40 ms (1.0.0), 1 not seen on each,
  agreement 0.669 (1.0.2) and 0.666 (1.0.0). Its box's key row over the "?" prompt is
  found by ``tui_dialog_keys``. What it showed where the fallback was wrong: its banner's
  "Ctrl+C to interrupt." is read as a running turn's interrupt hint
  (``tui_working_turn``) while it is among the screen's last ten rows, so the start-up's
  idle reads working in every capture (about 2 s of each, most of the loss) and answer's
  first turn end is not seen (its second, the banner scrolled up, is read done from its
  ``>`` prompt, ``line_chat_prompt``, as the other turn ends are, within 50 ms, but
  command-deny's: there it reads idle at once ("the screen shows nothing new"), then
  working for 1.6 s (an elapsed time counting: its sums row's "1.8s" and its counters'
  "time: 4s"), then done).
  No false blocked (its negatives' typed and quoted box none). Then generic rules .42: an
  interrupt hint that is a sentence of its own after another on a banner's row is no
  running turn (``tui_working_turn``'s ``not``): 6/6, 0, agreement 0.996 (1.0.2) and
  0.994 (1.0.0).
* **Axon 0.27.7 and 0.27.6** (``tests/heldout/axon-0.27.7/``, ``tests/heldout/axon-0.27.6/``,
  PyPI ``axon-terminal``, the program ``axon``, a new agent: a line-mode chat whose turns
  scroll up the main screen as boxes of their steps ("┌ Turn 1 · \"...\"", "│ ◆ Step 1  LLM
  call · gpt-4o (OpenAI) ...", the answer streamed after "│ ▎", "└ ✓ Done in 8.7s · 2 LLM
  calls ..."), the box's last row its spinner while a turn runs ("│ ⠋ Step 1 · thinking…
  3.9s · esc to interrupt"), over a composer pinned at the screen's bottom between two
  rules ("❯ Ask anything · / commands · @ files ..." at rest, "❯ type to queue a message ·
  enter sends it between steps · esc interrupts" while a turn runs; 0.27.6 does not always
  draw it then) over two status rows; before a shell command (its ``default`` mode), a
  picker printed under the turn's box where the composer was: "⚠ Allow Bash?", the command
  after "$" (its rows indented under the first, at most 12), its description, "runs in
  bash" and the reason, then "◆ Permission  Bash" with "1/4" at the right, a rule, the
  options "❯ Yes  this call only · y", "Yes, don't ask again this session  every Bash call
  until you exit · a", "No  n · esc", "Yes, always allow Bash(rm:*)  saved for this
  project (...)", a rule, and the key row "↑↓ move · enter choose · 1-4 quick pick · y yes
  · a session · n/esc deny" (no question mark on the picker's rows); answered by Enter on
  Yes (or its key alone); refused with "n", the model is told and answers; its
  AskUserQuestion question in the same picker ("◆ Color: Which color do you prefer?
  1/4", a rule, "❯ red", "green", "blue", "Other (type your own answer)", a rule, "↑↓
  move · enter select · esc cancel"); Esc does not stop a request the model has not
  answered, so no interrupt was recorded) was measured once unseen (the rules of f840030,
  2026.12.06.41, replayed with activity): 0/7 dialogs, 0 false blocked, turn end p50/max
  40/40 ms on both, agreement 0.968 (0.27.7) and 0.895 (0.27.6). What it showed where the
  fallback was wrong: its picker is taken for a composer between two rules
  (``tui_composer_rules``: the first option "❯ Yes" right under the rule, as an empty
  composer's "❯" would be), so the list rules, which find its key row and its options,
  step aside for it (their ``not``: a rule over a pointer row is a composer), and every
  approval and the question read done 40 ms after the picker is drawn, until it is
  answered (but 0.27.7's command-deny and long-command, whose picker comes 0.16-0.22 s
  after the Enter, which read working from the Enter through it);
  its composer reads idle and every turn end is seen, no false blocked (its negatives'
  typed and quoted picker none). 0.27.6's stream reads idle for about 4 s of its 14: its
  composer not drawn while it streams, its spinner row, mid-screen over blank rows, reads
  working from the screen, but the activity samples read the stretches with no new words
  as "the screen shows nothing new". Measured again before any rule was written from it,
  with this stop's catch-all for any permission (``tui_dialog_options``, written from
  the agents above): 0/7 on both (its gate for a composer under the options read the
  picker's rule over "❯ Yes" as one); then (from its screens) a composer under the
  options is a rule, a prompt row and a rule, at most four rows over the bottom: 6/7, 0
  false blocked, agreement 0.989 (0.27.7) and 0.905 (0.27.6); its question (no option
  approves or declines) still missed. Then .43: a pointer row right under a rule with
  rows of words under it is a picker's first option, no composer's prompt (the list
  rules' ``not``): 7/7, 0, 0.993 (0.27.7) and 0.909 (0.27.6).
* **CoderAI 0.4.0** (``tests/heldout/coderai-0.4.0/``, PyPI ``coderai-agent``, the program
  ``coderai``, a new agent: a line-mode chat, everything scrolling up the main screen under
  its banner, its prompt ``coderai> `` (the program's name glued to ">") under a status row
  (" [Model: gpt-4o] [Tokens: 0 (0% of 256k)] [Plan: OFF] [Git: no-git]"), no spinner
  while a turn runs ("  → invoking bash", "  ✓ bash • completed", the answer as plain
  rows); before a shell command (its settings' ``defaultMode: askAll``), a rounded box
  titled "Permission Required (1/1)" ("bash: <command>", a multi-line command's rows as
  they are, a long one wrapped in the box, the 61-line one whole; its description;
  "Scopes: unknown (unknown)"), then "  Options:", "    1. Yes", "    2. No" and the line
  prompt "  Allow? [1/2/3] (or y/n/a): " on the cursor's row, answered by a line (y or n,
  then Enter); refused, the model is told and answers; its AskUserQuestion question a box
  titled "Question 1/1" (the question, "Mode: (single-select)", a blank row, "1. red" ...
  "4. Other (type custom response)") over "Your answer (choose number or type text): " on
  the cursor's row; Ctrl+C stops a turn while the model is asked ("^C", the prompt back);
  only this release: 0.3.3 is a Textual screen, another program) was measured once unseen
  (the rules of f840030, 2026.12.06.41, replayed with activity): 0/7 dialogs, 0 false
  blocked, no turn end seen (9), agreement 0.646. What it showed where the fallback was
  wrong: no rule reads any of its screens. Its permission's line prompt, a question mark
  and then a bracketed list of digits and a parenthesised list of letters before the
  colon, is none of the line rules' (``keys_permission`` wants y and n in the brackets
  and nothing after them; ``line_numbered_permission`` wants a word alone before the
  colon under the numbered options), its question's "Your answer (...):" none either,
  and its prompt ``coderai>`` is no chat prompt (``line_chat_prompt`` wants a glyph alone,
  a word and a colon, or a word, a blank and "›"/"»"): so from the start-up's output on it
  reads working throughout (every approval, the question, every turn's end and the idle
  between them), but for the interrupt's end, idle only once the screen has been quiet
  for 5 s. Measured again before any rule was written from it, with this stop's rules
  (the catch-all, the glued keys, a name glued to ">" a chat's prompt, all written
  before it was seen): 6/7, 4 false blocked, agreement 0.902 (the catch-all found its
  options, "1. Yes" over "2. No", over its line prompt, and stayed blocked after the
  answer typed there, the command's output under it); then (from its screens) a line
  prompt on the last row is the line rules' (the catch-all's ``not``), a key list may
  say "or" ("(or y/n/a)") and "Allow?" alone asks leave (``yes_no_permission``), and an
  answered line prompt or a row with "?" is no row of a dialog's tail: 6/7, 0, 0.988;
  its question ("Your answer (choose number or type text): ", free text) still missed.
  Then .44: a numbered question in a box may hold two rows of the box's own between the
  question and its options ("Mode: (single-select)", a blank one), a blank row under the
  box, and its prompt may be an answer's word, a hint in parentheses and a colon
  (``numq_prompt``; a bare "Answer:" stays prose): 7/7, 0, 0.998.
* **CHYRD 0.4.7 and 0.4.6** (``tests/heldout/chyrd-0.4.7/``, ``tests/heldout/chyrd-0.4.6/``,
  PyPI ``chyrd``, the program ``chyrd``, a new agent: a Textual screen, its chat above a
  composer box docked at the bottom, an empty rounded box whose lower edge ends in "plan,
  build, fix - or /help", its mascot (an owl, its eyes blinking) at the box's left on the
  same rows, over a status row (" ● idle  ·  0↑ 0↓  ·  $0.0000  ·  <dir>  ·  normal   shift+tab
  mode · ctrl+p cmds"; " ● thinking  ⠙ 2s  esc interrupt  ·  ..." while the model is asked,
  " ● working  ⠹ 6s  esc interrupt  ·  ..." while it streams or a tool runs); each prompt a
  box titled "you" at the right, the answer streamed as plain rows under it; before a shell
  command (its default mode, ``normal``), a modal box of heavy edges ("┏━━┓", "┃") drawn
  over the middle of the screen: its title "permission" centred, "Run: <command>" (a long
  command's first rows and "touch f..."), the command in a rounded box (scrolled, at most
  14 rows), "rule: shell(<program> *)", then three edged buttons side by side, each between
  a row of "▔" and a row of "▁" one blank apart, labelled "allow once", "always" and
  "deny" (the keys the labels name, "[a]", "[A]", "[d]", taken for markup and not drawn;
  under the 61-line command the buttons are below the modal's foot, not drawn at all), no
  question mark anywhere in it; answered by the key alone (a, or d: the model is told and
  answers); no question tool; Esc stops a turn while the model is asked) was measured once
  unseen (the rules of 338ebc3, 2026.12.06.43, replayed with activity): 0/6 dialogs, 0
  false blocked, turn end p50/max 1030/1379 ms (0.4.7) and 905/8802 ms (0.4.6), agreement
  0.836 (0.4.7) and 0.822 (0.4.6). What it showed where the fallback was wrong: no rule
  reads its modal: the rule for edged buttons (``tui_dialog_buttons_edged``) wants two
  blanks or more between two buttons' edges ("▔▔▔  ▔▔▔"; CHYRD's are one blank apart) and
  a question ("?") at most six rows above them (CHYRD's modal asks nothing in words:
  "permission", "Run: ...", "rule: ..."), the catch-all (``tui_dialog_options``) wants
  each option the first word of its own row (CHYRD's three are on one row), and the
  long command's modal shows no button at all; so each approval reads working from the
  Enter (or the turn's "esc interrupt") until the screen is still for about 0.9 s, then
  idle until it is answered. Its composer, an empty rounded box with the owl at its left
  and the status row under it, is read by no composer rule: no turn end is read done,
  each turn's end reads idle about 1 s after it ("the screen shows nothing new"), and
  0.4.6's second turn in answer, whose answer came whole within 1.2 s of the Enter,
  reads working until the Enter's 10 s have run out. No false blocked (its negatives'
  typed and quoted modal none). Measured again with .44 and the rules written the same
  day before it was looked at (a late echo of the typed line no work, a cut hint, a
  question in the composer's place): 0/6, 0, 0.837 (0.4.7) and 0.824 (0.4.6). Then .45
  (from its screens): edged buttons may be one blank apart, and a modal's box whose row
  names a permission alone ("┃ permission ┃") stands for the question above them
  (``tui_dialog_buttons_edged``); a closed box of heavy or double edges titled so on a
  row of its own asks leave with or without its buttons (``tui_dialog_modal_titled``:
  the 61-line command); a composer box may have a mascot left of it and a hint in its
  bottom edge (``tui_composer_box``, ``mascot``): 6/6, 0.976 (0.4.6, 0 false blocked) and
  0.973 (0.4.7, 1 false blocked: its modal is drawn 0.2 s after the key that answers it,
  and the 0.25 s a gone dialog lingers put the light's leaving 7 ms past the 0.5 s
  allowed).
* **AshCode 0.1.0** (``tests/heldout/ashcode-0.1.0/``, PyPI ``ashcode``, the program
  ``ashcode``, a new agent: a line-mode chat, everything scrolling up the main screen under
  its banner box ("AI Agent"), its prompt ``>`` alone on its row, nothing drawn while the
  model is asked, each tool call a rounded box titled with the tool's name ("⏺ shell
  #toolu_00", "running" at its bottom right), the answer as plain rows under a rule titled
  "Assistant"; before a shell command its patterns do not call safe (its approval policy's
  default, ``on-request``), a rounded box titled "Approval required" ("shell", "Execute:
  <command>", "$ <command>", a multi-line command's rows as they are, a long one wrapped in
  the box, the 61-line one whole), then, after a blank row, Rich's line prompt "Approve?
  [y/n/yes/no] (n): " on the cursor's row, answered by a line (y or n, then Enter);
  refused, the model is told ("User rejected the operation") and answers; no question
  tool; Ctrl+C in a turn ends the program, so no interrupt was recorded; its only release)
  was measured once unseen (the rules of 338ebc3, 2026.12.06.43, replayed with activity):
  0/6 dialogs, 0 false blocked, turn end p50/max 40/1164 ms, agreement 0.913. What it
  showed where the fallback was wrong: its line prompt is none of the line rules'.
  ``yes_no_permission`` reads "Approve?" as asking leave and "[y/n/yes/no]" as a yes/no
  key list, but allows after the list only a "?" or ":" and an answer being typed, not
  Rich's default in parentheses, "(n)", before the colon; ``keys_permission`` wants single
  keys in the brackets ("yes" and "no" are words); the box over it holds no options (the
  catch-all's ``tui_dialog_options`` wants an approving and a declining one). So every
  approval reads working, from the Enter (or the answer before it) on, until the command
  has run and the prompt is back. Its prompt ``>`` reads idle (``line_chat_prompt``), and
  every turn end is seen: within 40 ms, but where the answer is printed whole with the
  prompt in the same burst (answer's two turns, negatives'), 0.69-1.16 s late, its new
  words read as output work first. No false blocked (its negatives' typed and quoted
  line prompt none). Measured again with the rules of the same day before it was looked
  at: 0/6, 0, 0.917. Then .45: a yes/no key list may name its default after it in
  parentheses (``yn_default``: "[y/n/yes/no] (n): ", as Rich's Confirm draws it), and a
  box whose top edge holds its title ("╭─ Approval required ───╮") printed right above
  the question is what it asks about, whole (every row of a multi-line command shown and
  in the id): 6/6, 0, 0.959.
* **clippy-code 4.20.2 and 4.19.4** (``tests/heldout/clippy-4.20.2/``,
  ``tests/heldout/clippy-4.19.4/``, PyPI ``clippy-code``, the program ``clippy``, a new
  agent: a line-mode chat, everything scrolling up the main screen under its banner (a box
  with its ASCII logo), its prompt ``[You] ➜`` (a word in brackets before an arrow) a blank
  row under the last output, a spinner "[📎] Thinking ⠼" on the last row while the model
  is asked, its answers asked for whole and printed whole after "[📎]"; before a shell
  command (its permissions' defaults), the call printed ("→ execute_command", "  command:
  <command>", a multi-line command's rows as they are, a long one wrapped, the 61-line
  one whole), then, after a blank row, "[?] Approve this action? [(y)es/(n)o/(a)llow]: "
  on the cursor's row (Python's input()), answered by a line (y or n, then Enter); "n"
  stops the turn, its prompt back; no question tool; Ctrl+C while the model is asked
  prints "Use /exit or /quit to exit clippy-code" and its prompt; 4.21.0, which streams
  its answers, drops the model's tool calls, so not recorded) was measured once unseen
  (the rules of 338ebc3, 2026.12.06.43, replayed with activity): 6/6 dialogs, 0 false
  blocked, blocked p50/max 40/40 ms, no turn end seen (5 on each), agreement 0.777
  (4.20.2) and 0.646 (4.19.4). What it showed where the fallback was wrong: its
  permission is found (``yes_no_permission``: "Approve" asks leave, "[(y)es/(n)o/...]"
  a yes/no key list, the colon after it), but its prompt ``[You] ➜`` is no chat prompt
  (``line_chat_prompt`` wants a glyph alone, a word and a colon, or a word, a blank and
  "›"/"»": not a bracketed word before "➜"), so no turn end is seen: a turn reads working
  from the Enter, through its answer and the prompt back, until the exit in every
  capture here; where a refusal stops the turn, its prompt back reads blocked for about
  0.3 s, then working. Its start-up reads working where the activity sample of its CPU at
  1.35 s comes before its prompt is drawn or with it (then through the idle prompt to the
  first Enter), idle otherwise: 6 of 8 captures of 4.19.4 (its prompt drawn at 1.1-1.5 s),
  3 of 8 of 4.20.2 (at 1.0-1.7 s); the releases' figures differ by how soon the prompt
  came, not by their screens, which are the same. No false
  blocked (its negatives' typed and quoted line prompt none: the typed one is the
  ``input`` region's, the quoted one not on the cursor's row).
  Measured again with the rules of the same day before it was looked at: the same (6/6,
  0, 0.777 and 0.646). Then .45: a word in brackets before an arrow is a chat's prompt
  (``line_chat_prompt``: "[You] ➜ "; not "[user@host work]$ " nor one with a line typed
  after it): every turn end seen, 1.000 (4.20.2) and 0.996 (4.19.4).
* **FirstCoder 0.1.12 and 0.1.11** (``tests/heldout/firstcoder-0.1.12/``,
  ``tests/heldout/firstcoder-0.1.11/``, PyPI ``firstcoder``, the program ``firstcoder``, a
  new agent: a Textual full-screen TUI, its words Chinese: a top bar, the transcript (each
  entry after a bar "│", the user's lines echoed as "│   > <text>"), an activity row
  ("idle · ready", "thinking [.. ] planning next step...", "running [=   ] · shell",
  "done", "interrupted", the turn's time and tools at its right), then its composer under
  a rule, unboxed, its placeholder "输入消息，Enter 发送，..." when empty; before a shell
  command (its permissions' mode ``ask``), a block in the transcript, "permission
  requested  execute_shell <command>" (twice), the reason "执行 shell 命令需要用户确认。",
  then its options on one row, "[1] deny  [2] allow once  [3] allow always", the
  activity row "waiting · permission", answered by a line typed in its composer (2 or 1,
  then Enter); refused, the model is told and answers; Esc twice interrupts a turn; its
  ``ask_user`` tool only hands the question back to the model, so no question) was
  measured once unseen (the rules of 54fdfc4, 2026.12.06.44, replayed with activity): 1/6
  dialogs, 0 false blocked, blocked p50/max 121/121 ms (0.1.11: 103/103), turn end
  p50/max 955/2218 ms (0.1.11: 957/2348), one turn end not seen (answer's second, on
  each), agreement 0.674 (0.1.12) and 0.663 (0.1.11). What it showed where the fallback
  was wrong: its options row is the shape ``tui_dialog_keys`` reads (bracketed digits
  before "deny" and "allow", after the bar "│"), but the rule is vetoed by the
  transcript's echo of the user's line, "│   > make the output directory" (a bar, then
  ">": read as a boxed composer's prompt row), so an approval is found only where that
  echo has scrolled past the screen's top (long-command's, under its 61 rows); elsewhere
  the rule and placeholder under its activity row read as its composer
  (``tui_composer``): each approval reads done. Its activity row while the model is
  asked, "thinking [.. ] planning next step...", is read by no working rule, so 1.5 s
  after each Enter a turn reads idle or done ("the turn never started") until new words
  come;
  each turn's end reads done about 1 s late, and answer's second turn, whose answer came
  within 1.2 s of the Enter, is never read done. No false blocked (its negatives' typed
  and quoted options row none: the typed one does not start with its keys, the quoted
  one has more than four rows under it, and the echo above it). Measured again with the
  rules of the same day before it was looked at (.45): the same. Then .46 (from its
  screens): a prompt row behind a bar vetoes a row of keyed options only right under it
  (a boxed composer's), not above it (the transcript's echo of the user's line); a word
  at the start of its row and a short bracketed field where marks move among blanks
  ("thinking [.. ]", "running [=   ]"; full, "[...]", after a word ending in "ing") is a
  turn running (``tui_working``); an elapsed time may count in tenths ("2.3s"), and rows
  alike but for their times (each turn's footer) count none: 6/6, 0, 0.935 (0.1.12) and
  0.921 (0.1.11).
* **acoder 0.1.0** (``tests/heldout/acoder-0.1.0/``, PyPI ``acoder``, the program ``acoder
  chat``, a new agent: a line-mode chat, everything scrolling up the main screen under its
  banner (a panel: the model, the mode, the directory), its prompt Rich's ``›:`` alone on
  its row, nothing drawn while the model is asked (its answers asked for whole, its model
  calling its tools in text: "ACTION: <tool>" over a JSON block, "FINAL: <answer>"), each
  answer a rounded panel titled "acoder" printed whole at the turn's end; before a shell
  command (its permission mode's default, ``approve``), the command's row "$ <command>"
  (a multi-line command's rows as they are, a long one wrapped, the 61-line one whole),
  then Rich's line prompt "Allow run_bash? [y/n/a] (y): " on the cursor's row, answered by
  a line (y or n, then Enter), a dim row "· run_bash command=<command>" under it once
  answered; refused, the model is told ("DENIED by user") and answers; no question tool;
  Ctrl+C while the model is asked ends the program, so no interrupt was recorded; its only
  release) was measured once unseen (the rules of 54fdfc4, 2026.12.06.44, replayed with
  activity): 0/6 dialogs, 0 false blocked, turn end p50/max 0/0 ms (7 of 8 missed),
  agreement 0.529. What it showed where the fallback was wrong: its line prompt is none of
  the line rules'. ``yes_no_permission`` reads "Allow run_bash" as asking leave, but its
  yes/no key list must end with n ("[y/n/a]" ends with a) and allows after it no default;
  ``keys_permission`` reads "? [y/n/a]" as a key list with y and n, but allows after it
  only a colon or a pointer and one key typed, not Rich's default in parentheses, "(y)",
  before the colon; nothing above it holds options. Its prompt ``›:`` is no chat prompt
  either (``line_chat_prompt`` wants a glyph alone, a word and a colon, or a word, a blank
  and "›"/"»": not "›" glued to a colon), so no turn end is seen and no screen of it is
  read at all: each capture reads working from the activity sample of its CPU at 1.35 s
  (its start-up, before the first Enter) to its exit, approvals included; only the stream
  reads idle once, the model's 6 s of silence ("process quiet for 5 s", 2.2 s before its
  answer), then working again. No false blocked (its negatives' typed and quoted line
  prompt none). Measured again, before it was looked at, with the rules of the same day
  (.45 and FirstCoder's .46: a default after a yes/no key list among them): 6/6, 0,
  0.575. Then .46: a pointer with a colon glued to it ("›:") is a chat's prompt
  (``line_chat_prompt``): 6/6, 0, 0.987.
* **Aether 2.1.2 and 2.1.0** (``tests/heldout/aether-2.1.2/``,
  ``tests/heldout/aether-2.1.0/``, PyPI ``aether-ai-cli``, the program ``aether``, a new
  agent: a line-mode chat, everything scrolling up the main screen under its banner (an
  ASCII logo, its version and model), its prompt prompt_toolkit's two rows "╭─ 👤 You" over
  "╰─❯" (a box's corner, a rule and a pointer glued together), a row "  ✦ Thinking..." (or
  another of its words, at random) while the model is asked, the answer streamed into a
  rounded panel titled "✦ Aether", a footer row of its tokens after each turn; before a
  shell command its list does not call safe, a rounded panel "Aether wants to run:"
  holding the command (a multi-line command's rows as they are, a long one wrapped in the
  panel, the 61-line one whole), then "  Allow? (y/n): " on the cursor's row (Python's
  input()), answered by a line (y or n, then Enter); refused, the model is told ("User
  denied command execution.") and answers; no question tool; Ctrl+C in a turn ends the
  program, so no interrupt was recorded; 2.2.0's program does not start, its entry point
  naming a function its module lacks) was measured once unseen (the rules of 54fdfc4,
  2026.12.06.44, replayed with activity): 6/6 dialogs on each, 0 false blocked, blocked
  p50/max 40/40 ms, turn end p50/max 815/1207 ms with 3 of 8 missed (2.1.2) and 1232/1316
  ms with 2 of 8 missed (2.1.0), agreement 0.680 (2.1.2) and 0.683 (2.1.0). What it showed
  where the fallback was wrong: its permission is found (``yes_no_permission``: "Allow?"
  asks leave, "(y/n):" a yes/no key list), but its prompt's last row "╰─❯" is no chat
  prompt (``line_chat_prompt`` wants the pointer alone on its row, or after a blank, not
  glued to the glyphs before it), so no screen of it reads idle: its start-up reads
  working from the activity sample of its CPU at 1.35-1.65 s to the first Enter, and a
  turn's end is seen only by the activity samples, "the screen shows nothing new", 0.8-1.3 s
  after its prompt is back, or not at all where the run leaves before (long-command,
  multiline and negatives of 2.1.2; command-deny and long-command of 2.1.0). No false
  blocked (its negatives' typed and quoted line prompt none: the typed one is the
  ``input`` region's, the quoted one inside the panel, not on the cursor's row).
  Measured again with the rules of the same day before it was looked at: the same. Then
  .46: a pointer behind a box's corner and a short rule ("╰─❯", a two-row prompt's last
  row) is a chat's prompt: 6/6, 0, 1.000 (both).
* **DoStuff 0.2.0** (``tests/heldout/dostuff-0.2.0/``, PyPI ``dostuff``, the program
  ``dostuff``, a new agent: a Textual full-screen TUI, a banner, the transcript (the
  user's line after ">", a tool call's row "● bash_command(command=...)"), a row "Working...
  (ESC to cancel)  4s" while a turn runs ("Cancelling..." after Esc), its input box (a
  rounded box) over a status row ending "ask mode  0.1%/128.0k", "✻ Worked for 6s · $0.0005
  · done 5:06 PM" after a turn; before a shell command its list does not call read-only
  (its permissions' mode ``ask``), a block "⚠ Run shell command:" with the command in the
  transcript, and in the input box's place its selector in a rounded box, "Do you want to
  proceed?" over "❯ 1. Yes", "  2. Yes, and don't ask again this session for `mkdir`
  commands, ...", "  3. No, and tell the model what to do differently" and the hints "↑/↓
  select · Enter confirm · Esc deny and stop", answered by a key (y; n swaps it for the
  input box asking for a note, an empty Enter refuses: the model is told and answers); no
  question tool; 0.1.6, its other release, draws another screen and was not recorded)
  was measured once unseen (the rules of 1df6a7c, 2026.12.06.45, replayed with activity):
  5/6 dialogs, 0 false blocked, blocked p50/max 28/40 ms, turn end p50/max 50/64 ms,
  agreement 0.949. What it showed where the fallback was wrong: its selector is the shape
  ``tui_dialog_list`` reads (a question, options numbered from 1, the pointer on the first,
  the hints row last, then the box's edge and its status row), but for the 61-line command
  its option 2 names each of the 61 commands over 13 wrapped rows, pushing the question
  and options 1 and 2 above the bottom 16 rows the rule reads: that approval reads working.
  Each start-up reads working 0.3-0.8 s after it is up (its screen still drawn), and after
  n the input box asking for a note reads working 0.4-0.8 s until the Enter that refuses.
  No false blocked (its negatives' typed line in the input box and the quoted selector in
  the answer none: no hints row at the bottom, and a turn's summary under the quote).
  Since generic .48 (``tui_dialog_list_tall``: the same list in a box, every row from the
  question to the hints behind the box's edge, read in the bottom 48 rows) every approval
  is found: 6/6, 0 false blocked, 0.952.
* **AgentCode 1.4.0 and 1.3.2** (``tests/heldout/agentcode-1.4.0/``,
  ``tests/heldout/agentcode-1.3.2/``, PyPI ``agentcode-cli``, the program ``agentcode``, a
  new agent: a line-mode chat through LiteLLM, everything scrolling up the main screen
  under its banner (an ASCII logo, its model, directory and commands), its prompt Rich's
  ``❯`` alone on its row, a row "  ⚡ DEFAULT → openai/gpt-4o ..." of its model once a
  prompt is sent, the answer streamed below it, a row of its cost after each turn; before
  a shell command (and a write), "⚡ Tool request: run_command", the call's arguments below
  it ("   command: <command>", a multi-line command's rows as they are, a long one
  wrapped, the 61-line one whole), then "  Allow? " on the cursor's row, answered by a
  line (y or n, then Enter): its keys "[y/N]" are written in Rich's markup, which takes
  them for a tag and draws nothing of them; refused, the model is told and answers; no
  question tool; no interrupt recorded) was measured once unseen (the rules of 1df6a7c,
  2026.12.06.45): 0/6 dialogs on each, 0 false blocked, turn end p50/max 40/40 ms (1.4.0)
  and 40/460 ms (1.3.2), agreement 0.966 (1.4.0) and 0.963 (1.3.2). What it showed where
  the fallback was wrong: its line prompt is a bare question, "Allow?" with no key list
  after it and no options above it (the tool's name and its arguments only), which no
  rule reads as a dialog (``yes_no_permission`` and ``keys_permission`` want a key list
  after the question), so each approval reads working from its line prompt to the
  answer's Enter; its prompt ``❯`` alone is a chat prompt (``line_chat_prompt``), so every
  turn end is seen. No false blocked (its negatives' typed and quoted line prompt none).
  Measured again with .46 (the rules of the same day, before it was looked at): the
  same. Then .47: "Allow?", "Approve?", "Run it?" alone on the cursor's row, no key list,
  asks leave (``yes_no_permission``), the call above it its subject, every row of its
  command: 6/6, 0, 1.000 (1.4.0) and 0.997 (1.3.2).
* **CodeRill 0.1.1** (``tests/heldout/coderill-0.1.1/``, PyPI ``coderill``, the program
  ``coderill``, a new agent: a line-mode chat, a banner panel titled "CodeRill · v0.1.1",
  everything scrolling up the main screen, its composer prompt_toolkit's framed editor (a
  square box holding "Describe a task, or type /help for commands…") over its key hints
  " Enter send · Ctrl+J / Alt+Enter newline · ↑ history", left printed in its box with
  the user's line once sent; nothing drawn while the model is asked, the answer streamed
  under it; before a shell command (and a write) the call's row "Allow bash? {'command':
  '...'}" (a 61-line command's rows joined by "\\n" and wrapped), then prompt_toolkit's
  choice, " Choose a permission decision (arrow keys, Enter):" over "      1. Approve
  once: run this operation", "      2. Always allow similar operations: save a grant",
  "   >  3. Deny: skip this operation", the pointer ">" on its default, Deny, no hints row,
  answered by 1 and Enter (approve) or Enter alone (refuse: the model is told and
  answers); the answered choice stays printed, the pointer on the option chosen; no
  question tool; no interrupt recorded) was measured once unseen (the rules of 0fd2b6a,
  2026.12.06.47, replayed with activity): 6/6 dialogs, 7 false blocked, blocked p50/max
  51/60 ms, turn end p50/max 863/1330 ms, agreement 0.870. What it showed where the
  fallback was wrong: each live choice is found (``tui_dialog_options``: numbered options,
  one approving and one declining, nothing under them), but the answered choice, printed
  as it was with the pointer on the option chosen, can read the same: under the call's
  row alone it reads as nothing (working comes with the output, 0.3 s after the answer),
  but with the result's row "← exit code: 0" under that it reads as a live choice again
  (multiline: its first two answered choices, each until the next choice, 2 of the 7);
  and once a turn that showed a choice ends, the answered choice over the returned composer box and its key hints reads as a
  live list (``tui_dialog_list``) from the turn's end until the run leaves (4 of the 7,
  each to the capture's end: live, until the choice scrolls out of the rows the rule
  reads); the choice quoted in its negatives' answer over the composer the same (1). Its
  composer box, left printed with the user's line when it is sent, reads as the composer,
  so a silent model reads idle ("the turn never started") until words come (stream:
  2.7 s), and a turn's end is read done 0.4-1.3 s late. Since generic .49 (a tool's
  call row under an answered choice, "→ bash (command=...)", and a box with its own hints
  between a list and the screen's bottom, end it): 6/6, 0 false blocked, 0.903.
* **CodeRill 0.1.0** (``tests/heldout/coderill-0.1.0/``, its other release, another
  screen: everything scrolling up the main screen under two rows naming its version,
  workspace, model and session, its prompt prompt_toolkit's line prompt "you > " alone;
  nothing drawn while the model is asked, the answer streamed under the user's line, the
  call's row "→ bash (command=...)"; before a shell command "allow bash? {"command":
  "..."}" (the call's JSON cut at 300 characters), then Rich's line prompt "  [y]es / [n]o
  / [a]lways > ", whose keys its markup takes for tags and draws nothing of: "  es / o /
  lways > " on the cursor's row, answered by a line (y and Enter; Enter alone refuses:
  the model is told and answers)) was measured once unseen (the rules of 0fd2b6a,
  2026.12.06.47, replayed with activity): 0/6 dialogs, 0 false blocked, no turn end seen
  (7 missed), agreement 0.719. What it showed where the fallback was wrong: its line
  prompt is the tails of three words apart by " / " and a ">", no key list, no question
  on its row (the call's row above it, "allow bash? {...}", is no line the cursor is on),
  read by no rule, so each approval reads working; its prompt "you > ", a word and a ">"
  apart by a blank, is read by no rule either (``line_chat_prompt`` takes a word glued to
  ">", or a pointer before a word): each capture reads working from its start-up's first
  CPU sample (1.35 s) to its exit, no idle and no turn end seen (in stream, where no
  sample came before the Enter, idle 7.1-8.0 s while the model is silent). No false
  blocked (its negatives' typed and quoted prompts none). Since generic .49 its prompt
  is read (a word and a ">" apart by a blank): 0/6, 0 false blocked, 0.962. Since .70 (a
  line prompt of words apart by slashes ending in a prompt's glyph, under a row asking
  leave to act at most six rows above it: ``line_slash_choices_permission``, no keys read,
  its subject the question's row and the rows its call wraps to, partial when one is cut
  with "..."): 6/6, 0, 0.988.
* **vtx 1.3.0 and 1.2.2** (``tests/heldout/vtx-1.3.0/``, ``tests/heldout/vtx-1.2.2/``,
  PyPI ``vtx-coding-agent``, the program ``vtx``, a new agent: a Textual full-screen TUI,
  its logo and key hints, the transcript of blocks (the user's line, the model's words, a
  tool's block "$ bash <command> (no output)"), a spinner's row "⠼ <a joke>...... (esc to
  interrupt)" while a turn runs, "5s • 1x" after it, then its input box between two rules
  ("› Ask anything · / commands · @ files"; 1.2.2: "›" alone) over two status rows (the
  directory and the context used; "⏹ approvals: prompt", 1.2.2 "⏹ prompt", the model);
  before a shell command, in the bash tool's block in the transcript, each row behind a
  bar "▌": "△ Permission required", "$ bash <command>" (a long one wrapped, the 61-line
  one cut to its first two rows and "... (59 more lines)"), then two buttons on one row,
  "[y] approve   [n] deny   (← → enter)", the selected one in the accent colour, the
  spinner's row going on under the block, answered by the key alone (n: the model is
  told and answers); no question recorded) was measured once unseen (the rules of
  1a5d718, 2026.12.06.47): 0/6 dialogs on each, 0 false blocked, turn end p50/max 49/71
  ms (1.3.0) and 54/56 ms (1.2.2), agreement 0.856 (1.3.0) and 0.854 (1.2.2). What it
  showed where the fallback was wrong: its buttons on one row, key-led ("[y] approve",
  "[n] deny") with an arrow-and-enter hint after them, in a block of the transcript behind
  a bar, no question above them (the block's title "△ Permission required"), and a
  running turn's spinner row "(esc to interrupt)" between them and the input box: no rule
  reads it as a dialog, so each approval reads working from the Enter to the turn's end.
  Its input box between two rules is a composer (``tui_composer_rules``): every turn end
  and its start-up's idle are seen. No false blocked (its negatives' typed buttons in the
  input box and the quoted block in the answer none). Since generic .49
  (``tui_keys_over_spinner``: key-led buttons, one approving and one declining, over a
  running turn's spinner row) every approval is found, the 61-line one partial (its
  "... (59 more lines)"): 6/6 on each, 0 false blocked, 1.000 and 1.000.
* **CoreCoder 0.8.0 and 0.7.0** (``tests/heldout/corecoder-0.8.0/``,
  ``tests/heldout/corecoder-0.7.0/``, PyPI ``corecoder``, the program ``corecoder``, a new
  agent: a line-mode chat, a banner panel ("CoreCoder v0.8.0", its model and base URL, its
  permissions' mode), everything scrolling up the main screen, its prompt prompt_toolkit's
  line prompt "You > " alone on its row; nothing drawn while the model is asked, the answer
  streamed under the user's line with no spinner; before a shell command (and a write or
  an edit) the call's row "> bash(command='...')", then "permission requested:
  bash(command='...')" (its arguments cut at 40 characters each, a multi-line command's
  rows joined by "\\n" on one row, the 61-line one cut the same), then prompt_toolkit's
  line prompt "  [y] allow once  [a] always allow this tool  [n] deny: " on the cursor's
  row, answered by a line (y or n, then Enter; refused, the model is told and answers),
  left printed with the answer after it; no question tool; no interrupt recorded) was
  measured once unseen (the rules of 5bd0ba0, 2026.12.06.47, replayed with activity):
  6/6 dialogs on each, 5 false blocked on each, blocked p50/max 48/53 ms (0.8.0) and
  48/54 ms (0.7.0), no turn end seen (8 missed on each), agreement 0.490 (0.8.0) and
  0.617 (0.7.0). What it showed where the fallback was wrong: each live line prompt is
  found (``tui_dialog_keys``: key-led options on one row, "[y] allow once", "[n] deny"),
  but the answered one, left printed as it was with the answer typed after it
  ("... [n] deny: y"), reads the same: blocked from the dialog on, through the command,
  the answer and the turn's end, until the run leaves (command-approve, command-deny,
  long-command, multiline: 4 of the 5; multiline's second and third dialogs come while it
  still reads blocked), and the line prompt quoted in its negatives' answer reads blocked
  from the turn's end to the exit (1). Its prompt "You > ", a word and a ">" apart by a
  blank, is read by no rule (``line_chat_prompt`` takes a word glued to ">", or a pointer
  before a word): no turn end is seen, each capture working from its first Enter (or, 6
  of 7 captures of 0.8.0 and 2 of 0.7.0, from a CPU sample of its start-up) to its first
  dialog or its exit. With generic .49 (written before it was looked at: "you > " a chat
  prompt) 6/6 on each, 5 false blocked on each, 0.744 (0.8.0) and 0.742 (0.7.0). Since .50
  (key-led options on the cursor's row ending in a colon glued to the last one,
  ``line_keys_permission``; that row left printed with its answer after it, the cursor
  gone from it, no dialog): 6/6, 0 false blocked, 0.989 and 0.984.
* **DevCoder 0.1.0** (``tests/heldout/devcoder-0.1.0/``, PyPI ``dev-coder``, the program
  ``dev-coder``, its only release, a new agent: a Textual full-screen TUI, at start its
  logo over its input card ("Ask anything... "Fix a TODO in the codebase"" over "Build  •
  gpt-4"), then its transcript (the user's line behind a bar, "▣ Build • gpt-4" over the
  model's words, a tool's block "✓ Running command <command>" and its result) beside a
  side panel, over its input card, whose footer is "Build • gpt-4 DevCoder Zen ... esc
  interrupt" at rest and a loading bar "━━━━━━━╸━━━━━━━" (its marker sweeping) beside the
  same "esc interrupt" while the model is asked and a tool runs; before a shell command a
  modal box of thick half-block edges ("█▀▀▀█", "█", "█▄▄▄█") over the middle of the
  screen: "⚠" (its title "⚠️ Action Required" cut to the glyph), "Agent wants to execute
  run_bash", the call's JSON in a box (drawn a moment after the box, cut at its edge), "Do
  you want to allow this action?", then, two rows under it, two buttons side by side,
  "Approve" and "Deny", each between a row of "▔" and one of "▁", one blank apart, no key
  hints, answered by Enter on the focused one (Approve; Tab and Enter refuse: the model is
  told and answers); no question) was measured once unseen (the rules of 5bd0ba0,
  2026.12.06.47, replayed with activity): 0/6 dialogs, 0 false blocked, turn end p50/max
  3988/4202 ms (5 of 8 not seen), agreement 0.589. What it showed where the fallback was
  wrong: its buttons are the edged buttons ``tui_dialog_buttons_edged`` reads (two rows of
  "▔" and "▁" side by side, "Approve" between them), but its question's row ends with the
  modal's half-block edge "█" after the "?", where that rule takes only a box's bar, so no
  question is read above them and each approval reads working from the Enter to the
  turn's end; its footer's "esc interrupt", drawn at rest as well, reads as a running
  turn's hint (``tui_working_turn``): every screen once a prompt is sent reads working, a
  turn's end only seen where its activity goes quiet for about 4 s (3 of 8; not in
  answer, stream, command-approve, long-command), the Esc's interrupt idle 4.8 s late; its
  start-up's screen (the logo over the bare input) is read by no rule: idle from its
  activity. No false blocked (its negatives' typed and quoted modal none). With generic
  .51, before it was looked at: the same. Since .52 (a question's row may end with a
  modal's half-block edge, ``tui_dialog_buttons_edged``): 6/6, 0 false blocked, 0.635 (its
  footer's hint left). Since .56 (a footer's bare hint far right of its row's words is no
  running turn's; a bar composer's rows may end in a sidebar's edge that goes on up the
  screen): 6/6, 0, turn end p50/max 40/80 ms, 0.949.
* **lindwyrm 0.9.0 and 0.8.1** (``tests/heldout/lindwyrm-0.9.0/``,
  ``tests/heldout/lindwyrm-0.8.1/``, PyPI ``lindwyrm``, the program ``lindwyrm``, a new
  agent: a line-mode chat, everything scrolling up the main screen under its banner
  ("lindwyrm - coding agent", its preset, thinking, root and permissions), its prompt
  "you ›", a spinner's row "⠋  working…    2s" while the model is asked, the model's name
  over its answer; before a shell command the call's row "→ bash <command>" and "  BASH
  requested: run: <command>" (every row of a long one printed), then the line prompt
  "  Allow? [y]es / [n]o / [a]lways (bash) / [q]uit: " on the cursor's row, answered by a
  line (y and Enter; n refuses: "  error Bash declined by user.", the model is told and
  answers); Ctrl+C in a turn prints "(interrupted)" and its prompt; no question) was
  measured once unseen (the rules of 5bd0ba0, 2026.12.06.47, replayed with activity): 0/6
  dialogs on each, 0 false blocked, turn end p50/max 40/40 ms on each, agreement 0.963
  (0.9.0) and 0.963 (0.8.1). What it showed where the fallback was wrong: its line prompt
  is a question asking leave ("Allow?") with each key in brackets glued to its word
  ("[y]es", "[n]o", "[a]lways (bash)", "[q]uit") and a colon, on the cursor's row:
  ``line_glued_keys_permission`` reads such keys only on a question over a prompt row
  (">", "❯") the cursor is on, ``line_keys_permission`` only keys that lead their row
  ("[y] yes ..."), ``yes_no_permission`` only a key list in one pair of brackets ("[y/n]"),
  so no rule reads it and each approval reads working from the Enter to the turn's end;
  its prompt "you ›" is a chat's prompt (``line_chat_prompt``): every turn end and its
  start-up's idle are seen; its negatives' typed prompt reads working 0.3 s before its
  Enter. No false blocked (its negatives' typed and quoted prompt none). With generic .51,
  before it was looked at: the same. Since .52 (such keys on the cursor's row ending in a
  colon, ``line_glued_keys_permission``, what it asks about the paragraph above it, every
  row of a multi-line command): 6/6 on each, 0 false blocked, 0.995 and 0.995.
* **Letta Code 0.25.9 and 0.25.3** (``tests/heldout/letta-0.25.9/``,
  ``tests/heldout/letta-0.25.3/``, npm ``@letta-ai/letta-code``, the program ``letta``, a
  new agent: an Ink screen on the main screen, its composer "›" (0.25.3: ">") alone between
  two rules over a footer row, a status row "≡ Letta Code is ruminating… (esc to
  interrupt)" over it while a turn runs; before a shell command, in the composer's place,
  "Run this command?", "  $ <command>", then "❯ 1. Yes", "  2. Yes, and don't ask again
  for '<command>' in this project" (not for every command), "  N. No, and tell Letta Code
  what to do differently", "Enter to select · Esc to cancel", answered by Enter (Esc
  refuses: "Approval cancelled", the turn stops); its question, numbered options each over
  its description under "Which color do you prefer?") was measured once unseen (the rules
  of 1d15929, 2026.12.06.53, replayed with activity): 7/7 dialogs on each, 0 false
  blocked, blocked p50/max 77/86 ms and 58/78 ms, turn end p50/max 44/62 ms and 53/57 ms,
  agreement 1.000 and 1.000: its permission is ``tui_dialog_list``'s, its question
  ``tui_question_list``'s, its status row ``tui_working``'s.
* **Pairwit 0.0.14 and 0.0.10** (``tests/heldout/pairwit-0.0.14/``,
  ``tests/heldout/pairwit-0.0.10/``, PyPI ``pairwit``, a new agent: a Textual full-screen
  TUI, its transcript of framed wells over its composer "> Ask Pairwit anything… (Ctrl+O
  to attach)" under one rule and a row of shortcuts ("… ⌃P menu  ·  ↵ send"; "Esc cancel
  ·  ↵ queue" while a turn runs); before a shell command a modal box of tall bars ("▊▔
  APPROVAL REQUIRED  ▔▔▔▎") over an otherwise blank screen: "PAIRWIT  ·  SECURITY GATE",
  "Approve this action to continue", "Run shell command  ·  bash", the command, "The agent
  is paused. Nothing runs until you decide.", the hints "Enter Once · N Deny · 2 Session ·
  3 Always", then a box of four options each led by its key, "1  Once", "N  Deny", "2
  Session", "3  Always", the first highlighted by colour only; Enter approves, n refuses
  (the model is told and answers); no question) was measured once unseen (the rules of
  1d15929, 2026.12.06.53, replayed with activity): 0/6 dialogs on each, 0 false blocked,
  turn end p50/max 853/940 ms (3 of 8 not seen) and 923/2586 ms (2), agreement 0.722 and
  0.754. What it showed where the fallback was wrong: its modal asks with no question
  mark, no pointer and no bracketed key (its options led by a bare key, its hints "KEY
  word" pairs), read by no rule, so each approval reads working from the Enter to the
  turn's end; its composer, one rule over it and none under it, is read by no rule: idle
  only from its activity, turn ends late or not seen. No false blocked (its negatives'
  typed and quoted modal none). Since generic .54 (a modal's key hints pairing each key
  with its answer over a framed list led by bare keys, ``tui_dialog_key_hints``; a modal
  titled on its top edge, ``tui_dialog_titled_modal``, for the 61-line command that pushes
  its hints out of it; a composer under one rule over a footer of items,
  ``tui_composer_rule_footer``; a row of loading dots before words): 6/6 on each, 0 false
  blocked, 0.986 (0.0.14) and 0.989 (0.0.10).
* **tinyharness 0.1.0** (``tests/heldout/tinyharness-0.1.0/``, PyPI ``tinyharness-lm``,
  its only release, a new agent: a prompt_toolkit chat on the main screen under its banner,
  whose last row is a legend of keys ("/ commands  ·  shift+tab mode  ·  ctrl+o expand /
  collapse output  ·  ctrl+c interrupt  ·  ctrl+d exit"); its composer a framed "│❯ Ask
  anything, or type / for commands │" over "  ○ ask · shift+tab to switch"; "⠋ Working… 2s
  · ctrl+c to interrupt" while a turn runs; before a shell command the call in a rounded
  frame, "Run this command?" over "   ❯  1. Yes" and "      2. No, and tell it what to do
  instead  esc", answered by Enter (2 or Esc refuses: "■ Stopped.", the model not told);
  no question) was measured once unseen (the rules of 173b1a6, 2026.12.06.53, replayed with
  activity): 6/6 dialogs, 1 false blocked, blocked p50/max 54/65 ms, turn end p50/max
  238/262 ms (2 of 8 not seen), agreement 0.486. What it showed where the fallback was
  wrong: its banner's legend lists "ctrl+c interrupt" among the keys and stands in the
  bottom 10 rows until the conversation pushes it up, read as a running turn's hint
  (``tui_working_turn``): working from its start-up on, turn ends seen only once it scrolls
  away; the dialog its negatives' answer quotes reads as live for 0.1 s (1 false blocked).
  Since generic .54 (a legend of keys listing the key to leave among them is no running
  turn's hint): 6/6, 1 false blocked (the quoted dialog's 0.1 s), 0.979.
* **Joshu 0.3.0** (``tests/heldout/joshu-0.3.0/``, PyPI ``joshu``, its only release, a new
  agent: a prompt_toolkit chat on the main screen, its composer "> " between two rules over
  "  ? for shortcuts"; "✦ Thinking… (0s · esc to interrupt)" while a turn runs; before a
  shell command the call in a box, then " Do you want to run this command?" over "   ❯  1.
  1. Yes" and "      2. 2. No, and tell Joshu what to do differently (esc)" (each number
  drawn twice), answered by Enter (Esc refuses, then asks a line: Enter skips it, the model
  is told and answers), left printed once answered; no question) was measured once unseen
  (the rules of 173b1a6, 2026.12.06.53, replayed with activity): 0/6 dialogs, 5 false
  blocked, turn end p50/max 40/40 ms (1 of 8 not seen), agreement 0.529. What it showed
  where the fallback was wrong: no option's word follows its number ("1. 1. Yes"), and the
  user's line under a rule above the question ("> make the output directory") was taken
  for a composer under the options, so the live dialog is read by no rule; answered and
  left printed under the tool's call row and the running turn's spinner, it reads as a
  question (``tui_question_marked``, ``tui_question_pointer``) until the turn ends (5 false
  blocked); its start-up's numbered tip "3. Press Esc to interrupt, /rewind to undo a
  request" reads as a running turn's hint: working from its start-up to the first turn's
  end. Since generic .54 (numbered options under a question that asks to act, the
  composer veto only for a prompt near the bottom, an answered list's tool call row or
  interrupt hint under it, a start-up's numbered tip): 6/6, 1 false blocked (a frame of
  70 ms between the refusal's answer and the composer), 0.962 (its interrupt's spinner,
  left running by the agent after the Esc, reads working: 0.721 on that capture). Since
  .56 (a tool's result row, "⎿  Permission denied", under options answers them): 0 false
  blocked, 0.963.
* **Windcode 0.4.5** (``tests/heldout/windcode-0.4.5/``, PyPI ``windcode``, a new agent: a
  Textual full-screen TUI whose words are Chinese, its composer "█    输入任务, 或输入 / 使用命令"
  behind a full block's bar over a status row whose first word is its state ("空闲" idle,
  "运行中" running, "已完成" done); "⠹ 处理中...  (3s)" while a turn runs; before a shell
  command a box between the transcript and the composer, "需要授权 · critical", "bash:
  <command>", "是否继续执行?" over "> 1. 仅本次允许", "2. 拒绝", "3. 取消命令", answered by Enter
  (Esc refuses: the model is told and answers); its question a prompt over a Textual Select
  ("▊  Select ... ▼  ▎") and a button "提交") was measured once unseen (the rules of
  84e7fbc, 2026.12.06.54, and of d9ed1a9, .53, the same, replayed with activity): 6/7
  dialogs (every approval; not its question), 0 false blocked, turn end p50/max 1101/1491
  ms (1 of 8 not seen), agreement 0.810. What it showed where the fallback was wrong: its
  question, a select box and a button, is read by no rule; its composer behind a full
  block "█" is read by no rule (``tui_composer_bar`` took "┃", "│", "▎", "▌"): idle only
  from its activity, turn ends 1.1 s late. Since generic .55 (a composer behind a full
  block's bar): 6/7, 0 false blocked, turn end p50/max 40/70 ms, 0.964; its question left.
  Since .56 (a question over a drop-down field, ``tui_question_select``): 7/7, 0, 0.999.
* **Aelix 0.1.0b2** (``tests/heldout/aelix-0.1.0b2/``, PyPI ``aelix-coding-agent`` with its
  ``tui`` extra, its only release, a new agent: a prompt_toolkit chat on the main screen
  under a banner whose box ends with the legend "/help for commands • Ctrl+C to interrupt
  • Ctrl+C twice to exit"; its composer "❯ Type your message or @path/to/file" over a
  footer "● default  ·  📂 <cwd>  ·  ✱ gpt-4o  ·  🧠 off  ·  ◔ 0% · 0/128K"; "⠙ Working…
  (3s · esc to cancel)" over the composer while a turn runs; before a shell command,
  under the call's row "● bash(<command>)", a panel titled "Run shell command?" holding
  the command, then "→ 1. [y] Yes", "2. [s] Yes, for this session", "3. [n] No" and the
  hints "↑/↓ to move · 1-3 / y·s·n · Enter to confirm · Esc to deny", its turn's working
  row drawn on under them; Enter approves, n refuses (the model is told and answers); no
  question) was measured once unseen (the rules of 69961e0, 2026.12.06.55, replayed with
  activity): 4/6 dialogs, 1 false blocked, turn end p50/max 923/1043 ms (3 of 8 not seen),
  agreement 0.434. What it showed where the fallback was wrong: its banner's legend reads
  as a running turn's hint while it stands in the bottom rows (``tui_working_turn``); its
  composer over its footer is read by no rule (idle from its activity, 0.9 s late); its
  list with the turn's spinner right under the hints reads as a list quoted over a running
  turn (command-deny's not found), and where the panel's title scrolled away its options
  "1. [y] Yes" (a key before the word) read as a question (long-command: 1 false blocked,
  the wrong kind). Since generic .56 (a legend apart by "•" naming "Ctrl+C twice to exit";
  a composer glyph over a footer of four items or more; a spinner right under a list's
  hints is its own turn's, waiting; a bracketed key before an option's word): 6/6, 0,
  turn end 108/133 ms, 0.997.
* **ClarAIty Code 1.2.0 and 0.14.1** (``tests/heldout/claraity-1.2.0/``,
  ``tests/heldout/claraity-0.14.1/``, PyPI ``claraity-code``, a new agent: a Textual
  full-screen TUI, its transcript behind a bar "█" closed by a full-width rule, a status
  row under it ("   gpt-4o" at rest, "  ⠼ Streaming | 00:02" while a turn runs), an empty
  framed composer of three rows and a footer of keys; before a shell command, under the
  call's card ("│[-] $ <command>  │"), a rounded box in the transcript: "?  Allow this
  action?" over "1  Yes", "2  Yes, allow all run_command this session", "3  Provide
  alternative instructions" (the selection a colour), "Esc  cancel   Enter  confirm",
  answered by Enter (Esc refuses and ends the turn); its question a square box of tabs,
  the question, "> 1. red" ... "5. Chat about this" and "Enter to select . Tab/Arrow keys
  to navigate . Esc to cancel") was measured once unseen (the rules of 69961e0,
  2026.12.06.55, and the day's .56 draft before it, the same, replayed with activity): 0/7
  dialogs on each, 0 false blocked, turn end p50/max 42/63 and 55/63 ms, agreement 0.884
  and 0.879. What it showed where the fallback was wrong: every dialog is drawn in the
  transcript over the screen's own rows (the rule, the status row, the composer's box,
  the footer), where every list rule wants its hints last on the screen: read by no rule.
  Since generic .56 (a dialog box right over the rule that closes the transcript,
  ``tui_dialog_box_over_rule``): 7/7, 0, 0.967 and 0.962 (its screen lags its keys by 0.3
  to 0.8 s; 0.14.1 freezes, the dialog still drawn, while an approved command runs).
* **Command Code 1.64.0 and 1.54.2** (``tests/heldout/commandcode-1.64.0/``,
  ``tests/heldout/commandcode-1.54.2/``, npm ``command-code``, a new agent: an Ink screen,
  its composer "❯ Ask your question..." between two rules over "  ? for shortcuts ·
  taste off (byok)", a status row over it while a turn runs (" ○ Razzmatazzing…  esc to
  interrupt • 2s • ↓ 0"), each answer behind a still glyph "⠶" and each turn's end marked
  "✻ Worked for 9s"; before a shell command, in the composer's place, "Execute Shell
  Command", "Command Code needs to execute <command>.", "❯ 1. Yes", "2. Yes, don't ask
  again for `<program>` commands in this project", "3. No, tell Command Code what to do
  differently" and "↑/↓ navigate · enter select · ctrl+e explain · ..."; its question in
  the same place, "● Color | ◯ Review", the question, "❯ 1. red" ...) was measured once
  unseen (the rules of 69961e0, 2026.12.06.55, and the day's .56 draft, the same,
  replayed with activity): 7/7 dialogs on each, 0 false blocked, agreement 0.932 on each,
  4 of 9 turn ends not seen: the glyph "⠶" before an answer reads as a spinner's
  (``tui_working``) until it leaves the bottom rows. Since generic .56 (a braille glyph over
  a finished turn's summary, "✻ Worked for 1s", with none under it, is no spinner): 7/7,
  0, 1.000 on each.
* **Gemma 0.2.1** (``tests/heldout/gemma-0.2.1/``, npm ``boten-gemma``, its only release, a
  new agent: a Node readline chat, its prompt "You: ", its own log rows printed after it
  at start ("[gateway] Gemma is ready") and during a turn ("[llm] Calling gpt-4o
  (iteration 1/25, messages: 1)"), no spinner, each answer printed whole ("Gemma: ...");
  before a shell command "  Gemma wants to perform 1 action(s):", "  [0] exec
  (command="<command>")" (a multi-line command's newlines written "\n", a long one
  wrapped), then "  Approve? (a)ll / (n)one / comma-separated numbers (e.g. 0,2)" over the
  prompt "  >", answered by a line (n refuses: the model is told and answers); no
  question on screen, no interrupt) was measured once unseen (the rules of dbd5929,
  2026.12.07.56, replayed with activity): 0/6 dialogs, 0 false blocked, turn end p50/max
  40/488 ms, agreement 0.410. What it showed where the fallback was wrong: its keys glued
  to "all" and "none" are no "(y)es" and "(n)o", so its approvals are read by no rule and
  the "  >" under them as its chat's prompt (idle); a silent model reads idle 5 s after
  its last log row. Since generic .57 (an all-or-none question with its keys glued,
  ``line_glued_keys_permission``, its subject the actions' paragraph): 6/6, 0, 0.555.
* **coderio 0.6.1 and 0.6.0** (``tests/heldout/coderio-0.6.1/``,
  ``tests/heldout/coderio-0.6.0/``, PyPI ``coderio``, a new agent: a Textual full-screen
  TUI whose words are mostly Chinese, its input bar a framed box holding its placeholder
  "输入消息, /help 看命令, Esc 中断任务" over a status row ("(就绪)" at rest, "⠙ 步骤1 · 思考中 ·
  2.6s" while a turn runs), each answer printed whole in a box titled "coderio"; before a
  shell command a rounded box inside the input bar, "⚠ execute(command='<command>')" (its
  repr on one row, cut at the box's edge) over "✅ 允许执行", "❌ 拒绝", "✎ 自定义回复",
  the turn's status row drawn on right under it, answered by Enter (Esc refuses: the
  model is told and answers); no question) was measured once unseen (the rules of
  dbd5929, 2026.12.07.56, and .57, the same, replayed with activity): 0/6 dialogs on each,
  0 false blocked, turn end p50/max 936/1123 and 882/1060 ms (1 of 8 not seen), agreement
  0.837 and 0.849. What it showed where the fallback was wrong: its approving and
  declining options are read by the catch-all (``tui_dialog_options``), but the turn's
  spinner row under them marks a list past, so no dialog is read; its answers, printed
  whole, and its status row leave turn ends to its activity (0.9 s late). Since generic
  .58 (the turn's own spinner row right under the dialog's closed box, last but two rows,
  is the turn waiting on it): 6/6, 0, 0.914 and 0.927; its options, drawn behind emoji
  with the selection a colour, are not read (``answer`` refuses it: answer it in its
  pane), nor is its one-row, cut command.
* **Ajna 0.1.1 and 0.1.0** (``tests/heldout/ajna-0.1.1/``, ``tests/heldout/ajna-0.1.0/``,
  PyPI ``ajna-cli``, a new agent: a line-mode chat on Python's ``input()``, everything
  scrolling up the main screen under its banner "ajna  v0.1.1", "/help for commands ·
  Ctrl-C to interrupt"; its prompt "›"; "⠼ thinking (2s · esc to interrupt)" while the
  model is silent, gone at its first words; a paragraph longer than a row shows nothing
  until it ends; before a shell command "● shell <command>", "  Run this command
  <command>" and "  $ <command>" (a multi-line command's later rows at the margin), then
  "  [y] yes   [n] no   [a] always allow shell:sleep 3*   [s] always this session" over
  the line prompt "  > " on the cursor's row, answered by a line (n: the model is told
  and answers); no question) was measured once unseen (the rules of 70df3c3,
  2026.12.07.59, replayed with activity): 0/6 dialogs on each, 0 false blocked, turn end
  p50 40 ms (5 of 8 not seen), agreement 0.640 and 0.639. What it showed where the
  fallback was wrong: its banner's "/help for commands · Ctrl-C to interrupt" stands in
  the bottom rows and reads as a running turn's hint from its start-up on
  (``tui_working_turn``), so turn ends are not seen; its keys' row sits on the row above
  its prompt, which no line-mode rule read (they want the keys and the prompt on one row,
  or a question before the keys). Since generic .61 (a command's help before the hint,
  apart by "·", is a legend; a row of bracketed keys right over a bare prompt glyph on
  the cursor's row is a line-mode permission, its "$ " row and the rows under it its
  subject, required): 6/6, 0, 1.000 on each, its options read and answered with the key
  and Enter; the 61-line command's "$ " row scrolled away: partial.
* **CrabCode 0.1.8 and 0.1.7** (``tests/heldout/crabcode-0.1.8/``,
  ``tests/heldout/crabcode-0.1.7/``, PyPI ``crabcode``, a new agent: a prompt_toolkit REPL
  with Rich panels on the main screen, "  ● Ready" over its composer, a rounded box
  titled "CrabCode" holding "│ ❯ │" whose bottom edge is its hints ("╰─ Enter sends ·
  Alt+Enter / Ctrl+J newline · Ctrl+D exits ─╯"); "  ⠸ Thinking… (2s)", "  ⠼ Running…
  (3s)" over it while a turn runs; each answer printed whole; before a shell command the
  call's box titled "⚠ Bash" holding the command, its composer gone, and the line prompt
  "  Allow Bash? (y)es / (n)o / (a)lways allow / (f)eedback: ", answered by a line; its
  AskUser tool's question over "❯ ● red", "○ green", "○ blue" and "↑↓ navigate · enter
  select · esc cancel", answered by Enter and left printed with "↳ User selected: red")
  was measured once unseen (the rules of 70df3c3, 2026.12.07.59, replayed with activity):
  7/7 dialogs on each, 1 false blocked, blocked p50/max 40/64 and 47/69 ms, agreement
  1.000 on each. What it showed where the fallback was wrong: the answered question,
  left printed over the answer and the composer back, was read as live through the
  composer's own hints ("Enter sends · Alt+Enter") for the 1.2 s until the session ended
  (1 false blocked). Since generic .61 (an empty composer's box, "│ ❯ │", under the
  options is no live dialog: a dialog replaces it): 7/7, 0, 1.000 on each.
* **pcli 0.2.0 and 0.1.0** (``tests/heldout/pcli-0.2.0/``, ``tests/heldout/pcli-0.1.0/``,
  PyPI ``pcli-agent``, a new agent: a Textual full-screen TUI, its transcript of blocks
  under a speaker's name ("█ You", "█ pcli") over a status row (" model: gpt-4o   cost:
  ...", "⠹ Working..." before it while a turn runs) and its composer in a rounded box, its
  placeholder "Ask pcli... (/help for all commands — Enter to send, Ctrl+J for a
  newline)"; before a shell command a modal over a blanked screen, framed in full blocks
  ("█▀▀█", "█", "█▄▄█"): "Tool wants to run: run_shell", the call's arguments as a Python
  dict ("{'command': '<command>'}", cut at 800 characters: "... [132 more chars
  truncated]"), "Executes an arbitrary shell command.", then its buttons centred on two
  rows, "Allow Once", "Allow for Session", "Allow Always", "Deny", none focused (Tab, then
  Enter); its question in the same modal, each option a centred button over a text
  field) was measured once unseen (the rules of 70df3c3, 2026.12.07.59, replayed with
  activity): 0/7 dialogs on each, 0 false blocked, turn end p50 40 ms, agreement 0.887 on
  each. What it showed where the fallback was wrong: no rule knew a modal framed in full
  blocks with no question mark, no key hints and its buttons on rows of their own, so each
  dialog read as the quiet screen (idle). Since generic .62 (a modal in full blocks drawn
  last over a blanked screen, an approving and a declining button centred in it: a
  permission, its rows above the buttons its subject, partial where a row says the rest
  is cut; a "?" row over centred one-word buttons: a question): 7/7, 0, 0.994 (0.2.0); no
  options read (none focused: ``answer`` types nothing).
* **Hazzel 1.6.2 and 1.6.1** (``tests/heldout/hazzel-1.6.2/``,
  ``tests/heldout/hazzel-1.6.1/``, PyPI ``hazzel``, a new agent: a line-mode chat drawn
  with Rich, its composer "❯" between two rules over a status row ("  gpt-4o · 2.8%/65k
  (auto) · build · @ tag · ! bash · /exit"), gone while a turn runs; "⠋ Working…  ·  ctrl+c
  to cancel" while it runs, each answer printed whole; before a shell command "Hazzel
  wants to run: <command>" (a multi-line command's later rows at the margin) over the
  line prompt "Allow? [y/N]: ", answered by a line (n or Enter alone refuses: the model is
  told and answers); no question) was measured once unseen with the rules of its day
  (2026.12.07.60) and again with .62, nobody having looked at its screens: 6/6 dialogs
  on each, 0 false blocked, blocked p50/max 40/40 ms, turn end p50 40 ms, agreement 1.000
  on each, every command read whole as its subject (the 61-line one partial). Nothing
  was written from it.
* **codii 0.1.0** (``tests/heldout/codii-0.1.0/``, PyPI ``codii``, its only release, a new
  agent: prompt_toolkit and Rich on the main screen, its composer "❯" between a rule
  titled "codii (shift+tab to cycle modes)" and a rule over a context row, gone while a
  turn runs (the prompt echoed in a box titled "❯", a spinner's row "⠸ thinking…"); before
  a shell command a call's row "  bash()", its parentheses empty (the command is not
  shown), over "❯ Allow      Deny" on the cursor's row ("  Allow    ❯ Deny" once moved),
  answered by one key (y or Enter allows, n or Esc refuses), the row left in the
  transcript; no question) was measured once unseen with the rules of its day
  (2026.12.07.60) and again with .62, nobody having looked at its screens: 0/6 dialogs, 0
  false blocked, turn end p50 56 ms, agreement 0.956. What it showed where the fallback
  was wrong: two choices alone on the cursor's row, the pointer before one, were read by
  no rule (a question or a word before them, or a box, was wanted), so each approval read
  as the turn running. Since generic .63 (two choices on the cursor's row, three blanks
  apart, the pointer before one, one approving and one declining: a permission, ←/→ and
  Enter): 6/6, 0, 0.991; partial, as nothing on screen says what it would run (``answer``
  refuses it).
* **langrepl 1.12.1 and 1.11.2** (``tests/heldout/langrepl-*``, PyPI ``langrepl``, a new
  agent: a prompt_toolkit REPL drawn with Rich on the main screen, its prompt "❯" with the
  agent and model as a placeholder right of the cursor, "❯ claude-style-coder:haiku-4.5",
  under a blank row, over its toolbar on the last row; gone while a turn runs, a spinner's
  row "⠧ Randomizing..."; before a shell command the call's rows "⚙ run_command",
  "  command : <command>", then "Allow running run_command ? : <command>" over a prompt
  "❯" of its own with its completion menu open under it ("allow", "always allow",
  "deny", "always deny"), answered by a typed word and Enter; no question) was measured
  once unseen with the rules of its day (2026.12.07.63) and again with .64, nobody having
  looked at its screens: 6/6 dialogs on each, 0 false blocked, turn end p50 870 / 950 ms,
  agreement 0.825 / 0.838. What it showed where the fallback was wrong: a prompt glyph
  with a placeholder right of the cursor was read as no prompt (the prompt rules read
  the whole row), so a turn's end read idle only 5 s later. Since generic .65 (the glyph
  alone left of the cursor, under a blank row: the chat's prompt, whatever is right of
  it; not right under the dialog's question, where an answer is typed): 6/6, 0, 1.000 on
  each. Its dialog's options, a completion menu with no selection shown, are not read
  (``answer`` refuses it); its subject is the call's rows.
* **ChCode 0.1.5 and 0.1.4** (``tests/heldout/chcode-*``, PyPI ``chcode``, a new agent: a
  prompt_toolkit REPL drawn with Rich on the main screen under a banner box whose legend
  reads "Ctrl+C to interrupt | Tab to toggle mode | /quit to exit", its composer " >"
  between two rules over a status row; the prompt sent left under the upper rule, nothing
  drawn while the model is asked (no spinner), the answer streamed; before a shell command
  "[HITL] bash" and the command over a questionary menu "? Action: (Use arrow keys)",
  "» approve", "  reject"; no question) was measured once unseen with the rules of its day
  (2026.12.07.63) and again with .65, nobody having looked at its screens: 6/6 dialogs on
  each, 0 false blocked, agreement 0.524 / 0.529. What it showed where the fallback was
  wrong: the banner's legend read as a turn running (the legends left out were apart by
  "·" or "•", their exit a key), so its composer at rest read working; and the prompt
  sent under the composer's rule, the banner box's closing edge above it, read as an
  empty input area between two rules (idle) while the model was asked. Since generic .66
  (a legend apart by "|" that names the command to leave is no turn; a prompt glyph with
  words under the lower rule is no empty input area; the prompt sent under a rule, the
  cursor on the empty row under it, nothing else drawn: a turn running): 6/6, 0, 0.985 /
  0.963.
* **pooh-code 2.0.0** (``tests/heldout/pooh-2.0.0/``, PyPI ``pooh-code``, its one release
  that asks, a new agent: a line-mode chat read with ``input()``, its prompt
  "[<session> --/400k] You > ", no spinner, each answer printed whole at the turn's end;
  before a shell command "[pooh-code] 命令执行审批", "cwd: <dir>", "command: <command>" over
  the line prompt "允许执行吗？输入 y 同意，n 拒绝: ", answered by a line; no question) was
  measured once unseen with the rules of its day (2026.12.07.63) and again with .65,
  nobody having looked at its screens: 0/6 dialogs, 0 false blocked, agreement 0.437.
  What it showed where the fallback was wrong: a line prompt that names its keys with
  what each does ("y 同意，n 拒绝") was read by no rule, and its prompt, "You >" after a
  status in brackets, was no prompt (a turn's end read idle only after 5 s). Since
  generic .66 (y with an approving word and n with a declining one on the cursor's line,
  ending in a colon or a question mark: a permission, y or n and Enter, its subject the
  paragraph above; a status in brackets before a chat's "Word >"): 6/6, 0, 1.000.
* **Quoriv 1.7.0 and 1.6.2** (``tests/heldout/quoriv-*``, PyPI ``quoriv``, a new agent: a
  prompt_toolkit application drawn inline, Rich output, its composer an empty box titled
  "| quoriv |" with the cursor in it over a status row, drawn all the time; "  ▸
  <verb>…" right over it while the model is asked; before a shell command a Rich panel
  "approval required" with the call's arguments, a rule, then a picker over the composer:
  "Approve execute?", "Pick how to handle this tool call.", "> 1. approve   Approve
  once", "  2. approve_always ...", "  3. reject   Reject", "up/down navigate   Enter
  select   Esc cancel"; no question) was measured once unseen with the rules of its day
  (2026.12.07.65) and again with .66, nobody having looked at its screens: 0/6 dialogs, 0
  false blocked, agreement 0.613 / 0.624. What it showed where the fallback was wrong: a
  numbered list with its hints was read only with nothing but a box's closing rows under
  the hints, not over a composer's empty box; its composer, an empty box with the cursor
  in it and no prompt glyph, was no prompt; and its status word, no spinner's glyph, was
  no work. Since generic .67 (the picker over an empty composer box, its subject the box
  right above its question, a rule between them or not; an empty box with the cursor on
  its first row, the composer; a glyph and a word ending in an ellipsis right over the
  composer, a turn running): 6/6, 0, 0.969 / 0.976, the call's arguments whole in each
  approval's subject (the 61-line command's box past the screen's top: partial).
* **Andromity 0.2.24 and 0.2.23** (``tests/heldout/andromity-*``, PyPI ``andromity``, a new
  agent: a Textual full-screen TUI, its composer a box holding its placeholder "Message · /
  commands · @ skills" under a status row that leads with a braille spinner while a turn
  runs; before a shell command a viewer panel beside the transcript, "Action:
  shell_exec", "Shell command:" and the command cut at the panel's edge, its buttons "✓
  Apply    ✕ Reject" level with the composer, pressed with the mouse; its question tool a
  panel over the composer, "❓ Andromity needs 1 answer(s) Tab=next · Ctrl+Enter=submit
  · Esc=skip", radio options, "Skip (Esc)   Submit (Ctrl+Enter)") was measured once
  unseen with the rules of its day (2026.12.07.65) and again with .67, nobody having
  looked at its screens: 0/7 dialogs, 0 false blocked, agreement 0.837 / 0.831. What it
  showed where the fallback was wrong: buttons marked with a check and a cross, on the
  composer's row of a two-column screen, and a form's Skip and Submit buttons with their
  keys were read by no rule (the status row's spinner read working all the while); its
  composer, a box of its placeholder with no prompt glyph, was no prompt. Since generic
  .68 (a check mark before an approving word and a cross before a declining one on one
  row near the bottom: a permission, no options, partial; a form's Skip/Cancel (Esc) and
  Submit buttons: a question; a one-row box whose text names its commands, "/ commands",
  "@ skills", the composer): 7/7, 0, 0.984 / 0.977.
* **Mcode 0.9.9 and 0.9.8** (``tests/heldout/memocode-*``, PyPI ``memocode``, the program
  ``mcode``, a new agent: a prompt_toolkit REPL printing with Rich up the main screen, its
  prompt "❯" under a heavy rule over a bottom toolbar; a sent prompt stays between heavy
  rules, "⠼  thinking…" while the model is asked; before a command its safety check does
  not know, "⚠️   <reason>", "    shell_exec({'command': ...})" and the line prompt
  "    Proceed? [y]es  [n]o  [a]lways ❯ " on the cursor's row, answered by a line) was
  measured once unseen (the rules of its day, 2026.12.07.68, replayed with activity): 0/6
  dialogs, 0 false blocked, agreement 0.970 on each. What it showed where the fallback was
  wrong: keys glued to their words ending in a prompt glyph on their own row were read by
  no rule; its prompt echoed between heavy rules read as its composer at rest while an
  approved command's rows printed under it. Since generic .69 (that prompt glyph ends a
  glued-keys question too; a composer between rules has at most four rows drawn under its
  lower rule): 6/6, 0, 0.993 on each.
* **Wingman 0.4.3 and 0.4.2** (``tests/heldout/wingman-*``, PyPI ``wingman-cli``, a new
  agent: a Textual full-screen TUI, one panel holding the transcript with its composer's
  placeholder "Type... (/ for commands)" on its last row, a status row under it; its
  permission in the transcript behind a bar, "run_command", "$ <command>", "Do you want to
  proceed?", "› y. Yes", "  a. Yes, always allow this session", "  n. No, and tell me what
  to do differently"; a spinner's row "⠋ Mazing..." under the prompt) was measured once
  unseen (2026.12.07.68): 0/6, 1 false blocked (0.4.3; a lagging echo of a typed question
  in its composer), agreement 0.840 / 0.870. What it showed where the fallback was wrong:
  options led by a letter key and a period were read by no rule; the panel's empty rows,
  each holding its side edges, kept its spinner and its composer out of the rows the rules
  read at the bottom. Since generic .69 (options led by their letter keys under a question,
  the key pressed; a ``content`` region that counts a panel's empty rows as blank, read for
  a braille spinner's row and a panel's placeholder; the echo of keys typed and drawn only
  in part left out of the input region): 5/6, 0, 0.988 / 0.977, each approval's subject
  the tool and its command; its 61-line command's dialog stays scrolled to its top, no
  question or option on screen (not found).
* **Vulpcode 0.2.0 and 0.1.1** (``tests/heldout/vulpcode-*``, PyPI ``vulpcode``, a new
  agent: a prompt_toolkit REPL, its prompt "> ", Rich's spinner rows "⠋ Thinking..."; before
  a command "[permission] Tool 'Bash' wants to run.", "Tool args: {'command': ...}" and
  "[y] yes once  [a] always for this tool  [n] no", a line read on the row under it; no
  question, no interrupt: Ctrl+C ends it) was measured once unseen (2026.12.07.68): 6/6, 3
  false blocked, 0.957 on each. What it showed where the fallback was wrong: its answered
  legend, the refusal and the spinner's row under it, stayed a dialog. Since generic .69 (a
  braille spinner's row last under bracketed keys is the turn going on; the legend over the
  blank row read is a line-mode permission, its subject the paragraph above it): 6/6, 0,
  1.000 on each.
* **Symphony 0.0.3 and 0.0.2** (``tests/heldout/symphony-*``, PyPI ``symphony-code``, a new
  agent: a Textual full-screen TUI, its composer a rounded box "│  Ask Symphony...  │" over a
  status row; a word and the turn's time over the composer while it works ("Noodling
  2.5s"); its permission a box under the composer, "Allow Symphony to run the following
  command?", "│ <command>", "✓  Allow once", "⚡  Always allow", "×  Deny", "Enter confirm  ·
  Esc deny", the selection a colour; its question a box over the composer, "?  Which color
  do you prefer?", "red", "blue", "↑/↓ select  ·  Enter choose") was measured once unseen
  (2026.12.07.68): 0/7, 0, 0.749 / 0.785. What it showed where the fallback was wrong: the
  multiplication sign before "Deny" counted as a letter, so no row read as refusing; plain
  choices over key hints in a box were read by no rule; its working row, no glyph and no
  ellipsis, was no work. Since generic .69 (× and ÷ are no letters; a boxed question over
  plain choices and hints; a word in "-ing" and the turn's time right over the composer):
  7/7, 0, 0.973 / 0.977; its approvals partial (no options read, the command under the
  question not read as its subject), its 61-line command's box opened at its foot (the
  question off screen: found 2.4 s late, once the box scrolled).
* **wizolt 0.76.0 and 0.75.3** (``tests/heldout/wizolt-*``, PyPI ``wizolt``, a new agent: a
  prompt_toolkit application at the foot of the main screen, "> <tip>" under a rule over a
  status row, "─── ● working (2s) ───" and "+> Enter follow-up · Tab next turn · Ctrl-C
  interrupts" while it works; its permission in place of the prompt, "│  Approve    Refuse
  Enter runs it · Tab to move · Esc refuses" over "│ reason › -", the call "Bash
  <command>" printed above the rule; its question "(1/1) Which color do you prefer?" over
  numbered choices and a hints row) was measured once unseen (2026.12.07.68): 1/7 (its
  question), 0, 0.797 / 0.851. What it showed where the fallback was wrong: two buttons with
  their key hints on their row were read by no rule; its working rule's title was no
  work ("Ctrl-C interrupts" is none either: a legend's words, at rest too in other
  agents' banners). Since generic .69 (an approving and a refusing button with Enter, Tab
  or Esc named after them, the call above the input's rule its subject; a rule titled with
  a word in "-ing" and the turn's time): 7/7, 0, 0.967 on each.
* **Tythan Code 1.0.0** (``tests/heldout/tythan-1.0.0/``, PyPI ``tythan-code``, the
  program ``tythancode``, a new agent, its only release: a prompt_toolkit chat printing
  with Rich up the main screen, its prompt "you> "; no spinner, the row "assistant" alone
  while the model is asked; before a command the call's row "⚙ run_command {"command":
  ...}" and Rich's line prompt "run: <command> ? [y/N] " on the cursor's row, a multi-line
  command printed whole with the keys after its last row, answered by a line) was
  measured once unseen (2026.12.07.69): 0/6, 6 false blocked, agreement 0.962. What it
  showed where the fallback was wrong: every approval read as a question (blocked, the
  kind wrong): the verb "run" glued to its colon, or on a row above the keys, asked no
  leave to the yes/no rules. Since generic .70 (a verb and its colon before the object
  asks leave; a yes/no key list ending the last row of a paragraph that starts with
  "run:", "execute:", "command:" or "shell:", ``yes_no_command_permission``, its subject
  the paragraph): 5/6, 1 false blocked (the kind), 0.988; its 61-line command's "run:" row
  scrolled off the screen's top, the keys after "touch SECOND-LAST" stay a question,
  partial (the paragraph reaches a full screen's top: `answer` refuses it).
* **yamin 0.2.4 and 0.2.3** (``tests/heldout/yamin-*``, PyPI ``yamin``, a new agent: a
  prompt_toolkit chat printing with Rich up the main screen, its composer "❯ ask
  anything…" between thin rules over a status row, "⢿  thinking" while the model is asked;
  before a command the call's row "  ● run_command(<the command's first 50 characters, a
  newline as ↵>)" and the line prompt "    allow? (y/n) " on the cursor's row, answered by
  a line) was measured once unseen (2026.12.07.69): 6/6, 0, agreement 0.991 on each: the
  first new agent whose every dialog the fallback read before anyone here looked at it.
  Its call's row cuts a command at 50 characters with no mark ("touch f00.txt↵touch
  f01.txt↵touch f02.txt↵touch f0)"): what the pane shows of the 61-line command is what
  every answering place shows, and nothing on screen says more of it was cut.
* **Marim 0.18.27 and 0.18.26** (``tests/heldout/marim-*``, PyPI ``marim-harness``, a new
  agent: a Textual full-screen TUI, its transcript over a status row ("ask · local:gpt-4o
  · ctx ... · session 14s", "· working… 5s" at its end while a turn runs), an empty
  rounded composer box and a footer of key hints; its permission a box over the status
  row, "Approve  bash?", "$ <command>", buttons edged in eighth blocks "Deny (d)   Approve
  (a)", the footer then " a Approve  d Deny  ^t Cycle mode ..."; its question a box of
  "▊ red", "▊ blue" in a frame and "or type your own answer…") was measured once unseen
  (2026.12.07.69; .70's first rules the same): 5/7 and 4/7, 2 and 3 false blocked,
  agreement 0.514 / 0.491. What it showed where the fallback was wrong: its session's
  clock counting on at rest ("session 8s") read as a turn's time (working at rest); the
  user's line echoed behind "›", the answer's indented rows and the footer's "esc Cancel
  turn" under the empty composer box read as a list with its hints (blocked for the
  whole of a streamed answer); the 61-line command's box scrolled to its head, its
  buttons out of view, and the framed option list were read by no rule. Since generic .70
  (a session's clock is no turn's time; a footer offering an approving and a declining
  key, ``tui_dialog_footer_keys``, each answer its key, partial: the command read
  nowhere; a question over a framed list of labels; no list's hints under an empty
  composer box): 7/7, 0, 0.996 / 0.997.
* **LansCoder 1.3.0 and 1.2.1** (``tests/heldout/lanscoder-*``, PyPI ``lanscoder``, a new
  agent: a Textual full-screen TUI, its transcript behind a bar, an activity row
  ("thinking [.. ] planning next step...", "waiting · permission", "idle · ready"), a rule
  and the placeholder "输入消息，Enter 发送，Shift+Enter 换行，Ctrl/Cmd+V 粘贴图片"; its
  permission and question in the transcript, "[1] deny  [2] allow once  [3] allow
  always", "[1] red  [2] blue", answered by the number typed into the composer and Enter)
  was measured once unseen (2026.12.07.69, .70's first rules the same): 6/7, 1 false
  blocked, agreement 0.910 / 0.899. What it showed where the fallback was wrong: its
  question's keyed options under a question read as a permission; its composer, a rule
  over a placeholder, was read by no rule, so a quick second turn's end waited on its
  Enter (no screen reading after it: working to the capture's end). Since generic .70
  (keyed options none of which approves or declines under a question are a question's,
  ``tui_question_keys``; a rule over a placeholder naming Shift+Enter is the composer):
  7/7, 0, 0.975 / 0.974 (the refusal's "denied · shell" row reads no work until the model
  answers). Its options take their key and Enter; `answer` types the key alone.
* **yncli 1.6.0 and 1.5.3** (``tests/heldout/yncli-*``, PyPI ``yncli``, a new agent: a
  prompt_toolkit chat printing with Rich, its prompt "build > ", Rich's spinner rows "⠋ ●
  [ - ] Menghubungi AI (gpt-4o) [Build Mode]..."; before a command the call's row
  "run_terminal_command(command='...')" cut at 50 characters, "Allow execution of
  run_terminal_command?", a printed list "  > 1. Yes, allow execution", "    2. Yes, and
  always allow (enable auto-approve)", "    3. No, deny execution" and the line prompt
  "Pilih (1/2/3 atau y/a/n): ", answered by a line) was measured once unseen (.70's first
  rules): 6/6, 1 false blocked, agreement 0.846 / 0.844. What it showed where the fallback
  was wrong: the answered list stayed a dialog while the approved command ran (its
  spinner's rows under the answered prompt). Since generic .70 (a braille spinner's row,
  or the line prompt answered last, under a pointer's list): 6/6, 0, 1.000 / 0.995.
* **minacode 0.36.0 and 0.35.0** (``tests/heldout/minacode-*``, PyPI ``minacode``, a new
  agent of wizolt's family of screens: "--- ● working (2s) -----" drawn with hyphens over
  "+> Enter queues follow-up · Ctrl-C interrupts", "── done in 1s ──" at a turn's end; its
  permission "  Bash  <command>" over "    │  Approve    Refuse     Tab to move", its
  question "(1/1) Which color do you prefer?" over ">  1. red" and a hints row) was
  measured once unseen (.70's first rules): 7/7, 0, agreement 0.924 / 0.917 (a quick
  turn's end not seen twice each: its working rule drawn with hyphens read as no work).
  Since generic .70 (a rule of hyphens titled so is work too): 7/7, 0, 1.000 / 0.995.
* **CDD Agent 0.0.6 and 0.0.5** (``tests/heldout/cdd-*``, PyPI ``cdd-agent``, a new agent
  (0.0.7 never asks): a Textual full-screen TUI, its transcript of rounded panels titled
  "Human" and "Robot", a status area ("💭 Consulting the oracle...") over an empty
  composer box and its mode row "▶ NORMAL MODE - ..."; its permission three rows in the
  status area, "⚠  ACTION REQUIRED ⚠", "     Tool: run_bash (command=<its first 30
  characters>)", "     > [1] Allow    [2] Deny    [3] Session", answered by a key; nothing
  drawn while an answer streams or a command runs) was measured once unseen (generic .70):
  0/6, 0, agreement 0.794 / 0.774. What it showed where the fallback was wrong: keyed
  options behind a pointer right over the composer box were read by no rule (keys over a
  composer were read only ending in a prompt's glyph); a quick turn whose screen read
  the composer all along ended only when the Enter stopped waiting (10 s: "the turn never
  started"). Since generic .70 (a pointer before the first key too): 6/6, 0, 0.867 /
  0.873, each approval partial (the command cut at 30 characters, read nowhere whole);
  two quick turns' ends each still wait on their Enter (tried: a row of new words ending
  an Enter whose prompt was taken; it ended Copilot's and OpenCode's slow turns early,
  0.90 -> 0.77, so it is not in).
* **AbstractCode 0.3.8 and 0.3.7** (``tests/heldout/abstractcode-*``, PyPI
  ``abstractcode``, a new agent: a full-screen prompt_toolkit chat, its transcript over a
  rule, its input row ">" and two status rows always drawn; its permission the
  transcript's last rows, "Tool approval required", a rule, "Approve execute_command?
  [y]es/[n]o/[a]ll/[e]dit/[q]uit:", answered at the input row, then a second step "Type
  'run' to execute this command:"; its question "Agent question:", "Which color do you
  prefer?", "  [1] red" ... "Choice (number or text):"; nothing drawn while an approved
  command runs) was measured once unseen (generic .70): 0/7, 0, agreement 0.934 / 0.936.
  What it showed where the fallback was wrong: a line prompt left as the transcript's last
  row over an input row that stays drawn was read by no rule (the line rules read the
  cursor's row). Since generic .70 (such a prompt, keys glued to their words or "Type
  '<word>' to ...:", or a numbered question and its prompt, right over the rule and the
  input row: ``tui_prompt_over_input``, partial, and ``tui_question_over_input``): 7/7,
  0, 0.996 / 0.995.
* **MForege 0.1.17 and 0.1.16** (``tests/heldout/mforege-*``, PyPI ``mforege``, a new
  agent: a full-screen prompt_toolkit chat, its transcript over a rule, an activity row
  " ✻ run_command(...)", a question bar, its status row " ◆ gpt-4o · 0m" ... "✕ End
  session" and an input box at its foot; its permission the bar " ⚠ <command>   (type y/n
  + Enter)" answered by a line in the box; a command of two rows or more shows its first
  row alone in the bar, its keys hidden with the rest) was measured once unseen (generic
  .70): 0/6, 0, agreement 0.885 / 0.906. What it showed where the fallback was wrong: a
  bar of the program's own under the transcript's rule, its keys at its end, was read by
  no rule; a finished call's time glued to its row ("run_command ✓ (0.9s)") read as a
  turn counting. Since generic .71 (``tui_bar_keys_permission``, its subject the rows from
  the rule down to the bar; a time right after a done mark is none): 2/6, 0, 0.906 / 0.922; the
  four a release whose bar shows no keys stay unread (``MISSED``).
* **chalilulz 0.0.1b7 and 0.0.1b6** (``tests/heldout/chalilulz-*``, PyPI ``chalilulz``, a
  new agent: a line-mode chat, its prompt " ❯" under a rule, " ⠋ Thinking…" while the
  model is asked; its permission " ⚠ Tool 'bash' requested with args: {'cmd': '...'}" over
  " Allow? [y/N]: " on the cursor's row) was measured once unseen (generic .70): **6/6, 0,
  0.987 / 0.985**; nothing was written from it.
* **Aru 0.61.0 and 0.60.0** (``tests/heldout/aru-*``, PyPI ``aru-code``, a new agent: a
  Textual TUI, a side pane at its right, a spinner row " ⠋ Thinking…" over its status row
  and composer box; its permission in the transcript, the command's panel "╭─ bash:
  <command> ─╮" over a box "Choose an option:", its hints and a frame of eighth blocks
  holding "▊ Yes" and "▊ No, and tell Aru what to do differently"; a refusal asks for
  words in a second box) was measured once unseen (generic .70): 1/6 and 0/6, 0, 0.954 /
  0.952. What it showed where the fallback was wrong: a framed list was read only under a
  question ending in "?" right above it. Since generic .71 (a heading ending in a colon,
  key hints between it and the frame): 6/6, 0, 0.979 / 0.980, partial (no key shows; its
  panel cuts a long row at its width).
* **Axion Code 1.0.1 and 1.0.0** (``tests/heldout/axion-*``, PyPI ``axion-code``, a new
  agent: a prompt_toolkit and Rich line chat, its prompt "axion > " with a placeholder
  right of the cursor over a toolbar " axion │ /help for commands │ Ctrl+C to interrupt";
  its permission a Rich panel "⚠ Permission Required" holding "Input: {"command": ...}"
  over "Allow? :" on the cursor's row, Rich having taken its "[y/N/a(lways)]" for markup;
  an answer drawn whole once it is all there) was measured once unseen (generic .70):
  0/6, 0, agreement 0.512 / 0.516. What it showed where the fallback was wrong: the
  toolbar's interrupt hint at rest read as a turn; "Allow? :" (a colon after the eaten
  keys) was no prompt; the prompt's placeholder after the cursor behind a word was no
  prompt. Since generic .71 (the legend apart by "│"; "Allow? :"; "axion > " with its
  placeholder; a subject row cut with "..." leaves it partial): 6/6, 0, 0.900 / 0.905.
* **choreoai-cli 0.0.5 and 0.0.4** (``tests/heldout/choreo-*``, PyPI ``choreoai-cli``, a
  new agent: a prompt_toolkit prompt "choreo> " and Rich output on the main screen; its
  permission "Allow shell command? [y/N/always/deny <pattern>]" over "  $ <command>" and a
  prompt ">" read by ``input()`` while its Rich spinner row " ⠏ thinking…" goes on under
  it, the cursor at that row's end) was measured once unseen (generic .70): 0/6, 0,
  agreement 0.742 / 0.758. What it showed where the fallback was wrong: a yes/no
  question whose prompt row is bare, the spinner left running under it with the cursor
  at its end, was read as the spinner's work; answered, the key is echoed after the
  spinner's words and the spinner goes on a row lower. Since generic .72 (a yes/no
  question over its command and a bare prompt, a spinner under it): 5/6, 0, 0.954 /
  0.957; its 61-line command's pushes the question past the screen's top (``MISSED``).
* **Alan Code 1.3.14 and 1.3.12** (``tests/heldout/alancode-*``, PyPI ``alancode``, a new
  agent: a line chat, its prompt "> ", no row while the model is asked or a command runs;
  its permission "? Allow Bash?", "Tool 'Bash' wants to execute with input: {...}", "  1)
  Allow" ... "  Or type your own answer", a blank row, "Your choice: " on the cursor's
  row; its question the same under "? Which color do you prefer?") was measured once
  unseen (generic .70): 6/7, 5 false (the answered "Your choice: 1" read as the dialog
  while the command ran), 0.919 / 0.695. Since generic .71 (a number typed after a
  prompt's words and colon, last, is an answer; "Your choice: " under a numbered
  question, a blank row between, is its prompt): 7/7, 1 (the negatives' quote of its dialog, streamed, stops 0.8 s on "    Your choice:"), 0.994 / 1.000.
* **ZettCode 0.2.0 and 0.1.12** (``tests/heldout/zettcode-*``, PyPI ``zettcode``, a new
  agent: a full-screen TUI of its own toolkit, its composer "› Ask ZettCode to do
  anything" over a status row "  ● ready ... ^C/Esc to interrupt  ^D exit"; its permission
  a panel in the composer's place, "Would you like to run the following command?", "$
  <command>", "  ▸ 1. Yes, proceed (y)" ... "5. No, and say what to do differently (esc)";
  its question "Which color do you prefer?" over " ▸ ✓  1. Red", "      2. Blue" and its
  hints) was measured once unseen (generic .70): 6/7 each, 0, agreement 0.625 / 0.615
  (every turn's end unseen: the status row's legend read as a turn's interrupt hint).
  Since generic .71 (a legend whose key to leave follows the hint two blanks apart; a
  check mark between the pointer and the number): 7/7, 0, 1.000 / 1.000.
* **Aizen 2.7.0 and 2.6.1** (``tests/heldout/aizen-*``, PyPI ``aizen-ai-cli``, a new
  agent: prompt_toolkit and Rich, its two-row prompt "╭─ aizen ─ <folder>" over "╰─ ▸ "
  and a toolbar; its permission a Rich panel "◆ AIZEN wants to run:" over a questionary
  menu "? ▸ Allow?  (Use ↑/↓ arrows to select, Enter to submit)", " » Yes, allow this
  time" ...) was measured once unseen (generic .70): **6/6, 0**, agreement 0.665 / 0.706
  (its prompt's "▸" behind the box's corner no prompt: turns' ends seen only 5 s later).
  Since generic .71 ("╰─ ▸" a two-row prompt's last row): 6/6, 0, 0.974 / 0.974.
* **Axons 0.1.3 and 0.1.2** (``tests/heldout/axons-*``, PyPI ``axons``, a new agent: a
  line chat, its prompt "▶ " (Rich's console.input) under its answers and calls drawn as
  Rich panels, nothing spinning while the model is asked; put in its safe mode with
  "/safe", its permission "[Axon needs approval]", "Tool: run_command", "Args:" and the
  arguments as JSON (cut at 500 characters, without a word) over "Run this? (Y/n): ";
  its question a panel "❓ Axon needs input" holding the question, "  1. Red" ... and
  "Enter a number or type your own answer", over "Your answer: ") was measured once
  unseen (generic .72): 6/7 each, 0, agreement 0.687 / 0.689 (its prompt "▶" no prompt:
  every turn's end unseen; "Your answer:" no question's prompt). Since generic .73 (a
  triangle alone a chat's prompt; "Your answer:", a blank row in the panel
  before the hint): 7/7, 0, 1.000 / 1.000; its arguments cut mid-string leave the
  dialog partial (``answer`` refuses it).
* **Bayan 1.3.1 and 1.3.0** (``tests/heldout/bayan-*``, PyPI ``bayan-cli``, a new agent:
  a composer boxed in rules drawn in place at the foot of the main screen over a status
  row, a spinner row "✢ Coalescing… (1s · esc to interrupt)"; its permission a box
  "Bash command", the command (six rows at most, then "… +55 more lines"), "Do you want
  to proceed?" over "❯ 1. Yes" ...) was measured once unseen (generic .72): **6/6, 0,
  1.000 / 1.000**; nothing was written from it.
* **nrgrd 0.2.2 and 0.2.1** (``tests/heldout/nrgrd-*``, PyPI ``nrgrd``, a new agent:
  prompt_toolkit and Rich, its prompt "nrgrd> " under a context bar over a toolbar, the
  user's line echoed in a panel "User", the answer streamed in a panel "Nrgrd", nothing
  spinning while the model is silent; its permission a panel "Nrgrd wants to run:
  shell" (the command) over Rich's line prompt "Allow?  Yes   No   Always allow this tool
  this session [y/n/a] (n): ", its "[y]" "[n]" "[a]" eaten as markup) was measured once
  unseen (generic .72): 6/6 each, 3 false blocked each, agreement 0.812 / 0.813 (the
  answered "(n): y" row read as buttons on one row while the command ran; the dialog's
  words entered at "nrgrd> " over the panel echoing them read as a question over an
  input box; its quote in the answer's panel read as buttons). Since generic .74 (a
  line prompt's row of bare words ending in its key list, and one answered with rows
  under it, are no buttons; a question entered at a chat's prompt over its echo is the
  user's): 6/6, 0, 0.992 / 0.993.
* **Qwen Code Termux 0.22.2-termux and 0.18.0-termux** (``tests/heldout/qwentermux-*``,
  npm ``@mmmbuto/qwen-code-termux``, a fork of Qwen Code, a known agent: an Ink app at
  the foot of the main screen, its composer ">   Type your message or @path/to/file"
  between two rules; its permission "? Shell rm -rf build (Run the command) ←", the
  command, "   Allow execution of: 'rm'?" over "   › 1. Yes, allow once" ... and "  ⠏
  Waiting for user confirmation..."; 0.18.0's in a rounded box) was measured once unseen
  (generic .74): **7/7 each, 0**, agreement 0.919 / 0.986 (a second turn answered within
  0.2 s of its Enter: its end not read before the harness quit 1.2 s later); nothing
  was written from it.
* **AI-Commander 2.7.0 and 2.6.1** (``tests/heldout/aic-*``, PyPI ``aic-agent``, a new
  agent: a full-screen Textual app, its log beside a side pane, a prompt box "╭─ Prompt"
  holding "Type a task or /command…" over a status row (" ● ready  step 0/500 │ ...", "
  ⠸ thinking 2.6s ...") and a key bar; its permission a modal of double edges over the
  screen's middle, "╔═ Approve command ═╗", the command and three buttons with eighth-block
  edges "Yes (y)   No (n)   Always (a)", the status row " ◆ waiting for your approval";
  its question asked in its log, " ? waiting for your answer" on the status row; each
  session's end a box "Quit AI-Commander?" over "Quit (y)   Stay (n)", labelled blocked:
  nine and eight of its dialogs) was measured once unseen (generic .74): 0/14 and 0/16,
  0, agreement 0.855 / 0.814 (its modal's title in its top edge, its double edges and
  its buttons one blank apart no dialog; its prompt box's "/command…" no placeholder).
  Since generic .75 (a modal titled in its top edge by an approval over edged buttons; a
  status row saying it waits for the user's approval or answer; "/command" a
  placeholder's word): 14/14 and 16/16, 0, 0.980 / 0.993.
* **OneFirewall AI 0.3.0 and 0.2.0** (``tests/heldout/onefirewall-*``, PyPI
  ``onefirewall-ai``, a new agent: prompt_toolkit and Rich, its prompt "❯ " over a
  toolbar, "⠼ Thinking… 2s (Ctrl+C to interrupt)" under the prompt sent; its permission a
  panel "╭─ Run: <command> ─╮" over a legend "  yes   a always allow ... no   (or type
  what to do instead)" and "Allow? " on the cursor's row; its question a box holding the
  question over "  1) Red" ... and "Your answer (number or text): ") was measured once
  unseen (generic .74): 6/7 each, 0, agreement 0.985 / 0.974 (the question unread: its
  box's bottom edge between it and the options). Since generic .75: 7/7, 0, 0.991 /
  0.987.
* **neo 0.1.14 and 0.1.13** (``tests/heldout/neo-*``, PyPI ``neo-agnt``, a new agent: a
  Textual app on the alternate screen, its composer a box "│ Ask neo…  ( / for commands,
  @ for files )" under a rule, " ⠋ thinking · 1s" in its place while a turn runs, its
  calls marked in the transcript by a braille glyph that stays ("⠋ bash denied"); its
  permission a box over the whole screen, "│  permission required  │", the command, its
  buttons stacked between eighth-block edges ("Allow once", "Always allow", "Reject"),
  its question the same box with a button a choice) was measured once unseen (generic
  .75): 4/7 each, 0, agreement 0.816 / 0.817. Since generic .76 (edged buttons stacked
  in a box, a blank row between; a box titled by a permission over one approving edged
  button, the others pushed out by a tall command; the same buttons under a question):
  6/7, 0, 0.843 / 0.843; its 61-line command's box shows neither question nor buttons
  (``MISSED``), and the braille glyph marking its calls reads as a spinner until the
  transcript scrolls it out of the bottom rows (five turns' ends each unseen: ``SHORT``).
* Grok CLI and Kilo CLI (``tests/captures/``) with their manifests left out: the
  captures the fallback was written from.

Targets: every dialog found with its kind, 0 false blocked, time-weighted agreement with
the truth >= 0.90 (``bench/bench_corpus.py --manifest generic`` prints the same figures).
Measured on the held-out agent, first: 2/3 dialogs (its question, a pointer list with no
numbers and no key hints, was missed), 0 false blocked, agreement 0.914; Grok CLI and
Kilo CLI: every dialog, 0 false blocked, 1.000. Then the rules were widened on the known
agents' captures without their manifests (hints in any language, a dialog box closed
under its hints with a status line below, a pointer on a numbered option in a box is no
composer) and Cline measured again: still 2/3. Its question screen was then looked at, and
a rule for a pointer list without numbers or hints written, checked on the known agents
(no false blocked added) and on Cline (its start-up overlay read as a dialog at first:
options must be words, not rules): 3/3, 0 false blocked, 0.950. So the held-out agent is
no longer unseen for that shape. Known agents without their manifests (KNOWN): Gemini CLI
12/12 and 16/16, Copilot CLI 1.0.102 15/15 (was 4/15), Qwen Code 0.15.6 12/12 (was 0/12),
Codex 0.169.0 15/15; Qwen Code 0.24.4 3 false blocked (its folder-trust dialog, found now,
stays drawn 0.22 s after the answer: the light leaves 25 ms after the 0.5 s allowed).
After the pass for long and multi-line approvals (above): Codex 0.169.0 0 false blocked,
Copilot CLI 0 on every release, Qwen Code 0.24.4 2 (the folder-trust dialog, and 116 ms of
its German approval read as a select prompt before its list is drawn), Cline 3.0.62 and
3.0.65 (``tests/captures/``) 7/7 with 0 false blocked. Since generic .45, OpenCode's
approval at 80 columns (its hints cut at the row's end, "⇆ select  enter con") and Pi's
question asked in its composer's place (between its rules, over "enter submit
escape/ctrl+c cancel") are found: OpenCode 1.15.13, 1.17.11, 1.18.22 and 1.18.33 and Pi
0.72.1 and 0.73.1 every dialog, 0 false blocked.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import bench_corpus as bc

TESTS = Path(__file__).resolve().parents[1]
HELD_OUT = sorted(d for d in (TESTS / "heldout").iterdir() if d.is_dir())
SEEN = [TESTS / "captures" / n for n in ("grok-0.0.34", "kilo-7.7.2", "kilo-7.7.7")]
GOAL_AGREEMENT = 0.90


#: dialogs the fallback misses on the held-out agents, as measured (Cline 3.0.65: none since
#: the pointer list rule; Cline 3.0.57: none since the rules for long and multi-line
#: approvals; Continue CLI 1.5.47: none since the rules for options that carry their keys;
#: Kimi CLI 1.51.0: none since the rules for arrow-glyph hints and [1]-numbered options;
#: Deep Agents Code 0.1.88: none since the rules for an approval box cut off by the
#: composer; mini-SWE-agent 1.17.5 and 1.7.0: its 61-line command, its input box and
#: question below the screen's bottom, see the module doc (1.7.0's first recording had
#: scrolled to its input box: found); Code Puppy 0.0.946: none since the
#: rules for options that wear a glyph and for a form of radio choices; OpenHands CLI
#: 1.16.0: none since the rules for options over the composer and edged buttons;
#: Deep Agents Code 0.1.29, Nanocoder 1.25.2, OpenHands CLI 1.11.0: none since the rules
#: for a bar inside a box's edge, a one-key hint and a spinner row over the composer;
#: Open Interpreter 0.4.3: none since the rule for a yes/no question above a blank input
#: prompt; Hermes Agent 0.19.0: none since the rule for a numbered box over a countdown;
#: Mentat 1.0.18: none since the rule for a question listing its keys over an input box;
#: llm 0.36 and 0.34: none since the rule for a yes/no question asking leave to act;
#: TunaCode 0.1.46 and 0.1.30, the Strands Agents builder 0.1.10 and 0.1.5: none since
#: the rules for options on one row led by their keys and a yes/no key list of y and
#: other alternatives; MCP CLI 0.20.1: none, unseen and since; Agentao 0.5.17 and 0.4.27:
#: none since the rule for a numbered question at a one-glyph prompt; Rawdog 0.1.6 and
#: 0.1.5: none, unseen; Aetheris 1.1.0 and 1.0.0: every approval unseen, none since the
#: rule for a key list before a prompt's pointer; Jasmine 0.1.1 and 0.1.0: every dialog
#: unseen, none since pass 26 (its question's row marked by a "?" glyph over its "> "
#: prompt); Xiaoyu 0.75.0: every approval, unseen, none since pass 27 (below);
#: Mastra Code 0.32.1: every dialog unseen, none since pass 28; Koder 0.6.4 and 0.6.3:
#: every approval unseen, none since pass 29; CodeGopher 0.3.0 and 0.2.2: every approval
#: unseen, none since pass 31; ATA Coder 1.0.2 and 1.0.0: none, unseen; Godspeed 0.4.0:
#: every approval unseen, none since generic .42; clippy-code 4.20.2 and 4.19.4: none,
#: unseen; CHYRD 0.4.7 and 0.4.6 and AshCode 0.1.0: every approval unseen, none since
#: generic .45; Aether 2.1.2 and 2.1.0: none, unseen; FirstCoder 0.1.12 and 0.1.11: every
#: approval but the 61-line command's unseen, none since generic .46; acoder 0.1.0: every
#: approval unseen, none with the rules of the same day before it was looked at (.46);
#: AgentCode 1.4.0 and 1.3.2: every approval unseen, none since generic .47; CodeRill 0.1.1:
#: none, unseen; CoreCoder 0.8.0 and 0.7.0: none, unseen; gpt-engineer, Axon, CoderAI,
#: DoStuff, vtx, DevCoder, lindwyrm, Pairwit, Joshu, Windcode, ClarAIty
#: Code: below; Letta Code 0.25.9 and 0.25.3, tinyharness 0.1.0 and Command Code 1.64.0 and
#: 1.54.2: none, unseen; Aelix 0.1.0b2: two of six unseen, none since generic .56; Gemma
#: 0.2.1: every approval unseen, none since generic .57; coderio 0.6.1 and 0.6.0: every
#: approval unseen, none since generic .58; Ajna 0.1.1 and 0.1.0: every approval unseen,
#: none since generic .61; CrabCode 0.1.8 and 0.1.7: none, unseen; pcli 0.2.0 and 0.1.0:
#: every dialog unseen, none since generic .62; Hazzel 1.6.2 and 1.6.1: none, unseen; codii
#: 0.1.0: every approval unseen, none since generic .63; langrepl 1.12.1 and 1.11.2: none,
#: unseen; ChCode 0.1.5 and 0.1.4: none, unseen; pooh-code 2.0.0: every approval unseen,
#: none since generic .66; Quoriv 1.7.0 and 1.6.2: every approval unseen, none since
#: generic .67; Andromity 0.2.24 and 0.2.23: every dialog unseen, none since generic .68;
#: Mcode 0.9.9 and 0.9.8, Vulpcode 0.2.0 and 0.1.1 (none unseen), Symphony 0.0.3 and
#: 0.0.2 and wizolt 0.76.0 and 0.75.3: every dialog unseen but wizolt's question, none
#: since generic .69; Wingman 0.4.3 and 0.4.2: below; CodeRill 0.1.0: every approval
#: unseen, none since generic .70; Tythan Code 1.0.0: below; yamin 0.2.4 and 0.2.3, yncli
#: 1.6.0 and 1.5.3 and minacode 0.36.0 and 0.35.0: none, unseen; Marim 0.18.27 and 0.18.26
#: and LansCoder 1.3.0 and 1.2.1: two and three, and one each, unseen, none since generic
#: .70; CDD Agent 0.0.6 and 0.0.5 and AbstractCode 0.3.8 and 0.3.7: every dialog unseen,
#: none since generic .70; MForege 0.1.17 and 0.1.16: every approval unseen, four a release
#: since generic .71 (below); chalilulz 0.0.1b7 and 0.0.1b6: none, unseen; Aru 0.61.0 and
#: 0.60.0 and Axion Code 1.0.1 and 1.0.0: every approval unseen, none since generic .71;
#: choreoai-cli 0.0.5 and 0.0.4: every approval unseen, its 61-line command's since
#: generic .72 (below); Alan Code 1.3.14 and 1.3.12 and
#: ZettCode 0.2.0 and 0.1.12: the question unseen, none since generic .71; Aizen 2.7.0 and
#: 2.6.1: none, unseen; Axons 0.1.3 and 0.1.2 and OneFirewall AI 0.3.0 and 0.2.0: the
#: question unseen, none since generic .73 and .75; Bayan, nrgrd and Qwen Code Termux: none,
#: unseen; AI-Commander 2.7.0 and 2.6.1: every dialog unseen, none since generic .75; neo
#: 0.1.14 and 0.1.13: three each unseen, its 61-line command's since generic .76 (below))
MISSED = {"mini-1.17.5/long-command", "mini-1.7.0/long-command",
          # gpt-engineer 0.3.1 and 0.3.0 since the rules for a question over what it
          # asks about and over a bare key list: its 61-line script pushes the question
          # past the screen's top (nothing on screen asks), and its clarifying question
          # (free text, the cursor at the next row's start: no general shape)
          *(f"gpte-{v}/{c}" for v in ("0.3.0", "0.3.1")
            for c in ("long-command", "question")),
          # Axon 0.27.7 and 0.27.6: every approval and its question unseen (a picker
          # between two rules taken for a composer); none since generic .43
          # CoderAI 0.4.0: every approval and its question unseen; none since generic .44
          # DoStuff 0.2.0: its 61-line command's approval unseen (its option 2 naming each
          # command over 13 wrapped rows pushes the question and options 1 and 2 above the
          # bottom 16 rows of its selector's rule); none since generic .48
          # Tythan Code 1.0.0: its 61-line command's approval, read as a question (the
          # "run:" row over the keys scrolled off the screen's top: partial)
          "tythan-1.0.0/long-command",
          # vtx 1.3.0 and 1.2.2: every approval unseen (two key-led buttons on one row
          # in a tool's block behind a bar, a running turn's spinner row under it); none
          # since generic .49
          # DevCoder 0.1.0: every approval unseen (edged buttons under a question whose row
          # ends with its modal's half-block edge "█"); none since generic .52
          # lindwyrm 0.9.0 and 0.8.1: every approval unseen (its line prompt "  Allow? [y]es
          # / [n]o / [a]lways (bash) / [q]uit: ", keys glued to their words, on the cursor's
          # row); none since generic .52
          # Pairwit 0.0.14 and 0.0.10: every approval unseen (a modal's options led by a
          # bare key under "KEY word" hints, no question, no pointer); none since generic .54
          # Joshu 0.3.0: every approval unseen (numbered options whose number is drawn
          # twice, "1. 1. Yes", under the user's line echoed under a rule); none since .54
          # Windcode 0.4.5: its question unseen (a prompt over a Textual Select and a
          # button); none since generic .56
          # ClarAIty Code 1.2.0 and 0.14.1: every dialog unseen (a box in the transcript
          # right over the rule that closes it, its options "1  Yes", the selection a
          # colour); none since generic .56
          # Wingman 0.4.3 and 0.4.2: every approval unseen; since generic .69 its 61-line
          # command's, whose panel stays scrolled to the dialog's top (its question and
          # options below the panel's edge: nothing on screen asks)
          *(f"wingman-{v}/long-command" for v in ("0.4.2", "0.4.3")),
          # MForege 0.1.17 and 0.1.16: every approval unseen; since generic .71 those
          # of a command of two rows or more, or one cut at the screen's edge: its bar
          # shows the first row alone, its keys hidden with the rest ("⚠ mkdir -p d" over
          # its status row: nothing on screen asks)
          *(f"mforege-{v}/{c}" for v in ("0.1.16", "0.1.17")
            for c in ("long-command", "multiline")),
          # choreoai-cli 0.0.5 and 0.0.4: every approval unseen; since generic .72 its
          # 61-line command's, the question scrolled past the screen's top (">" over the
          # spinner's row under the command's last rows: nothing on screen asks)
          *(f"choreo-{v}/long-command" for v in ("0.0.4", "0.0.5")),
          # neo 0.1.14 and 0.1.13: its 61-line command's approval, the box showing its
          # title and the command's first rows, its buttons pushed out of sight
          *(f"neo-{v}/long-command" for v in ("0.1.13", "0.1.14")),
          }
#: held-out directories that miss the goals as measured, replayed with the activity
#: samples a live session takes (module doc, "Replayed with activity"): (false blocked
#: at most, agreement at least); Cline 3.0.57's question stays drawn 0.46 s after its
#: answer (0.956; 0.949 without the samples);
#: mini-SWE-agent 1.17.5, recorded again with its CPU time (``c`` rows), measures 0.934
#: (its first turn, sent with Esc+Enter, reads idle for 0.6-1.1 s until a sample reads
#: its CPU, and its 61-line command; 0.862 with the ``c`` rows taken out; 0.824 its first
#: recording, which held none)
SHORT = {"cline-3.0.57": (1, 0.95), "mini-1.17.5": (0, 0.93),
         # mini-SWE-agent 1.7.0, recorded again with its CPU time, measures 0.944 (the
         # same causes; 0.854 with the ``c`` rows taken out; 0.640 its first recording,
         # whose first turns drew nothing for 6 to 21 s after the Esc+Enter)
         "mini-1.7.0": (0, 0.94),
         # OpenHands CLI 1.11.0: one approval is erased 0.43 s after its Enter, under a
         # spinner drawn with it (14 ms past the 0.5 s allowed); its exit box, erased
         # as it leaves its full screen, is gone at once (7 false blocked before that)
         "openhands-1.11.0": (1, 0.98),
         # TunaCode 0.1.30 and 0.1.46 measure 0.996 and 0.989 since the rules for a tall
         # empty input box and a row of loading dots: twice in command-approve, 0.1 s
         # each, its log scrolls so that the answered box is its last row again (2)
         "tunacode-0.1.30": (2, 0.99), "tunacode-0.1.46": (2, 0.98),
         # gpt-engineer 0.3.0 and 0.3.1 measure 0.661 and 0.650 (0.606 and 0.597
         # unseen): its first prompt, "What application ...?" with the cursor at the
         # next row's start, is read by no rule, and it exits at each run's end, after
         # its last question, with no prompt to read (the exit reads clear); since
         # generic .56 0.786 and 0.806 (a line-mode program quiet under a question it
         # asked reads idle at the first quiet sample, not 5 s later)
         "gpte-0.3.0": (0, 0.78), "gpte-0.3.1": (0, 0.80),
         # Mastra Code 0.32.1 measures 0.884 (0.647 unseen; 0.870 before a late echo
         # of the typed line was no work): its first turn's end is not
         # seen (its composer reads the same before and after the Enter, so the Enter's
         # working waits for an answer the screen never reads), a turn's time counting
         # on reads working up to 1.2 s past its end, the answer quoting its approval
         # over the composer reads done
         "mastracode-0.32.1": (0, 0.87),
         # Godspeed 0.4.0 (0.785 unseen), ATA Coder 1.0.2 and 1.0.0 (0.669, 0.666),
         # Axon 0.27.6 (0.895) and CoderAI 0.4.0 (0.646) meet the goals' agreement since
         # generic .42 (0.986, 0.996, 0.994, 0.905, 0.988; CoderAI 0.998 since .44)
         # CHYRD 0.4.7 (0.836 unseen) measures 0.973 since generic .45, its modal gone
         # 0.2 s after the key that answers it, the light 7 ms past the 0.5 s allowed;
         # 0.4.6 (0.822), AshCode 0.1.0 (0.913) and clippy-code 4.20.2 and 4.19.4
         # (0.777, 0.646) meet the goals since .45 (0.976, 0.959, 1.000, 0.996)
         "chyrd-0.4.7": (1, 0.97),
         # FirstCoder 0.1.12 and 0.1.11 (0.674, 0.663 unseen), acoder 0.1.0 (0.529) and
         # Aether 2.1.2 and 2.1.0 (0.680, 0.683) meet the goals since generic .46 (0.935,
         # 0.921, 0.987, 1.000, 1.000)
         # DoStuff 0.2.0 (0.949 unseen) meets the goals since generic .48 (0.952)
         # CodeRill 0.1.1 measures 0.870 unseen (7 false blocked): its answered choice,
         # printed as it was with the pointer on the option chosen, reads blocked with the
         # call's and its result's rows under it (2: multiline's, each until the next
         # choice) and over the composer box once the turn ends, until the run leaves (4),
         # as does the
         # choice its negatives' answer quotes (1); a silent model reads idle under its
         # composer box left printed with the user's line; since generic .49 none false
         # (an answered choice with a tool's call row under it, or a box and its own hints
         # between its options and the screen's bottom, is no dialog): 0.903, the silent
         # model's idle left
         "coderill-0.1.1": (0, 0.90),
         # CodeRill 0.1.0 measures 0.719 unseen: its line prompt "  es / o / lways > " and
         # its prompt "you > " read by no rule, each capture working from its start-up to
         # its exit; since generic .49 its prompt is read (a word and a spaced ">"): 0.962
         # vtx 1.3.0 and 1.2.2 (0.856 and 0.854 unseen) meet the goals since generic .49
         # (1.000, 1.000)
         # CoreCoder 0.8.0 and 0.7.0 measure 0.490 and 0.617 unseen (5 false blocked on
         # each): its answered line prompt "... [n] deny: y", left printed, reads blocked
         # until the run leaves (4), as does the line prompt its negatives' answer quotes
         # (1); its prompt "You > " is read by no rule: no turn end seen. With generic .49,
         # before it was looked at: 6/6, 5, 0.744 and 0.742 ("You > " read); since .50 it
         # meets the goals (0.989, 0.984)
         # DevCoder 0.1.0 measures 0.589 unseen: each approval reads working from the
         # Enter to the turn's end, and its footer's "esc interrupt", drawn at rest too,
         # reads as a running turn's hint: a turn's end only where its activity goes quiet;
         # the same with generic .51, before it was looked at; since .52 every approval is
         # found (0.635), the footer's hint left; since .56 0.949 (a footer's hint far
         # right of its words is drawn at rest; its composer beside a sidebar read)
         "devcoder-0.1.0": (0, 0.94),
         # Pairwit 0.0.14 and 0.0.10 measure 0.722 and 0.754 unseen: each approval reads
         # working from the Enter to the turn's end, and its composer, read by no rule, idle
         # only from its activity; since generic .54 they meet the goals (0.986, 0.989)
         # tinyharness 0.1.0 measures 0.486 unseen (1 false blocked): its banner's legend of
         # keys, "ctrl+c interrupt" among them, reads as a running turn while in the bottom
         # rows; the dialog its negatives' answer quotes reads as live for 0.1 s; since
         # generic .54 0.979, that 0.1 s left
         "tinyharness-0.1.0": (1, 0.97),
         # Joshu 0.3.0 measures 0.529 unseen (5 false blocked): its answered approval, left
         # printed under the tool's call row and the running turn's spinner, reads as a
         # question; its start-up's tip "3. Press Esc to interrupt, ..." as a running turn;
         # since generic .54 0.962, 1 false blocked (a 70 ms frame after a refusal); since
         # .56 0.963, none (a tool's result row under the options answers them)
         "joshu-0.3.0": (0, 0.96),
         # Windcode 0.4.5 measures 0.810 unseen: its question read by no rule, its composer
         # behind a full block "█" read by no rule (idle from its activity, turn ends late);
         # since generic .55 0.964 (its composer read), meeting the goals but its question;
         # since .56 0.999 (its question read)
         # Aelix 0.1.0b2 measures 0.434 unseen (1 false blocked): its banner's legend
         # "/help for commands • Ctrl+C to interrupt • Ctrl+C twice to exit" reads as a
         # running turn while in the bottom rows, its composer over a footer is read by no
         # rule; its list over its turn's spinner is no dialog, once read as a question;
         # since generic .56 0.997
         # ClarAIty Code 1.2.0 and 0.14.1 measure 0.884 and 0.879 unseen (no dialog read);
         # since generic .56 0.967 and 0.962: its screen lags its keys 0.3-0.8 s (1.2.0's
         # dialog seen 311 ms after it is asked at most), and 0.14.1 freezes, the dialog
         # still drawn, while an approved command runs
         # Command Code 1.64.0 and 1.54.2 measure 0.932 unseen: the glyph that marks each
         # answer ("⠶ Two plus two is four.") reads as a spinner until it scrolls out of the
         # bottom rows; since generic .56 1.000 (a braille glyph over a turn's summary,
         # "✻ Worked for 1s", is no spinner)
         # Gemma 0.2.1 measures 0.410 unseen (its approvals read by no rule, the prompt
         # under them read as its chat's); since generic .57 every approval is found: 0.555,
         # its turns left (no spinner, its log rows printed after its prompt at start, so
         # no prompt is read to wait for: a silent model reads idle 5 s after its last row)
         "gemma-0.2.1": (0, 0.55),
         # Tythan Code 1.0.0: its 61-line command's approval read as a question (the kind
         # wrong: the "run:" row scrolled off), 0.988
         "tythan-1.0.0": (1, 0.90),
         # CDD Agent 0.0.6 and 0.0.5 (0.867, 0.873): a quick turn whose screen reads its
         # composer all along ends only when its Enter stops waiting (10 s), twice each
         "cdd-0.0.6": (0, 0.86), "cdd-0.0.5": (0, 0.86),
         # Axion Code 1.0.1 (0.900, at the goal): a turn whose answer comes after a command
         # draws nothing for 6 s ("  └ (no output)" last, no spinner, no prompt; the answer
         # is drawn whole once it is all there), read idle after 5 s of quiet
         "axion-1.0.1": (0, 0.89),
         # Alan Code 1.3.14 and 1.3.12: its negatives' quote of its dialog streams, and
         # stops 0.8 s on "    Your choice:" with the cursor after it
         "alancode-1.3.14": (1, 0.99), "alancode-1.3.12": (1, 0.99),
         # choreoai-cli 0.0.5 and 0.0.4 (0.742, 0.758 unseen; 0.954, 0.957 since generic
         # .72): its 61-line command's approval unread (MISSED)
         "choreo-0.0.5": (0, 0.95), "choreo-0.0.4": (0, 0.95),
         # neo 0.1.14 and 0.1.13 (0.817, 0.816 unseen; 0.843 since generic .76): the
         # braille glyph that marks each call in its transcript ("⠋ bash denied") reads
         # as a spinner while it is in the bottom rows, so five turns' ends a release
         # are read late or not at all
         "neo-0.1.14": (0, 0.84), "neo-0.1.13": (0, 0.84),
         }


def _problems(agent_dir: Path) -> tuple[list[str], str]:
    paths = sorted(agent_dir.glob("*.jsonl"))
    assert paths, f"{agent_dir}: no captures"
    figs = bc.score(paths, "generic")[agent_dir.name]
    missed = {m.split(" @")[0] for m in figs.missed}
    assert not missed - MISSED, (
        f"{agent_dir.name}: dialogs not found: {sorted(figs.missed)}")
    allowed, floor = SHORT.get(agent_dir.name, (0, GOAL_AGREEMENT))
    bad = [f"false blocked: {f}" for f in figs.false_blocked] if len(
        figs.false_blocked) > allowed else []
    if not figs.agreement >= floor:
        bad.append(f"agreement {figs.agreement:.3f} < {floor}")
    return bad, bc.table({agent_dir.name: figs})


def test_the_held_out_agent_is_there() -> None:
    assert [d.name for d in HELD_OUT] == [
        "abstractcode-0.3.7", "abstractcode-0.3.8", "acoder-0.1.0", "aelix-0.1.0b2", "aether-2.1.0", "aether-2.1.2", "aetheris-1.0.0", "aetheris-1.1.0",
        "agentao-0.4.27", "agentao-0.5.17", "agentcode-1.3.2", "agentcode-1.4.0", "aic-2.6.1", "aic-2.7.0", "aisha-0.2.13", "aisha-0.2.17",
        "aizen-2.6.1", "aizen-2.7.0", "ajna-0.1.0", "ajna-0.1.1", "alancode-1.3.12", "alancode-1.3.14", "andromity-0.2.23", "andromity-0.2.24",
        "aru-0.60.0", "aru-0.61.0", "ashcode-0.1.0", "ata-1.0.0", "ata-1.0.2", "axion-1.0.0", "axion-1.0.1", "axon-0.27.6",
        "axon-0.27.7", "axons-0.1.2", "axons-0.1.3", "bayan-1.3.0", "bayan-1.3.1", "cdd-0.0.5", "cdd-0.0.6", "chalilulz-0.0.1b6",
        "chalilulz-0.0.1b7", "chcode-0.1.4", "chcode-0.1.5", "choreo-0.0.4", "choreo-0.0.5", "chyrd-0.4.6", "chyrd-0.4.7", "claraity-0.14.1",
        "claraity-1.2.0", "cline-3.0.57", "cline-3.0.65", "clippy-4.19.4", "clippy-4.20.2", "codegopher-0.2.2", "codegopher-0.3.0", "codepuppy-0.0.900",
        "codepuppy-0.0.946", "coderai-0.4.0", "coderill-0.1.0", "coderill-0.1.1", "coderio-0.6.0", "coderio-0.6.1", "codii-0.1.0", "commandcode-1.54.2",
        "commandcode-1.64.0", "continue-1.5.11", "continue-1.5.47", "corecoder-0.7.0", "corecoder-0.8.0", "crabcode-0.1.7", "crabcode-0.1.8", "deepagents-0.1.29",
        "deepagents-0.1.88", "devcoder-0.1.0", "dostuff-0.2.0", "firstcoder-0.1.11", "firstcoder-0.1.12", "gemma-0.2.1", "godspeed-0.4.0", "gpte-0.3.0",
        "gpte-0.3.1", "gptme-0.34.0", "gptme-0.35.1", "hazzel-1.6.1", "hazzel-1.6.2", "hermes-0.19.0", "interpreter-0.4.3", "jasmine-0.1.0",
        "jasmine-0.1.1", "joshu-0.3.0", "kimi-1.40.0", "kimi-1.51.0", "koder-0.6.3", "koder-0.6.4", "langrepl-1.11.2", "langrepl-1.12.1",
        "lanscoder-1.2.1", "lanscoder-1.3.0", "letta-0.25.3", "letta-0.25.9", "lindwyrm-0.8.1", "lindwyrm-0.9.0", "llm-0.34", "llm-0.36",
        "llmist-18.4.0", "marim-0.18.26", "marim-0.18.27", "mastracode-0.32.1", "mcpcli-0.20.1", "memocode-0.9.8", "memocode-0.9.9", "mentat-1.0.18",
        "mforege-0.1.16", "mforege-0.1.17", "minacode-0.35.0", "minacode-0.36.0", "mini-1.17.5", "mini-1.7.0", "nanocoder-1.25.2", "nanocoder-1.30.0",
        "neo-0.1.13", "neo-0.1.14", "nrgrd-0.2.1", "nrgrd-0.2.2", "onefirewall-0.2.0", "onefirewall-0.3.0", "opencodex-0.1.31", "openhands-1.11.0",
        "openhands-1.16.0", "pairwit-0.0.10", "pairwit-0.0.14", "pcli-0.1.0", "pcli-0.2.0", "pooh-2.0.0", "quoriv-1.6.2", "quoriv-1.7.0",
        "qwentermux-0.18.0-termux", "qwentermux-0.22.2-termux", "rawdog-0.1.5", "rawdog-0.1.6", "strands-0.1.10", "strands-0.1.5", "symphony-0.0.2", "symphony-0.0.3",
        "tinyharness-0.1.0", "tunacode-0.1.30", "tunacode-0.1.46", "tythan-1.0.0", "vibe-2.18.3", "vibe-2.26.1", "vtx-1.2.2", "vtx-1.3.0",
        "vulpcode-0.1.1", "vulpcode-0.2.0", "windcode-0.4.5", "wingman-0.4.2", "wingman-0.4.3", "wizolt-0.75.3", "wizolt-0.76.0", "xiaoyu-0.75.0",
        "yamin-0.2.3", "yamin-0.2.4", "yncli-1.5.3", "yncli-1.6.0", "zettcode-0.1.12", "zettcode-0.2.0"]


#: known agents read with the fallback instead of their manifests, and the false blocked
#: allowed: Gemini CLI's dialogs show no key hints (a selection marker on a numbered
#: option: every one found, none where there is none); Qwen Code 0.24.4's answers start
#: with a "◆", which is a select prompt only in clack's frame (its "│" rows and closing
#: "└" under it: its German approval's first 116 ms, before the list is drawn, is no
#: question), and its folder-trust dialog, left with its full screen at the answer, is gone at once; Copilot CLI's
#: boxed lists (a pointer in a box) and Qwen Code 0.15.6's (hints, then the box's edge
#: and a spinner under it) are found; Copilot's quoted list over its exit summary is none
#: (its token counter is no hints row); Aider's yes/no questions are permissions when they
#: ask to create a file, questions when they ask to add one or to edit as planned; Codex 0.169.0's multi-line approvals, one after
#: another with the same question, are told apart by their command; Cline's approvals of
#: long and multi-line commands are found, its quoted keys are none
KNOWN = {"gemini-0.56.0": 0, "gemini-0.61.0": 0, "qwen-0.24.4": 0, "copilot-1.0.102": 0,
         "qwen-0.15.6": 0, "codex-0.169.0": 0, "cline-3.0.62": 0, "cline-3.0.65": 0,
         "aider-0.85.5": 0, "aider-0.86.2": 0, "opencode-1.15.13": 0, "opencode-1.17.11": 0,
         "opencode-1.18.22": 0, "opencode-1.18.33": 0, "pi-0.72.1": 0, "pi-0.73.1": 0}
#: of them, those whose every dialog is found with its kind
FOUND_ALL = {"gemini-0.56.0", "gemini-0.61.0", "copilot-1.0.102", "qwen-0.15.6", "qwen-0.24.4",
             "codex-0.169.0", "cline-3.0.62", "cline-3.0.65", "aider-0.85.5", "aider-0.86.2",
             "opencode-1.15.13", "opencode-1.17.11", "opencode-1.18.22", "opencode-1.18.33",
             "pi-0.72.1", "pi-0.73.1"}


@pytest.mark.parametrize("name", KNOWN)
def test_the_fallback_on_known_agents_without_their_manifests(name: str) -> None:
    paths = sorted((TESTS / "captures" / name).glob("*.jsonl"))
    figs = bc.score(paths, "generic")[name]
    table = bc.table({name: figs})
    if name in FOUND_ALL:
        assert not figs.missed, table
    assert len(figs.false_blocked) <= KNOWN[name], "\n".join([table, *figs.false_blocked])


@pytest.mark.parametrize("agent_dir", HELD_OUT + SEEN, ids=lambda d: d.name)
def test_the_fallback_reads_an_agent_without_its_manifest(agent_dir: Path) -> None:
    bad, table = _problems(agent_dir)
    assert not bad, "\n  ".join([f"{agent_dir.name} read with the fallback:", *bad]) + "\n\n" + table
