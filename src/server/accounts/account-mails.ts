// The account mails. Names go in through the {{customerName}} placeholder (escaped in the HTML part), never
// pasted into the template, so a name can neither inject markup nor another placeholder.
import type { OutgoingMail } from '../mail/outbox';
import { renderMail } from '../mail/render';

export const MAIL_KINDS = {
  setPassword: 'account-set-password',
  passwordReset: 'password-reset',
  adminGranted: 'admin-granted',
  adminRevoked: 'admin-revoked',
  emailChangeConfirm: 'email-change-confirm',
  emailChangeNotice: 'email-change-notice',
  loginUnlock: 'login-unlock',
  emailCode: 'email-code',
} as const;

/**
 * The address of the reset screen, carrying the email and the one-time token; `first` marks an account's first
 * password (the welcome mail), for which the screen speaks of setting, not resetting, a password.
 */
export function resetLink(publicUrl: string, email: string, token: string, first = false): string {
  return `${publicUrl}/resetpassword?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}${first ? '&first=1' : ''}`;
}

/** The web app's confirmation screen for a new account address, carrying the one-time token. */
export function confirmEmailLink(publicUrl: string, token: string): string {
  return `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
}

function mail(kind: string, to: string, name: string, template: { subject: string; body: string }): OutgoingMail {
  return { kind, to, ...renderMail(template, { customerName: name }) };
}

export function setPasswordMail(to: string, name: string, link: string, validHours: number): OutgoingMail {
  return mail(MAIL_KINDS.setPassword, to, name, {
    subject: 'Welcome to Ghee Shop: set your password',
    body: [
      'Hello {{customerName}},',
      // Sent at billing, before any order exists: a welcome, not thanks for an order that may never be placed.
      'Welcome to Ghee Shop! We made an account for you with this email as you went to checkout, so you can follow your orders and check out faster next time.',
      `To choose a password, open this link (it works once, for the next ${validHours} hours):\n${link}`,
      'Later on you can always get a new link with "Forgot password" on the login page.',
      'With love from our kitchen,\nGhee Shop',
    ].join('\n\n'),
  });
}

export function passwordResetMail(to: string, name: string, link: string): OutgoingMail {
  return mail(MAIL_KINDS.passwordReset, to, name, {
    subject: 'Reset your Ghee Shop password',
    body: [
      'Hello {{customerName}},',
      `Someone (we hope you) asked to reset the password of your Ghee Shop account. To choose a new password, open this link (it works once, for the next hour):\n${link}`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
      'Ghee Shop',
    ].join('\n\n'),
  });
}

export function adminGrantedMail(to: string, name: string, publicUrl: string): OutgoingMail {
  return mail(MAIL_KINDS.adminGranted, to, name, {
    subject: 'You now have admin access to Ghee Shop',
    body: [
      'Hello {{customerName}},',
      `You have been given admin access to Ghee Shop. Log in and open the dashboard:\n${publicUrl}/admin`,
      'If you did not expect this, tell the shop owner.',
      'Ghee Shop',
    ].join('\n\n'),
  });
}

export function adminRevokedMail(to: string, name: string): OutgoingMail {
  return mail(MAIL_KINDS.adminRevoked, to, name, {
    subject: 'Your Ghee Shop admin access was removed',
    body: [
      'Hello {{customerName}},',
      'Your admin access to Ghee Shop has been removed. Your customer account and orders are unchanged.',
      'If you think this is a mistake, tell the shop owner.',
      'Ghee Shop',
    ].join('\n\n'),
  });
}

export function emailChangeConfirmMail(to: string, name: string, link: string, validHours: number): OutgoingMail {
  return mail(MAIL_KINDS.emailChangeConfirm, to, name, {
    subject: 'Confirm your new Ghee Shop email address',
    body: [
      'Hello {{customerName}},',
      `You asked to use this address for your Ghee Shop account. To confirm it, open this link (it works once, for the next ${validHours} hours):\n${link}`,
      'Until you open it, your account keeps its current address. If you did not ask for this, ignore this mail.',
      'Ghee Shop',
    ].join('\n\n'),
  });
}

/**
 * To the address being replaced: the owner learns of the change in time to stop it. The new address is a validated
 * e-mail (no braces, so no placeholder), and the HTML part escapes the whole body.
 */
export function emailChangeNoticeMail(to: string, name: string, newAddress: string, resetUrl: string, validHours: number): OutgoingMail {
  return mail(MAIL_KINDS.emailChangeNotice, to, name, {
    subject: 'Your Ghee Shop email address is about to change',
    body: [
      'Hello {{customerName}},',
      `Someone signed in to your Ghee Shop account asked to change its email address to ${newAddress}. It changes only when that address confirms.`,
      `If this was not you, reset your password now with this link (it works once, for the next ${validHours} hours). That signs everyone else out and cancels the change:\n${resetUrl}`,
      'If it was you, there is nothing to do.',
      'Ghee Shop',
    ].join('\n\n'),
  });
}

/**
 * To an account locked by wrong passwords (decision 051): whoever typed them cannot keep the owner out, since this
 * link signs in despite the lock. Sent once a lock begins, at most every UNLOCK_MAIL_EVERY_HOURS.
 */
export function loginUnlockMail(to: string, name: string, link: string, pausedUntil: string, validHours: number): OutgoingMail {
  return mail(MAIL_KINDS.loginUnlock, to, name, {
    subject: 'Sign-ins to your Ghee Shop account are paused',
    body: [
      'Hello {{customerName}},',
      `Someone typed a wrong password for your Ghee Shop account several times, so signing in with the password is paused until ${pausedUntil} (India time). Nobody got in: the pause keeps your password from being guessed.`,
      `If it was you, or you want to sign in now, open this link and enter your password. It works despite the pause, on any device, for the next ${validHours} hours:\n${link}`,
      'If it was not you, you need do nothing. To be safe you can also choose a new password with "Forgot password" on the login page.',
      'Ghee Shop',
    ].join('\n\n'),
  });
}

export function emailCodeMail(to: string, name: string, code: string, validMinutes: number): OutgoingMail {
  return mail(MAIL_KINDS.emailCode, to, name, {
    subject: `${code} is your Ghee Shop code`,
    body: [
      'Hello {{customerName}},',
      `Your code to continue at Ghee Shop is ${code}. Type it on the page that asked for it; it works once, for the next ${validMinutes} minutes.`,
      'If you did not ask for a code, ignore this mail: nobody can use your account without it.',
      'Ghee Shop',
    ].join('\n\n'),
  });
}
