import type { AuthUser } from '#server/common/auth-user';
import { type SqlFragment, visibleProcessesWhere } from '#server/domain/processes/process-visibility';
import { SEARCH_EXPRESSIONS, type SearchTerms, textMatches } from '#server/domain/search/text-search';

/**
 * Which documents (alias `d`) match `terms` — title and description (full text and trigram),
 * protocol number and file name, or the number and subject of the linked process (trigram). The
 * process's facts count only for a caller who may see that process: a hidden process matches
 * nothing, exactly like one that does not exist. Used by GET /documents?q= and by the header search.
 */
export function documentMatchesWhere(viewer: AuthUser, terms: SearchTerms): SqlFragment {
  const processVisible = visibleProcessesWhere(viewer, 'lp');
  const own = textMatches(terms, SEARCH_EXPRESSIONS.documentVector('d'), [SEARCH_EXPRESSIONS.documentText('d')]);
  const file = textMatches(terms, null, [SEARCH_EXPRESSIONS.fileName('sf')]);
  const process = textMatches(terms, null, [SEARCH_EXPRESSIONS.processText('lp')]);
  return {
    sql: `(${own.sql}
      OR EXISTS (SELECT 1 FROM stored_files sf WHERE sf.id = d.file_id AND ${file.sql})
      OR EXISTS (SELECT 1 FROM processes lp WHERE lp.id = d.process_id AND ${process.sql} AND ${processVisible.sql}))`,
    params: { ...own.params, ...processVisible.params },
  };
}
