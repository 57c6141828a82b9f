/**
 * The screen of every request form (route `/base-request/<route_name>/{-$id_acq_replay}`): loads
 * what the form needs (user, credit, categories, the replayed purchase, the saved pension fund),
 * shows the spec's texts when a load fails (001 §8), opens the information and pension-acceptance
 * modals (001 §2, §4), then renders the engine. A seventh form declared in config needs nothing here.
 */
import { Alert, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import { findForm } from '../../../../config/forms';
import type { FormDeclaration } from '../../../../config/forms/types';
import { formMessages, type FormMessageKey } from '../../../../config/messages-forms.it';
import { ApiError } from '../../api/client';
import { creditQueryOptions, queryKeys, userInfoQueryOptions } from '../../api/query-options';
import type { LoggedUserInfo } from '../../api/types';
import { showBackendError } from '../../components/backend-error-box';
import { useSessionStore } from '../../stores/session';
import { replayToFormData } from '../../../shared/forms';
import { parseCents } from '../../../shared/money';
import type { FormEngineContext } from './form-context';
import { askPensionAcceptance, openInfoDialog, type OpenDialog } from './form-dialogs';
import { FormEngine, pensionFundField } from './form-engine';
import { FormIntro } from './form-intro';
import {
  acceptPensionInformation,
  categoriesQueryOptions,
  pensionFundQueryOptions,
  pensionInformationQueryOptions,
  replayQueryOptions,
} from './form-queries';
import { compiledFormSchema, type FormValues } from './validators';

export interface FormScreenProps {
  /** The form's route name (config/forms); ignored when `declaration` is given. */
  readonly routeName: string;
  /** `id_acq_replay`: the purchase the form starts from. */
  readonly replayId?: number;
  /** A declaration not in config/forms (tests of a form that exists only as a fixture). */
  readonly declaration?: FormDeclaration;
}

export function FormScreen({ routeName, replayId, declaration }: FormScreenProps) {
  const form = declaration ?? findForm(routeName);
  if (!form) return <FormFailure message="formLoadError" />;
  // A new form or a new replay starts from scratch.
  return <LoadedForm key={`${form.route_name}:${replayId ?? ''}`} declaration={form} replayId={replayId} />;
}

function FormFailure({ message, title }: { message: FormMessageKey; title?: string }) {
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        {title && (
          <Title order={1} size="h2">
            {title}
          </Title>
        )}
        <Alert color="red" role="alert" data-testid="form-load-error">
          {formMessages[message]}
        </Alert>
        <Button component={Link} to="/menu" variant="light" w={{ base: '100%', xs: 'auto' }}>
          {formMessages.formBackToMenu}
        </Button>
      </Stack>
    </Container>
  );
}

function FormLoading({ title }: { title: string }) {
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Stack align="center" py="xl" gap="sm" role="status" aria-live="polite">
          <Loader aria-hidden="true" />
          <Text c="dimmed">{formMessages.formLoading}</Text>
        </Stack>
      </Stack>
    </Container>
  );
}

/** Marks the pension information as accepted in the cached user and in the session (sessionStorage). */
function rememberPensionAccepted(user: LoggedUserInfo): LoggedUserInfo {
  return { ...user, user_anag: { ...user.user_anag, previdenza_is_ok: true } };
}

function LoadedForm({ declaration, replayId }: { declaration: FormDeclaration; replayId?: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const compiled = compiledFormSchema(declaration.schemaId);
  const fundField = pensionFundField(declaration);

  const userQuery = useQuery(userInfoQueryOptions());
  const creditQuery = useQuery(creditQueryOptions());
  const categoriesQuery = useQuery({
    ...categoriesQueryOptions(declaration.kind),
    enabled: declaration.categories,
  });
  const replayQuery = useQuery({ ...replayQueryOptions(replayId ?? 0), enabled: replayId !== undefined });
  const savedCovip = userQuery.data?.user_anag.covip_fondo ?? null;
  const fundQuery = useQuery({
    ...pensionFundQueryOptions(savedCovip ?? ''),
    enabled: fundField !== undefined && savedCovip !== null && savedCovip !== '',
  });

  const loaded =
    userQuery.isSuccess &&
    creditQuery.isSuccess &&
    (!declaration.categories || categoriesQuery.isSuccess) &&
    (replayId === undefined || replayQuery.isSuccess) &&
    // The saved fund's lookup only completes the read-only institute and name: a failure is not fatal.
    !fundQuery.isLoading;

  const user = useMemo<FormEngineContext['user'] | null>(() => {
    const anag = userQuery.data?.user_anag;
    if (!anag) return null;
    return { nome: anag.nome, cognome: anag.cognome, cod_fisc: anag.cod_fisc, covip_fondo: anag.covip_fondo };
  }, [userQuery.data]);

  // The modals on entry, once the user is known: pension acceptance first (when due), then the information.
  const introStarted = useRef(false);
  const openDialogs = useRef<OpenDialog[]>([]);
  const userReady = loaded && userQuery.data !== undefined;
  useEffect(() => {
    // Read, not depended on: accepting the pension information rewrites the cached user.
    const userInfo = queryClient.getQueryData<LoggedUserInfo>(queryKeys.userInfo);
    if (!userReady || introStarted.current || !userInfo) return;
    introStarted.current = true;
    const { pensionAcceptance, infoModal } = declaration.intro;
    let cancelled = false;
    const track = (dialog: OpenDialog) => {
      if (cancelled) dialog.close();
      else openDialogs.current.push(dialog);
    };
    const sessionAccepted = useSessionStore.getState().user?.user_anag.previdenza_is_ok === true;
    const mustAccept = pensionAcceptance === true && !userInfo.user_anag.previdenza_is_ok && !sessionAccepted;

    const accept = async (): Promise<boolean> => {
      try {
        await acceptPensionInformation();
      } catch (error) {
        void showBackendError(error instanceof ApiError ? error.data : error);
        return false;
      }
      queryClient.setQueryData<LoggedUserInfo>(queryKeys.userInfo, (cached) =>
        cached ? rememberPensionAccepted(cached) : cached,
      );
      const session = useSessionStore.getState();
      if (session.user) session.setUser(rememberPensionAccepted(session.user));
      return true;
    };

    const run = async () => {
      if (mustAccept) {
        const informationUrl = queryClient
          .fetchQuery(pensionInformationQueryOptions())
          .then((answer) => answer.url)
          .catch((error: unknown) => {
            console.warn('Pension information link not loaded', error);
            return null;
          });
        const { result, dialog } = await askPensionAcceptance(informationUrl, accept);
        track(dialog);
        if (!(await result)) {
          if (!cancelled) void navigate({ to: '/menu' });
          return;
        }
      }
      if (infoModal && !cancelled) track(await openInfoDialog(infoModal.title, formMessages[infoModal.body]));
    };
    void run();
    const dialogs = openDialogs.current;
    return () => {
      // Leaving the form (or React's development remount) closes what the form opened.
      cancelled = true;
      introStarted.current = false;
      for (const dialog of dialogs.splice(0)) dialog.close();
    };
  }, [userReady, declaration, queryClient, navigate]);

  const initialData = useMemo<FormValues>(() => {
    const preset: FormValues = {};
    const properties = compiled?.schema.properties ?? {};
    if (fundField && savedCovip) {
      preset[fundField] = savedCovip;
      if (fundQuery.data) {
        if ('istituto' in properties) preset.istituto = fundQuery.data.istituto;
        if ('nome' in properties) preset.nome = fundQuery.data.nome;
      }
    }
    const replayed = replayQuery.data === undefined ? {} : replayToFormData(declaration, replayQuery.data);
    return { ...preset, ...replayed };
  }, [compiled, declaration, fundField, fundQuery.data, replayQuery.data, savedCovip]);

  const onCompleted = () => {
    // The navbar's credit (query and session copy) and the saved fund change with the purchase.
    void queryClient.invalidateQueries({ queryKey: queryKeys.credit });
    void queryClient
      .fetchQuery({ ...userInfoQueryOptions(), staleTime: 0 })
      .then((fresh) => {
        const session = useSessionStore.getState();
        if (session.isLogged) session.setUser(fresh);
      })
      .catch((error: unknown) => console.warn('User info not refreshed after the request', error));
    void navigate({ to: '/menu' });
  };

  if (!compiled || userQuery.isError || creditQuery.isError)
    return <FormFailure message="formLoadError" title={declaration.title} />;
  if (declaration.categories && categoriesQuery.isError)
    return <FormFailure message="formCategoriesLoadError" title={declaration.title} />;
  if (replayId !== undefined && replayQuery.isError)
    return <FormFailure message="formReplayLoadError" title={declaration.title} />;
  if (!loaded || !user || !creditQuery.data) return <FormLoading title={declaration.title} />;

  const creditCents = parseCents(creditQuery.data[declaration.credit]) ?? 0;
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Title order={1} size="h2">
          {declaration.title}
        </Title>
        <FormIntro declaration={declaration} user={user} />
        <FormEngine
          declaration={declaration}
          compiled={compiled}
          initialData={initialData}
          creditCents={creditCents}
          categories={categoriesQuery.data ?? []}
          user={user}
          savedFund={fundQuery.data ?? null}
          onCompleted={onCompleted}
        />
      </Stack>
    </Container>
  );
}
