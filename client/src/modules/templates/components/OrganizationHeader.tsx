import type { TemplateOrganization } from '@contracts';
import { templatesApi } from '../api/templates-api';

/** The organisational header as it prints: logo (60 px high at most), name, contact lines, colours, fonts. */
export function OrganizationHeader({ organization }: { organization: TemplateOrganization }) {
  const { logo, name, address, phone, email, website, colors, fonts } = organization;
  const contacts = [address, phone, email, website].map((item) => item.trim()).filter(Boolean);
  return (
    <div className="org-header" style={{ borderBottomColor: colors.accent, fontFamily: fonts.body }}>
      {logo && <img className="org-header__logo" src={templatesApi.fileUrl(logo)} alt={`Logo de ${name}`} />}
      <div className="org-header__text">
        <p className="org-header__name" style={{ color: colors.primary, fontFamily: fonts.title }}>
          {name}
        </p>
        {contacts.length > 0 && (
          <p className="org-header__contacts" style={{ color: colors.secondary }}>
            {contacts.join(' · ')}
          </p>
        )}
      </div>
    </div>
  );
}
