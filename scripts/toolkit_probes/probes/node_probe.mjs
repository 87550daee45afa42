// One Node toolkit probe per MODE (argv[2]): print 3 lines of conversation, then ask.
const Q = 'Run rm -rf build?';
const OPTS = ['Yes, run it', "Yes, and don't ask again", 'No, tell the agent what to do instead'];
const mode = process.argv[2];
process.stdout.write('I will remove the build directory.\n\n$ rm -rf build\n');

if (mode === 'inquirer-prompts-confirm') {
  const { confirm } = await import('@inquirer/prompts');
  await confirm({ message: Q });
} else if (mode === 'inquirer-prompts-select') {
  const { select } = await import('@inquirer/prompts');
  await select({ message: Q, choices: OPTS.map((o) => ({ name: o, value: o })) });
} else if (mode === 'inquirer-legacy-confirm') {
  const inquirer = (await import('inquirer')).default;
  await inquirer.prompt([{ type: 'confirm', name: 'ok', message: Q }]);
} else if (mode === 'inquirer-legacy-list') {
  const inquirer = (await import('inquirer')).default;
  await inquirer.prompt([{ type: 'list', name: 'choice', message: Q, choices: OPTS }]);
} else if (mode === 'inquirer-legacy-select') {
  // inquirer >= 10 dropped the 'list' alias; 'select' is its name now
  const inquirer = (await import('inquirer')).default;
  await inquirer.prompt([{ type: 'select', name: 'choice', message: Q, choices: OPTS }]);
} else if (mode === 'inquirer8-confirm') {
  // classic inquirer 8.x (CommonJS), installed as the npm alias inquirer8
  const inquirer = (await import('inquirer8')).default;
  await inquirer.prompt([{ type: 'confirm', name: 'ok', message: Q }]);
} else if (mode === 'inquirer8-list') {
  const inquirer = (await import('inquirer8')).default;
  await inquirer.prompt([{ type: 'list', name: 'choice', message: Q, choices: OPTS }]);
} else if (mode === 'clack-confirm') {
  const { intro, confirm } = await import('@clack/prompts');
  intro('agent');
  await confirm({ message: Q });
} else if (mode === 'clack-select') {
  const { intro, select } = await import('@clack/prompts');
  intro('agent');
  await select({ message: Q, options: OPTS.map((o) => ({ value: o, label: o })) });
} else if (mode === 'prompts-confirm') {
  const prompts = (await import('prompts')).default;
  await prompts({ type: 'confirm', name: 'ok', message: Q });
} else if (mode === 'prompts-toggle') {
  const prompts = (await import('prompts')).default;
  await prompts({ type: 'toggle', name: 'ok', message: Q, active: 'yes', inactive: 'no' });
} else if (mode === 'prompts-select') {
  const prompts = (await import('prompts')).default;
  await prompts({ type: 'select', name: 'choice', message: Q, choices: OPTS.map((o) => ({ title: o, value: o })) });
} else if (mode === 'enquirer-confirm') {
  const { Confirm } = (await import('enquirer')).default;
  await new Confirm({ name: 'ok', message: Q }).run();
} else if (mode === 'enquirer-toggle') {
  const { Toggle } = (await import('enquirer')).default;
  await new Toggle({ name: 'ok', message: Q }).run();
} else if (mode === 'enquirer-select') {
  const { Select } = (await import('enquirer')).default;
  await new Select({ name: 'choice', message: Q, choices: OPTS }).run();
} else if (mode === 'ink-select-input') {
  const React = (await import('react')).default;
  const { render, Box, Text } = await import('ink');
  const SelectInput = (await import('ink-select-input')).default;
  const h = React.createElement;
  const App = () => h(Box, { flexDirection: 'column' },
    h(Text, null, Q),
    h(SelectInput, { items: OPTS.map((o) => ({ label: o, value: o })), onSelect: () => process.exit(0) }));
  render(h(App));
} else if (mode === 'inquirer-prompts-expand') {
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
