"""One Python toolkit probe per MODE (argv[1]): print 3 lines of conversation, then ask."""
import sys

Q = "Run rm -rf build?"
OPTS = ["Yes, run it", "Yes, and don't ask again", "No, tell the agent what to do instead"]


def conversation():
    sys.stdout.write("I will remove the build directory.\n\n$ rm -rf build\n")
    sys.stdout.flush()


mode = sys.argv[1]
conversation()

if mode == "ptk-yes_no_dialog":
    from prompt_toolkit.shortcuts import yes_no_dialog
    yes_no_dialog(title="Permission", text=Q).run()
elif mode == "ptk-button_dialog":
    from prompt_toolkit.shortcuts import button_dialog
    button_dialog(title="Permission", text=Q,
                  buttons=[("Yes", "yes"), ("Always", "always"), ("No", "no")]).run()
elif mode == "ptk-radiolist_dialog":
    from prompt_toolkit.shortcuts import radiolist_dialog
    radiolist_dialog(title="Permission", text=Q,
                     values=[(o, o) for o in OPTS]).run()
elif mode == "ptk-confirm":
    from prompt_toolkit.shortcuts import confirm
    confirm(Q)
elif mode == "questionary-confirm":
    import questionary
    questionary.confirm(Q).ask()
elif mode == "questionary-select":
    import questionary
    questionary.select(Q, choices=OPTS).ask()
elif mode == "inquirerpy-confirm":
    from InquirerPy import inquirer
    inquirer.confirm(message=Q).execute()
elif mode == "inquirerpy-select":
    from InquirerPy import inquirer
    inquirer.select(message=Q, choices=OPTS).execute()
elif mode == "rich-confirm":
    from rich.prompt import Confirm
    Confirm.ask(Q)
elif mode == "click-confirm":
    import click
    click.confirm(Q)
elif mode == "textual-modal":
    from textual.app import App, ComposeResult
    from textual.containers import Horizontal
    from textual.screen import ModalScreen
    from textual.widgets import Button, Label

    class Ask(ModalScreen):
        def compose(self) -> ComposeResult:
            yield Label(Q)
            with Horizontal():
                yield Button("Yes", id="yes")
                yield Button("No", id="no")

    class Probe(App):
        def on_mount(self) -> None:
            self.push_screen(Ask())

    Probe().run()
elif mode == "simple-term-menu":
    from simple_term_menu import TerminalMenu
    TerminalMenu(OPTS, title=Q).show()
elif mode == "pick":
    from pick import pick
    pick(OPTS, Q)
elif mode == "beaupy-confirm":
    import beaupy
    beaupy.confirm(Q)
elif mode == "beaupy-select":
    import beaupy
    beaupy.select(OPTS, title=Q)
else:
    raise SystemExit(f"unknown mode {mode}")
