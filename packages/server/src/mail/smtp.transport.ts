import nodemailer from 'nodemailer';
import type { SmtpSettings } from '../config.ts';
import type { MailTransport } from './transport.ts';

/** Delivery through an SMTP server (production). */
export function smtpTransport(smtp: string | SmtpSettings, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtp);
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transporter.close(),
  };
}
