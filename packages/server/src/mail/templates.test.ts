import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES, isMailTemplate, renderMail, type MailTemplate } from './templates.ts';

const base = {
  site: 'Arca',
  siteUrl: 'https://arca.example',
  url: 'https://arca.example/records/abc',
};

describe('mail templates', () => {
  it('render every notification with its subject, text, link and footer', () => {
    const expected: Record<MailTemplate, [string, string]> = {
      'grant-notification': ['Ann shared "Soil" with you', 'Ann gave you manage access to "Soil".'],
      'link-first-use': [
        'Your secret link to "Soil" was used for the first time',
        'The secret link "For reviewers" to "Soil" has just been used for the first time.',
      ],
      'access-request-received': [
        'Access request for "Soil"',
        'Ben asked for access to the files of "Soil".',
      ],
      'access-request-accepted': [
        'Your access request for "Soil" was accepted',
        'You can now see the files of "Soil".',
      ],
      'access-request-declined': [
        'Your access request for "Soil" was declined',
        'The owner of "Soil" declined your request for access.',
      ],
      'guest-verification': [
        'Confirm your access request for "Soil"',
        'Confirm the request within 6 hours.',
      ],
      'guest-access-granted': ['Access to "Soil"', 'this link opens the files of "Soil".'],
      'submission-received': [
        'New submission to Lab: "Soil"',
        'Ben submitted "Soil" to Lab for review.',
      ],
      'submission-accepted': [
        'Your submission "Soil" was accepted',
        'Lab accepted "Soil": it is now published.',
      ],
      'inclusion-accepted': [
        'Your submission "Soil" was accepted',
        'Lab accepted "Soil": the record is now part of the community.',
      ],
      'submission-declined': ['Your submission "Soil" was declined', 'Lab declined "Soil".'],
      'submission-comment': [
        'New comment on your submission "Soil"',
        'Ben commented on your submission "Soil" to Lab.',
      ],
      'signup-welcome': ['Welcome to Arca', 'An account at Arca was created'],
      'signup-address-taken': [
        'Sign-up attempt at Arca with your address',
        'If it was you, log in with your password',
      ],
      'password-reset': ['Reset your password at Arca', 'The link works once, for 60 minutes.'],
      'signup-verify': ['Welcome to Arca', 'The link works for 48 hours.'],
      'email-verification': [
        'Confirm your email address at Arca',
        'Confirm that this email address belongs to your account at Arca.',
      ],
      'email-change': ['Confirm your new email address at Arca', 'which works for 48 hours.'],
      'identity-email': [
        'Finish signing in to Arca',
        'signed in to Arca with ORCID and gave this email address. Follow the link within 60 minutes',
      ],
      'email-changed': [
        'Your email address at Arca was changed',
        'The email address of your account at Arca is now new@example.org.',
      ],
      'community-invitation': [
        'Invitation to join Lab at Arca',
        'Ben invited you to join the community Lab at Arca. Open the link, then log in or sign up with this email address and confirm it, to accept or decline. The link works once, for 30 days.',
      ],
      'fixity-alert': [
        'Stored files at Arca no longer match their checksums',
        'Files affected: 2. Among them: abc/a.csv, abc/b.csv.',
      ],
      'quota-increase-received': [
        'Request for more storage for "Soil"',
        'Ben asked for more storage for "Soil".',
      ],
      'quota-increase-accepted': [
        'Your request for more storage for "Soil" was accepted',
        'The administrators raised the storage limit you asked about.',
      ],
      'quota-increase-declined': [
        'Your request for more storage for "Soil" was declined',
        'Their comment is on the request page.',
      ],
    };
    for (const name of Object.keys(MAIL_TEMPLATES) as MailTemplate[]) {
      const mail = renderMail(name, {
        ...base,
        title: 'Soil',
        grantor: 'Ann',
        requester: 'Ben',
        community: 'Lab',
        permission: 'manage',
        minutes: '60',
        hours: '48',
        days: '30',
        address: 'new@example.org',
        provider: 'ORCID',
        count: '2',
        link: 'For reviewers',
        files: 'abc/a.csv, abc/b.csv',
      });
      const [subject, phrase] = expected[name];
      expect(mail.subject, name).toBe(subject);
      expect(mail.text, name).toContain(phrase);
      expect(mail.text, name).toContain(base.url);
      expect(mail.text, name).toContain('This message was sent by Arca (https://arca.example).');
      expect(mail.html, name).toContain(`<a href="${base.url}">`);
    }
  });

  it('escape names and titles in HTML and keep only harmless formatting of messages', () => {
    const mail = renderMail('grant-notification', {
      ...base,
      title: '<img src=x onerror=alert(1)>',
      grantor: 'Eve & co',
      permission: 'view',
      message:
        '<p onclick="x()">See <a href="javascript:alert(1)">this</a> and <em>that</em></p><iframe src="x"></iframe>',
    });
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('Eve &amp; co');
    expect(mail.html).toContain('<em>that</em>');
    expect(mail.html).not.toMatch(/onclick|javascript:|iframe|<img/);
    expect(mail.text).toContain('See this and that');
    expect(mail.text).toContain('Message from Eve & co:');
  });

  it('add the expiry of a guest link when there is one', () => {
    const mail = renderMail('guest-access-granted', {
      ...base,
      title: 'Soil',
      expires: '2030-01-31',
    });
    expect(mail.text).toContain('The link works until 2030-01-31.');
    expect(renderMail('guest-access-granted', { ...base, title: 'Soil' }).text).not.toContain(
      'works until',
    );
  });

  it('fall back to English for a language without a catalogue', () => {
    expect(renderMail('guest-verification', { ...base, title: 'Soil' }, 'xx').subject).toBe(
      'Confirm your access request for "Soil"',
    );
    expect(isMailTemplate('grant-notification')).toBe(true);
    expect(isMailTemplate('toString')).toBe(false);
  });
});
