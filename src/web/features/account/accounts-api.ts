import { sameSitePath } from '../../../domain/app-routes';
import type {
  AuthAnswer,
  ConfirmEmailAnswer,
  EmailCodeAnswer,
  EmailCodeVerifyInput,
  GuestRegisterInput,
  LoginInput,
  ProfileAnswer,
  ProfileInput,
  RegisterInput,
  ResetNewPasswordInput,
} from '../../../domain/schemas/account';
import { api } from '../../lib/api-client';
import { setSession } from '../session/session-store';

/** Account calls of DESIGN.md §3. Every call that signs in stores the session the same way. */
export const accountsApi = {
  login: (body: LoginInput) => api.post<AuthAnswer>('/api/account/login', body),
  register: (body: RegisterInput) => api.post<AuthAnswer>('/api/account/register', body),
  registerOnProcess: (body: GuestRegisterInput) => api.post<AuthAnswer>('/api/account/registeronprocess', body),
  requestReset: (email: string) => api.post<unknown>('/api/account/resetpassword', { email }),
  resetPassword: (body: ResetNewPasswordInput) => api.post<AuthAnswer>('/api/account/resetnewpassword', body),
  updateProfile: (body: ProfileInput) => api.put<ProfileAnswer>('/api/account/profile', body),
  confirmEmail: (token: string) => api.post<ConfirmEmailAnswer>('/api/account/confirm-email', { token }),
  requestEmailCode: (email: string) => api.post<EmailCodeAnswer>('/api/account/email-code', { email }),
  verifyEmailCode: (body: EmailCodeVerifyInput) => api.post<AuthAnswer>('/api/account/email-code/verify', body),
};

export function signIn(answer: AuthAnswer, remember = false): void {
  setSession({ token: answer.token, user: answer.user, remember });
}

/** Only the shop's own paths are followed after login, never another site. */
export function safeNext(next: string | null): string {
  return sameSitePath(next) ?? '/';
}
