import { escapeHtml } from '../html.ts';

/** An invitation's plain-text message as HTML paragraphs; nothing when blank. */
export const invitationMessageHtml = (message: string | undefined) =>
  message?.trim()
    ? message
        .trim()
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
        .join('')
    : undefined;
