import { useState, type FormEvent } from 'react';
import { parseContract, updateProfileRequestSchema } from '@contracts';
import { Form } from 'react-aria-components';
import { Link } from 'wouter';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { fieldProblem, messageFor, type FieldProblem } from '@/ui/field-problem';
import { PageHeader } from '@/ui/PageHeader';
import { Spinner } from '@/ui/Spinner';
import { TextField } from '@/ui/TextField';
import { toast } from '@/ui/toast';
import { levelLabel, roleLabel } from '@/modules/auth/permissions';
import { profileApi } from '../api/profile-api';
import { AvatarPicker } from '../components/AvatarPicker';
import { useProfile, useProfileCache } from '../hooks/useProfile';
import '@/styles/people.css';

// docs/accounts.md#validation.
const LOAD_FAILED = 'Erro ao carregar dados do perfil. Por favor, tente novamente.';
const UPDATE_FAILED = 'Erro ao atualizar perfil. Tente novamente.';

/** Meu Perfil (docs/accounts.md#profile): view mode and edit mode; the avatar uploads as soon as it is chosen. */
export default function ProfilePage() {
  const query = useProfile();
  const profile = query.data ?? null;
  const loadError = query.error ? errorMessage(query.error, LOAD_FAILED) : null;
  const adopt = useProfileCache();
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form, setForm] = useState({ name: '', displayName: '' });
  const [problem, setProblem] = useState<FieldProblem<keyof typeof form> | null>(null);

  function startEditing() {
    if (!profile) return;
    setForm({ name: profile.name, displayName: profile.displayName ?? '' });
    setError(null);
    setProblem(null);
    setEditing(true);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own checks (updateProfileRequestSchema), the message at its field.
    const checked = parseContract(updateProfileRequestSchema, form);
    if (!checked.ok) {
      setProblem(fieldProblem(checked.path[0] as keyof typeof form, checked.message));
      return;
    }
    setProblem(null);
    setSaving(true);
    setError(null);
    try {
      adopt(await profileApi.update(checked.data));
      setEditing(false);
      toast.success('Perfil atualizado com sucesso!');
    } catch (caught) {
      setError(errorMessage(caught, UPDATE_FAILED));
    } finally {
      setSaving(false);
    }
  }

  if (!profile) {
    return (
      <>
        <PageHeader title="Meu Perfil" />
        {loadError ? (
          <ErrorBanner message={loadError} onRetry={() => void query.refetch()} />
        ) : (
          <div className="page-loading">
            <Spinner label="Carregando perfil..." />
          </div>
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader title="Meu Perfil" subtitle="Seus dados de identificação no sistema" />
      {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
      <div className="card profile">
        <AvatarPicker
          name={profile.name}
          avatar={profile.avatar}
          onUploaded={(avatar) => {
            adopt({ ...profile, avatar });
            toast.success('Avatar atualizado com sucesso!');
          }}
          onError={setError}
        />
        <div className="profile__details">
          {editing ? (
            <Form className="people-form" onSubmit={(event) => void save(event)} validationBehavior="aria">
              <TextField
                label="Nome completo"
                name="name"
                value={form.name}
                onChange={(name) => setForm((f) => ({ ...f, name }))}
                errorMessage={messageFor(problem, 'name')}
                isRequired
                autoFocus
              />
              <TextField
                label="Nome de exibição (opcional)"
                name="displayName"
                value={form.displayName}
                onChange={(displayName) => setForm((f) => ({ ...f, displayName }))}
                errorMessage={messageFor(problem, 'displayName')}
              />
              <div className="people-form__actions">
                <Button variant="secondary" onPress={() => setEditing(false)} isDisabled={saving}>
                  Cancelar
                </Button>
                <Button type="submit" isPending={saving}>
                  Salvar Alterações
                </Button>
              </div>
            </Form>
          ) : (
            <div className="profile__identity">
              <h2 className="profile__name">{profile.name}</h2>
              {profile.displayName && <p className="profile__display-name">{profile.displayName}</p>}
              <Button variant="secondary" onPress={startEditing}>
                Editar Perfil
              </Button>
            </div>
          )}
          <dl className="profile__fields">
            <div>
              <dt>E-mail</dt>
              <dd>
                {profile.email}{' '}
                <Link href="/settings" className="profile__change-link">
                  Alterar
                </Link>
              </dd>
            </div>
            <div>
              <dt>Usuário</dt>
              <dd>{profile.username}</dd>
            </div>
            <div>
              <dt>Departamento</dt>
              <dd>{profile.department}</dd>
            </div>
            <div>
              <dt>Perfil</dt>
              <dd>{roleLabel(profile.role)}</dd>
            </div>
            <div>
              <dt>Nível hierárquico</dt>
              <dd>{levelLabel(profile.level)}</dd>
            </div>
          </dl>
        </div>
      </div>
    </>
  );
}
