import type { LoginBody, PasswordForgot, PasswordReset, SignupBody, UserItem } from '@arca/schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './client.ts';
import { queryKeys } from './query-keys.ts';
import { leaveSite, startSession } from './session.ts';

/** The logged-in user, or null for an anonymous visitor (the API answers 401). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<UserItem | null> {
  try {
    return await api.get<UserItem>('/api/me', signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function logIn(body: LoginBody): Promise<UserItem> {
  return api.post<UserItem>('/api/auth/login', body);
}

/**
 * The server answers alike whether or not the address had an account, and
 * logs nobody in: the mail it sends tells the owner how to go on.
 */
export function signUp(body: SignupBody): Promise<{ email: string }> {
  return api.post<{ email: string }>('/api/auth/signup', body);
}

/** A session the SAML IdP opened is logged out there too: the answer says where to go. */
export function logOut(): Promise<{ logout_url: string } | undefined> {
  return api.post<{ logout_url: string } | undefined>('/api/auth/logout');
}

/** Shared by the hook and the route guard, which reads it before a page renders. */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: 5 * 60_000,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: (user) => startSession(queryClient, user),
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

/**
 * `leavePage` runs before the session is forgotten, so that a page which
 * needs a login does not send the visitor to /login on the way out.
 */
export function useLogOut(leavePage: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logOut,
    onSuccess: async (answer) => {
      await leavePage();
      startSession(queryClient, null);
      if (answer?.logout_url) leaveSite.to(answer.logout_url);
    },
  });
}

/** Answered alike for every address: the mail goes only to an account's owner. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: PasswordForgot) =>
      api.post<{ email: string }>('/api/auth/password/forgot', body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: PasswordReset) => api.post<void>('/api/auth/password/reset', body),
  });
}

/** Confirms the address a mailed link was sent to; the signed-in user's state follows. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<void>('/api/auth/verify-email', { token }),
    onSuccess: async () => {
      // A first sign-in's link opens a session. The page's own "who am I" may still be on
      // its way, sent before the session existed: a refetch would join it and keep its
      // answer, so it is dropped and asked again.
      await queryClient.cancelQueries({ queryKey: queryKeys.currentUser });
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<{ email: string }>('/api/me/email/verification'),
  });
}
