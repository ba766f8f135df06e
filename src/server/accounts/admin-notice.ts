// A message the owner must not miss among the JSON log lines: plain text in a frame, on stderr.

/** The lines in a box of `#`, wide enough for the longest line. */
export function framedNotice(lines: readonly string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const rule = '#'.repeat(width + 4);
  return ['', rule, ...lines.map((l) => `# ${l.padEnd(width)} #`), rule, ''].join('\n') + '\n';
}

/** Where first start and admin:password print the notice; tests replace it to read what was printed. */
export const notices = {
  print(text: string): void {
    process.stderr.write(text);
  },
};

export function adminPasswordNotice(email: string, password: string, why: string): string {
  return framedNotice([
    why,
    '',
    `  email:    ${email}`,
    `  password: ${password}`,
    '',
    'It is shown this once. Log in and keep it somewhere safe;',
    'npm run admin:password -- <email> sets a new one.',
  ]);
}
