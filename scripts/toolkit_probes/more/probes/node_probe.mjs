// One Node toolkit probe per MODE (argv[2]): print 3 lines of conversation, then ask.
const Q = 'Run rm -rf build?';
const OPTS = ['Yes, run it', "Yes, and don't ask again", 'No, tell the agent what to do instead'];
const mode = process.argv[2];
process.stdout.write('I will remove the build directory.\n\n$ rm -rf build\n');

if (mode === 'inquirer-prompts-expand') {
  const { expand } = await import('@inquirer/prompts');
  await expand({ message: Q, choices: [
    { key: 'y', name: OPTS[0], value: 'yes' },
    { key: 'a', name: OPTS[1], value: 'always' },
    { key: 'n', name: OPTS[2], value: 'no' },
  ] });
} else if (mode === 'inquirer-prompts-expand-expanded') {
  // the same, with the documented option expanded: true (the list shown from the start)
  const { expand } = await import('@inquirer/prompts');
  await expand({ message: Q, expanded: true, choices: [
    { key: 'y', name: OPTS[0], value: 'yes' },
    { key: 'a', name: OPTS[1], value: 'always' },
    { key: 'n', name: OPTS[2], value: 'no' },
  ] });
} else if (mode === 'inquirer-prompts-rawlist') {
  const { rawlist } = await import('@inquirer/prompts');
  await rawlist({ message: Q, choices: OPTS.map((o) => ({ name: o, value: o })) });
} else if (mode === 'enquirer-select-hint') {
  const { Select } = (await import('enquirer')).default;
  await new Select({ name: 'choice', message: Q, hint: '(Use arrow keys, Enter to confirm)', choices: OPTS }).run();
} else if (mode === 'terminal-kit-yesOrNo') {
  const { terminal: term } = (await import('terminal-kit')).default;
  term(Q + ' [y|n]\n');
  term.yesOrNo({ yes: ['y', 'ENTER'], no: ['n'] }, () => process.exit(0));
} else if (mode === 'terminal-kit-singleColumnMenu') {
  const { terminal: term } = (await import('terminal-kit')).default;
  term(Q + '\n');
  term.singleColumnMenu(OPTS, () => process.exit(0));
} else {
  console.error('unknown mode ' + mode);
  process.exit(2);
}
