import { ActionIcon, Box, Button, Group, Input, Popover, Stack, TextInput, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBlockquote,
  IconBold,
  IconH2,
  IconH3,
  IconItalic,
  IconLink,
  IconLinkOff,
  IconList,
  IconListNumbers,
  IconStrikethrough,
  IconUnderline,
} from '@tabler/icons-react';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The announcement's rich text (Tiptap with StarterKit: paragraphs, headings, emphasis, lists, quotes, code, links).
 * What it produces is exactly what the server's sanitiser keeps (modules/announcements/sanitize.ts). `dir` sets the
 * writing direction of the text (an Arabic translation is written right to left whatever the console's language).
 */
export function RichTextEditor({ label, value, onChange, error, dir, testId }: { label: string; value: string; onChange: (html: string) => void; error?: string; dir?: 'ltr' | 'rtl'; testId?: string }) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] } })],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(dir ? { dir } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
        style: 'min-height: 140px; padding: 8px 12px; outline: none;',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A value replaced from outside (the announcement loaded) is shown; the editor's own changes are not re-applied.
  useEffect(() => {
    if (editor && !editor.isFocused && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} error={error}>
      <Box style={{ border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`, borderRadius: 'var(--mantine-radius-sm)' }}>
        {editor ? <Toolbar editor={editor} /> : null}
        <EditorContent editor={editor} />
      </Box>
    </Input.Wrapper>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('announcements');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Group gap={4} p={4} role="toolbar" aria-label={t('editor.toolbar')} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Tool label={t('editor.bold')} active={state.bold} onClick={() => chain().toggleBold().run()} icon={<IconBold size={16} />} />
      <Tool label={t('editor.italic')} active={state.italic} onClick={() => chain().toggleItalic().run()} icon={<IconItalic size={16} />} />
      <Tool label={t('editor.underline')} active={state.underline} onClick={() => chain().toggleUnderline().run()} icon={<IconUnderline size={16} />} />
      <Tool label={t('editor.strike')} active={state.strike} onClick={() => chain().toggleStrike().run()} icon={<IconStrikethrough size={16} />} />
      <Tool label={t('editor.h2')} active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} icon={<IconH2 size={16} />} />
      <Tool label={t('editor.h3')} active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} icon={<IconH3 size={16} />} />
      <Tool label={t('editor.bullet_list')} active={state.bullet} onClick={() => chain().toggleBulletList().run()} icon={<IconList size={16} />} />
      <Tool label={t('editor.ordered_list')} active={state.ordered} onClick={() => chain().toggleOrderedList().run()} icon={<IconListNumbers size={16} />} />
      <Tool label={t('editor.quote')} active={state.quote} onClick={() => chain().toggleBlockquote().run()} icon={<IconBlockquote size={16} />} />
      <LinkTool editor={editor} active={state.link} />
      <Tool label={t('editor.unlink')} disabled={!state.link} onClick={() => chain().unsetLink().run()} icon={<IconLinkOff size={16} />} />
      <Tool label={t('editor.undo')} disabled={!state.undo} onClick={() => chain().undo().run()} icon={<IconArrowBackUp size={16} />} />
      <Tool label={t('editor.redo')} disabled={!state.redo} onClick={() => chain().redo().run()} icon={<IconArrowForwardUp size={16} />} />
    </Group>
  );
}

function Tool({ label, icon, onClick, active, disabled }: { label: string; icon: ReactNode; onClick: () => void; active?: boolean; disabled?: boolean }) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon variant={active ? 'filled' : 'subtle'} color={active ? undefined : 'gray'} aria-label={label} aria-pressed={active === undefined ? undefined : active} disabled={disabled} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** A link on the selected words: an http(s) or mailto address (the editor refuses others, the server removes them). */
function LinkTool({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation('announcements');
  const [opened, setOpened] = useState(false);
  const [href, setHref] = useState('');
  const apply = () => {
    const url = href.trim();
    if (url) editor.chain().focus().extendMarkRange('link').setLink({ href: /^(https?:|mailto:)/i.test(url) ? url : `https://${url}` }).run();
    setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withinPortal position="bottom">
      <Popover.Target>
        <ActionIcon
          variant={active ? 'filled' : 'subtle'}
          color={active ? undefined : 'gray'}
          aria-label={t('editor.link')}
          aria-pressed={active}
          onClick={() => {
            setHref((editor.getAttributes('link').href as string | undefined) ?? '');
            setOpened((o) => !o);
          }}
        >
          <IconLink size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput label={t('editor.link_address')} placeholder="https://" value={href} onChange={(e) => setHref(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), apply())} />
          <Button size="xs" onClick={apply}>
            {t('editor.link_apply')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
