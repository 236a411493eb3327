import type { RenderedMail } from './templates.ts';

export interface OutgoingMail extends RenderedMail {
  to: string;
  /** The template it was rendered from (kept in the outbox). */
  template: string;
  params: Record<string, unknown>;
}

/**
 * Where mail goes. `send` resolves once the message is accepted for
 * delivery and throws when it is not, so the job queue retries it.
 */
export interface MailTransport {
  readonly name: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}
