import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import Placeholder from '@tiptap/extension-placeholder';
import { EditorContent, useEditor } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { EditorToolbar } from './EditorToolbar.tsx';
import { UploadTray } from './UploadTray.tsx';
import { useImageUploads } from './use-image-uploads.ts';

interface RichTextEditorProps {
  id: string;
  labelId: string;
  initialHtml: string;
  /** The HTML now, and whether it holds any text or picture. */
  onChange: (html: string, filled: boolean) => void;
  /** How many pictures are on their way; the form waits for them. */
  onUploading: (count: number) => void;
  describedBy?: string;
  invalid: boolean;
}

const hasContent = (editor: Editor): boolean => {
  if (editor.getText().trim() !== '') return true;
  let picture = false;
  editor.state.doc.descendants((node) => {
    if (node.type.name === 'image') picture = true;
    return !picture;
  });
  return picture;
};

const imageFiles = (list: FileList | null | undefined): File[] => Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));

/**
 * The post's body: Tiptap limited to what the server keeps (src/server/html/sanitize.ts), so what
 * is written is what is shown. Pictures are made smaller in the browser, go to our storage with
 * their progress shown under the toolbar, and are placed by their URL.
 */
export function RichTextEditor({ id, labelId, initialHtml, onChange, onUploading, describedBy, invalid }: RichTextEditorProps) {
  const editorRef = useRef<Editor | null>(null);
  const { uploads, pending, add, retry, remove } = useImageUploads(({ url, width, height }) => {
    editorRef.current?.chain().focus().setImage({ src: url, alt: '', width, height }).createParagraphNear().run();
  });
  const insertImages = (files: File[]) => {
    if (files.length > 0) add(files);
  };

  const onUploadingRef = useRef(onUploading);
  onUploadingRef.current = onUploading;
  useEffect(() => onUploadingRef.current(pending), [pending]);

  const editor = useEditor({
    // The island renders in the browser only; the first render already has the editor.
    immediatelyRender: true,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // Only what the server's allow-list keeps and the toolbar offers.
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: false,
      }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['http', 'https', 'mailto'],
        HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      Placeholder.configure({ placeholder: '나누고 싶은 이야기를 자유롭게 적어 주세요.' }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        id,
        class: 'editor-content prose-editor',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
      // Pasted or dropped pictures are uploaded like picked ones; their bytes never enter the HTML.
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0) return false;
        insertImages(files);
        return true;
      },
      handleDrop: (_view, event) => {
        const files = imageFiles(event.dataTransfer?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        insertImages(files);
        return true;
      },
    },
    onCreate: ({ editor: created }) => {
      editorRef.current = created;
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML(), hasContent(changed)),
  });
  editorRef.current = editor;

  return (
    <div className="editor" data-invalid={invalid}>
      <div className="editor-head">
        <EditorToolbar editor={editor} onImages={insertImages} uploading={pending > 0} fileInputId={`${id}-images`} />
        <UploadTray uploads={uploads} onRetry={retry} onRemove={remove} />
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
