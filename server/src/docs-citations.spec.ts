import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * Comments cite the product rules in docs/ (`docs/processes.md#forwarding`), never documents that
 * are not in the repository (the specifications by section, the issues by number): a citation must
 * lead somewhere the next engineer can read. Every cited page and anchor must exist.
 */
const ROOT = resolve(__dirname, '../..');
const SCANNED = ['server', 'worker', 'client/src', 'test', 'eslint.config.mjs', 'jest.config.js'];
const EXTENSIONS = /\.(ts|tsx|mjs|js|css)$/;

// Built from parts so this file does not cite what it forbids.
const SECTION = '\u00a7';
const FORBIDDEN: [RegExp, string][] = [
  [new RegExp(`\\b[Ss]pecs? ?[12]\\b(?: and 2)?:? ?(${SECTION}|$|[:,)])`), 'cita a especificação por seção'],
  [new RegExp(`(^|[^.\\w])${SECTION} ?\\d`), 'cita uma seção (§) fora do repositório'],
  [/\b[Ii]ssues? \d+/, 'cita uma issue pelo número'],
];
const CITATION = /\bdocs\/([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?/g;

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of every page under docs/. */
function docsAnchors(): Map<string, Set<string>> {
  const pages = new Map<string, Set<string>>();
  for (const name of readdirSync(join(ROOT, 'docs')).filter((n) => n.endsWith('.md'))) {
    const text = readFileSync(join(ROOT, 'docs', name), 'utf8');
    pages.set(name, new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]))));
  }
  return pages;
}

/** What is wrong with the citations of one file's text, one line per problem. */
export function citationProblems(file: string, text: string, pages: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    // Standards quoted by section (RFC 8785 §3.2.2) are documents anyone can read.
    const checked = line.replace(new RegExp(`\\bRFC \\d+ ${SECTION}[\\d.]+`, 'g'), '');
    const forbidden = FORBIDDEN.find(([pattern]) => pattern.test(checked));
    if (forbidden) problems.push(`${where} ${forbidden[1]}`);
    for (const [, page, anchor] of line.matchAll(CITATION)) {
      const anchors = pages.get(page);
      if (!anchors) problems.push(`${where} cita docs/${page}, que não existe`);
      else if (anchor && !anchors.has(anchor))
        problems.push(`${where} cita docs/${page}#${anchor}, âncora inexistente`);
    }
  });
  return problems;
}

function sourceFiles(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return EXTENSIONS.test(path) ? [path] : [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(join(path, entry.name)),
  );
}

describe('citations in comments (docs/README.md)', () => {
  const pages = docsAnchors();

  it('every cited docs/ page and anchor exists, and nothing cites the specifications or issues', () => {
    // This file's own examples are the exception.
    const files = SCANNED.flatMap(sourceFiles).filter((file) => file !== relative(ROOT, __filename));
    expect(files.length).toBeGreaterThan(500);
    const problems = files.flatMap((file) => citationProblems(file, readFileSync(join(ROOT, file), 'utf8'), pages));
    expect(problems).toEqual([]);
  });

  it('refuses a section of a specification, a bare section and an issue number', () => {
    const cite = (text: string) => citationProblems(relative(ROOT, __filename), text, pages);
    expect(cite(`// see spec 1 ${SECTION}6`)).toHaveLength(1);
    expect(cite(`// Spec 2 ${SECTION}2.10 'Ordenar por'`)).toHaveLength(1);
    expect(cite(`/** the ${SECTION}9 defaults */`)).toHaveLength(1);
    expect(cite('// Issue 17 items 2 and 4')).toHaveLength(1);
    expect(cite('// spec 2: money in BRL')).toHaveLength(1);
    expect(cite(`// RFC 8785 ${SECTION}3.2.3 example`)).toEqual([]);
    expect(cite("// the spec's wording")).toEqual([]);
  });

  it('refuses a page or an anchor that does not exist', () => {
    const cite = (text: string) => citationProblems('x.ts', text, pages);
    expect(cite('// docs/processes.md#forwarding')).toEqual([]);
    expect(cite('// docs/processes.md')).toEqual([]);
    expect(cite('// docs/processes.md#nowhere')).toEqual(['x.ts:1 cita docs/processes.md#nowhere, âncora inexistente']);
    expect(cite('// docs/missing.md#rules')).toEqual(['x.ts:1 cita docs/missing.md, que não existe']);
  });

  it('derives anchors as GitHub does', () => {
    expect(anchorOf('Logs screen')).toBe('logs-screen');
    expect(anchorOf('API base')).toBe('api-base');
    expect(anchorOf('Temporary password')).toBe('temporary-password');
  });
});
