import { TEMPLATE_FONTS, type TemplateColors, type TemplateFonts, type TemplateOrganization } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Select } from '@/ui/Select';
import { Spinner } from '@/ui/Spinner';
import { TextField } from '@/ui/TextField';
import { templatesApi } from '../api/templates-api';
import { templateKeys } from '../api/template-keys';
import { OrganizationHeader } from './OrganizationHeader';

/** docs/templates.md#validation. */
export const LOGO_UPLOAD_FAILED = 'Falha ao enviar logo. Por favor, tente novamente.';
const LOGOS_LOAD_FAILED = 'Falha ao carregar logos anteriores. Por favor, tente novamente.';

const COLOR_FIELDS: { key: keyof TemplateColors; label: string }[] = [
  { key: 'primary', label: 'Cor primária' },
  { key: 'secondary', label: 'Cor secundária' },
  { key: 'accent', label: 'Cor de destaque' },
];
const FONT_FIELDS: { key: keyof TemplateFonts; label: string }[] = [
  { key: 'title', label: 'Fonte dos títulos' },
  { key: 'body', label: 'Fonte do texto' },
];
const FONT_OPTIONS = TEMPLATE_FONTS.map((font) => ({ id: font, label: font }));
const TEXT_FIELDS: { key: 'name' | 'address' | 'phone' | 'email' | 'website'; label: string; type?: string }[] = [
  { key: 'name', label: 'Nome da organização' },
  { key: 'address', label: 'Endereço' },
  { key: 'phone', label: 'Telefone', type: 'tel' },
  { key: 'email', label: 'E-mail', type: 'email' },
  { key: 'website', label: 'Site', type: 'url' },
];

export interface OrganizationSectionProps {
  organization: TemplateOrganization;
  onChange: (organization: TemplateOrganization) => void;
}

/** The organisational header of docx and hybrid templates (docs/templates.md#editor), with its live preview. */
export function OrganizationSection({ organization, onChange }: OrganizationSectionProps) {
  const set = (patch: Partial<TemplateOrganization>) => onChange({ ...organization, ...patch });
  return (
    <div className="template-form__section">
      <div className="template-form__grid">
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            type={field.type}
            value={organization[field.key]}
            onChange={(value) => set({ [field.key]: value })}
          />
        ))}
      </div>
      <LogoField logo={organization.logo} onChange={(logo) => set({ logo })} />
      <div className="template-form__grid template-form__grid--narrow">
        {COLOR_FIELDS.map((field) => (
          <ColorField
            key={field.key}
            label={field.label}
            value={organization.colors[field.key]}
            onChange={(value) => set({ colors: { ...organization.colors, [field.key]: value } })}
          />
        ))}
        {FONT_FIELDS.map((field) => (
          <Select
            key={field.key}
            label={field.label}
            options={FONT_OPTIONS}
            value={organization.fonts[field.key]}
            onChange={(value) => set({ fonts: { ...organization.fonts, [field.key]: value } })}
          />
        ))}
      </div>
      {organization.name.trim() && (
        <div className="template-form__header-preview">
          <p className="field__label">Pré-visualização do cabeçalho</p>
          <div className="template-form__header-sheet" data-testid="header-preview">
            <OrganizationHeader organization={organization} />
          </div>
        </div>
      )}
    </div>
  );
}

function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field color-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <span className="color-field__row">
        <input
          id={id}
          type="color"
          className="color-field__input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <code>{value}</code>
      </span>
    </div>
  );
}

function LogoField({ logo, onChange }: { logo: string | null; onChange: (logo: string | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [showEarlier, setShowEarlier] = useState(false);

  const upload = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError(null);
    setUploading(true);
    try {
      onChange((await templatesApi.upload(file, 'organization-logo')).filename);
    } catch (failure) {
      setError(errorMessage(failure, LOGO_UPLOAD_FAILED));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="field logo-field">
      <span className="field__label">Logo</span>
      <div className="logo-field__row">
        {logo && <img className="logo-field__preview" src={templatesApi.fileUrl(logo)} alt="Logo atual" />}
        <Button variant="secondary" size="sm" isDisabled={uploading} onPress={() => input.current?.click()}>
          {uploading ? <Spinner size="sm" label="Enviando logo..." /> : logo ? 'Trocar logo' : 'Enviar logo'}
        </Button>
        {logo && (
          <Button variant="ghost" size="sm" onPress={() => onChange(null)}>
            Remover logo
          </Button>
        )}
        <Button variant="ghost" size="sm" onPress={() => setShowEarlier((shown) => !shown)} aria-expanded={showEarlier}>
          {showEarlier ? 'Ocultar logos anteriores' : 'Carregar logos anteriores'}
        </Button>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="logo-input"
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
      {showEarlier && <EarlierLogos current={logo} onPick={onChange} />}
    </div>
  );
}

function EarlierLogos({ current, onPick }: { current: string | null; onPick: (logo: string) => void }) {
  const logos = useQuery({ queryKey: templateKeys.logos(), queryFn: ({ signal }) => templatesApi.logos(signal) });
  if (logos.isError) {
    return <ErrorBanner message={errorMessage(logos.error, LOGOS_LOAD_FAILED)} onRetry={() => void logos.refetch()} />;
  }
  if (!logos.data) return <Spinner size="sm" label="Carregando logos..." />;
  if (logos.data.logos.length === 0) return <p className="field__description">Nenhum logo enviado anteriormente.</p>;
  return (
    <ul className="logo-field__earlier" aria-label="Logos anteriores">
      {logos.data.logos.map((item) => (
        <li key={item.filename}>
          <Button
            variant="secondary"
            size="sm"
            className="logo-field__choice"
            aria-pressed={item.filename === current}
            aria-label={`Usar logo ${item.name}`}
            onPress={() => onPick(item.filename)}
          >
            <img src={templatesApi.fileUrl(item.filename)} alt="" />
            <span>{item.name}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
