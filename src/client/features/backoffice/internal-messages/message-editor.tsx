/**
 * The rich-text editor of the internal messaging (`@mantine/tiptap` on tiptap's StarterKit, links
 * through Mantine's Link extension), with Italian control labels. Only the route office-mess-interna
 * imports it, so tiptap stays in that route's lazy chunk. Reports the HTML and whether there is text.
 */
import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { messages } from '../../../../shared/catalogues/account';

const LABELS = {
  boldControlLabel: messages.messEditorBold,
  italicControlLabel: messages.messEditorItalic,
  underlineControlLabel: messages.messEditorUnderline,
  strikeControlLabel: messages.messEditorStrike,
  clearFormattingControlLabel: messages.messEditorClear,
  h2ControlLabel: messages.messEditorH2,
  h3ControlLabel: messages.messEditorH3,
  bulletListControlLabel: messages.messEditorBullets,
  orderedListControlLabel: messages.messEditorNumbers,
  blockquoteControlLabel: messages.messEditorQuote,
  linkControlLabel: messages.messEditorLink,
  unlinkControlLabel: messages.messEditorUnlink,
  linkEditorInputLabel: messages.messEditorLinkInput,
  linkEditorInputPlaceholder: 'https://',
  linkEditorSave: messages.messEditorLinkSave,
  linkEditorExternalLink: messages.messEditorLinkExternal,
  linkEditorInternalLink: messages.messEditorLinkInternal,
  undoControlLabel: messages.messEditorUndo,
  redoControlLabel: messages.messEditorRedo,
};

export interface EditorChange {
  html: string;
  hasText: boolean;
}

interface Props {
  /** Changes the editor's content to empty when it changes (after a message is sent). */
  resetKey: number;
  onChange: (change: EditorChange) => void;
  invalid: boolean;
  describedBy: string;
  disabled?: boolean;
}

export function MessageEditor(props: Props) {
  // A new editor for each message: the content starts empty again.
  return <EditorInstance key={props.resetKey} {...props} />;
}

function EditorInstance({ onChange, invalid, describedBy, disabled }: Props) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
    ],
    content: '',
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editable: !disabled,
    editorProps: {
      attributes: {
        'aria-label': messages.messEditorLabel,
        'aria-multiline': 'true',
        'aria-describedby': describedBy,
        'aria-invalid': invalid ? 'true' : 'false',
        role: 'textbox',
        'data-testid': 'message-editor',
      },
    },
    onUpdate: ({ editor: e }) => onChange({ html: e.getHTML(), hasText: e.getText().trim() !== '' }),
  });

  return (
    <RichTextEditor
      editor={editor}
      labels={LABELS}
      style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.Blockquote />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={180} />
    </RichTextEditor>
  );
}
