import { useRef, useState, type ChangeEvent } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { errorMessage } from '@/lib/http';
import { Spinner } from '@/ui/Spinner';
import { profileApi } from '../api/profile-api';
import { avatarFileError } from '../utils/avatar';
import { UserAvatar } from './UserAvatar';

const UPLOAD_FAILED = 'Erro ao fazer upload do avatar. Tente novamente.';

export interface AvatarPickerProps {
  name: string;
  avatar: string | null;
  onUploaded: (avatarUrl: string) => void;
  onError: (message: string) => void;
}

/** Clicking the avatar picks an image; a valid one uploads at once (docs/accounts.md#profile Profile). */
export function AvatarPicker({ name, avatar, onUploaded, onError }: AvatarPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  async function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const invalid = avatarFileError(file);
    if (invalid) {
      onError(invalid);
      return;
    }
    setUploading(true);
    try {
      onUploaded((await profileApi.uploadAvatar(file)).avatarUrl);
    } catch (error) {
      onError(errorMessage(error, UPLOAD_FAILED));
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="avatar-picker">
      <AriaButton className="avatar-picker__button" onPress={() => input.current?.click()} isDisabled={uploading}>
        {/* The visible text names the button ('Alterar foto'); the picture is decoration here. */}
        <span aria-hidden="true">
          <UserAvatar name={name} avatar={avatar} size="xl" />
        </span>
        <span className="avatar-picker__hint">
          {uploading ? <Spinner size="sm" label="Enviando..." /> : 'Alterar foto'}
        </span>
      </AriaButton>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="avatar-input"
        onChange={(event) => void picked(event)}
      />
    </div>
  );
}
