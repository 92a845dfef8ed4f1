import { useState } from 'react';
import { Input, SearchField } from 'react-aria-components';
import { useLocation } from 'wouter';
import { Icon } from '@/ui/Icon';

/**
 * Header search (docs/interface.md#search; the specification left its behaviour open). Decision: Enter opens /search?q=<text>, the
 * results page with the matching processes and documents grouped by kind. Esc clears the box.
 */
export function SearchBox() {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  return (
    <SearchField
      className="header__search"
      aria-label="Buscar"
      value={text}
      onChange={setText}
      onSubmit={(value) => {
        const query = value.trim();
        if (query) navigate(`/search?q=${encodeURIComponent(query)}`);
      }}
    >
      <Icon name="search" size={16} className="header__search-icon" />
      <Input className="header__search-input" placeholder="Buscar processos, documentos..." />
    </SearchField>
  );
}
