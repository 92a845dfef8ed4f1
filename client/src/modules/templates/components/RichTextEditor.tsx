import '../templates.css';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button as AriaButton, Toolbar, ToggleButton } from 'react-aria-components';
import { errorMessage } from '@/lib/http';
import { Icon } from '@/ui/Icon';
import { Spinner } from '@/ui/Spinner';
import { cx } from '@/ui/cx';
import { templatesApi } from '../api/templates-api';
import { uploadedFileName, uploadedImageSrc } from '../utils/upload-src';
import { ImageInsertDialog } from './ImageInsertDialog';
import { UploadedImage } from './uploaded-image';

/** docs/templates.md#editor, image upload. */
export const IMAGE_UPLOAD_FAILED = 'Falha ao enviar imagem. Por favor, tente novamente.';

/** Shows our uploads with the session's token; any other src as written. */
export function displayImageSrc(src: string): string {
  const fileName = uploadedFileName(src);
  return fileName ? templatesApi.fileUrl(fileName) : src;
}

export interface RichTextEditorProps {
  label: string;
  /** Initial HTML (later changes of the prop are ignored: remount with a `key` to replace it). */
  initialContent: string;
  onChange: (html: string) => void;
  errorMessage?: string;
  /** Shows an upload failure (the image button's own errors). */
  onUploadError: (message: string) => void;
}

/**
 * The content editor of templates and of documents made from them (TipTap 3): a toolbar with
 * bold, italic, underline, headings, lists, alignment, table, image, undo and redo, 15 rows tall.
 */
export function RichTextEditor({
  label,
  initialContent,
  onChange,
  errorMessage: error,
  onUploadError,
}: RichTextEditorProps) {
  const labelId = useId();
  const errorId = useId();
  const extensions = useMemo(
    () => [
      StarterKit.configure({ heading: { levels: [1, 2, 3] }, link: false, code: false, codeBlock: false }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      TableKit.configure({ table: { resizable: false } }),
      UploadedImage.configure({ displaySrc: displayImageSrc }),
    ],
    [],
  );
  const editor = useEditor({
    extensions,
    content: initialContent,
    editorProps: {
      attributes: {
        class: 'rich-editor__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <div className={cx('field rich-editor', error && 'rich-editor--invalid')} data-invalid={error ? true : undefined}>
      <span id={labelId} className="field__label">
        {label}
      </span>
      <EditorToolbar editor={editor} label={label} onUploadError={onUploadError} />
      <EditorContent editor={editor} className="rich-editor__area" />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function ToolButton({
  label,
  isActive,
  isDisabled,
  onPress,
  children,
}: {
  label: string;
  isActive?: boolean;
  isDisabled?: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  if (isActive === undefined) {
    return (
      <AriaButton className="rich-editor__tool" aria-label={label} isDisabled={isDisabled} onPress={onPress}>
        {children}
      </AriaButton>
    );
  }
  return (
    <ToggleButton
      className="rich-editor__tool"
      aria-label={label}
      isSelected={isActive}
      isDisabled={isDisabled}
      onChange={onPress}
    >
      {children}
    </ToggleButton>
  );
}

function EditorToolbar({
  editor,
  label,
  onUploadError,
}: {
  editor: Editor;
  label: string;
  onUploadError: (message: string) => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      left: e.isActive({ textAlign: 'left' }),
      center: e.isActive({ textAlign: 'center' }),
      right: e.isActive({ textAlign: 'right' }),
      justify: e.isActive({ textAlign: 'justify' }),
      inTable: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState<{ fileName: string; name: string } | null>(null);
  const chain = () => editor.chain().focus();

  const upload = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const reply = await templatesApi.upload(file, 'template-image');
      setUploaded({ fileName: reply.filename, name: reply.name || file.name });
    } catch (failure) {
      onUploadError(errorMessage(failure, IMAGE_UPLOAD_FAILED));
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <Toolbar className="rich-editor__toolbar" aria-label={`Formatação: ${label}`}>
        <ToolButton label="Negrito" isActive={state.bold} onPress={() => chain().toggleBold().run()}>
          <b>N</b>
        </ToolButton>
        <ToolButton label="Itálico" isActive={state.italic} onPress={() => chain().toggleItalic().run()}>
          <i>I</i>
        </ToolButton>
        <ToolButton label="Sublinhado" isActive={state.underline} onPress={() => chain().toggleUnderline().run()}>
          <u>S</u>
        </ToolButton>
        <span className="rich-editor__separator" aria-hidden="true" />
        {([1, 2, 3] as const).map((level) => (
          <ToolButton
            key={level}
            label={`Título ${level}`}
            isActive={state[`h${level}`]}
            onPress={() => chain().toggleHeading({ level }).run()}
          >
            Título {level}
          </ToolButton>
        ))}
        <span className="rich-editor__separator" aria-hidden="true" />
        <ToolButton
          label="Lista com marcadores"
          isActive={state.bullet}
          onPress={() => chain().toggleBulletList().run()}
        >
          <Icon name="listBullet" size={18} />
        </ToolButton>
        <ToolButton label="Lista numerada" isActive={state.ordered} onPress={() => chain().toggleOrderedList().run()}>
          <Icon name="listOrdered" size={18} />
        </ToolButton>
        <span className="rich-editor__separator" aria-hidden="true" />
        <ToolButton label="Alinhar à esquerda" isActive={state.left} onPress={() => chain().setTextAlign('left').run()}>
          <Icon name="alignLeft" size={18} />
        </ToolButton>
        <ToolButton label="Centralizar" isActive={state.center} onPress={() => chain().setTextAlign('center').run()}>
          <Icon name="alignCenter" size={18} />
        </ToolButton>
        <ToolButton
          label="Alinhar à direita"
          isActive={state.right}
          onPress={() => chain().setTextAlign('right').run()}
        >
          <Icon name="alignRight" size={18} />
        </ToolButton>
        <ToolButton label="Justificar" isActive={state.justify} onPress={() => chain().setTextAlign('justify').run()}>
          <Icon name="alignJustify" size={18} />
        </ToolButton>
        <span className="rich-editor__separator" aria-hidden="true" />
        {state.inTable ? (
          <>
            <ToolButton label="Adicionar linha" onPress={() => chain().addRowAfter().run()}>
              + Linha
            </ToolButton>
            <ToolButton label="Adicionar coluna" onPress={() => chain().addColumnAfter().run()}>
              + Coluna
            </ToolButton>
            <ToolButton label="Excluir tabela" onPress={() => chain().deleteTable().run()}>
              × Tabela
            </ToolButton>
          </>
        ) : (
          <ToolButton
            label="Inserir tabela"
            onPress={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
          >
            <Icon name="table" size={18} />
          </ToolButton>
        )}
        <ToolButton label="Inserir imagem" isDisabled={uploading} onPress={() => fileInput.current?.click()}>
          {uploading ? <Spinner size="sm" /> : <Icon name="image" size={18} />}
        </ToolButton>
        <span className="rich-editor__separator" aria-hidden="true" />
        <ToolButton label="Desfazer" isDisabled={!state.canUndo} onPress={() => chain().undo().run()}>
          <Icon name="undo" size={18} />
        </ToolButton>
        <ToolButton label="Refazer" isDisabled={!state.canRedo} onPress={() => chain().redo().run()}>
          <Icon name="redo" size={18} />
        </ToolButton>
      </Toolbar>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="template-image-input"
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      {uploaded && (
        <ImageInsertDialog
          name={uploaded.name}
          onCancel={() => setUploaded(null)}
          onInsert={({ width, textAlign }) => {
            chain()
              .insertContent({
                type: 'paragraph',
                attrs: { textAlign },
                content: [
                  { type: 'image', attrs: { src: uploadedImageSrc(uploaded.fileName), alt: uploaded.name, width } },
                ],
              })
              .run();
            setUploaded(null);
          }}
        />
      )}
    </>
  );
}
