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
elif mode == "urwid-dialog":
    import urwid

    def done(_button):
        raise urwid.ExitMainLoop()

    buttons = urwid.Columns([urwid.Button("Yes", on_press=done), urwid.Button("No", on_press=done)])
    body = urwid.Pile([urwid.Text(Q), buttons])
    urwid.MainLoop(urwid.Filler(urwid.LineBox(body))).run()
elif mode == "npyscreen-notify_yes_no":
    import npyscreen

    def ask(*_):
        return npyscreen.notify_yes_no(Q, title="Permission")

    npyscreen.wrapper_basic(ask)
elif mode == "textual-modal-centred":
    from textual.app import App, ComposeResult
    from textual.containers import Horizontal
    from textual.screen import ModalScreen
    from textual.widgets import Button, Label

    class Ask(ModalScreen):
        CSS = """
        Ask { align: center middle; }
        Ask > Label { width: auto; }
        Ask > Horizontal { width: auto; height: auto; }
        """

        def compose(self) -> ComposeResult:
            yield Label(Q)
            with Horizontal():
                yield Button("Yes", variant="success", id="yes")
                yield Button("No", variant="error", id="no")

        def on_button_pressed(self, event: Button.Pressed) -> None:
            self.app.exit(event.button.id)

    class Probe(App):
        def on_mount(self) -> None:
            self.push_screen(Ask())

    Probe().run()
elif mode == "pyinquirer-confirm":
    import inquirer
    inquirer.confirm(Q)
elif mode == "pyinquirer-list":
    import inquirer
    inquirer.list_input(Q, choices=OPTS)
else:
    raise SystemExit(f"unknown mode {mode}")
