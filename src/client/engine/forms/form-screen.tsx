/**
 * The screen of every form.
 *
 * - `FormScreen`: a request form (route `/base-request/<route_name>/{-$id_acq_replay}`): loads the
 *   user, the credit, the categories of its set and the replayed purchase;
 * - `PlainFormScreen`: a plain form, placed by the screen that hosts it: loads the user and, when
 *   declared, the initial data (`prefill.load`), fills the user's read-only fields (`prefill.user`),
 *   and does what its `success.then` says (menu, a route, start again, read again).
 *
 * Both take the registry of widgets, fields and block hooks (form-kit `FormWidgets`: features/forms
 * gives the portal's), load the form's validator and the widgets and fields its uiSchema names
 * (form-code.ts), wait for the `preload` of the blocks their uiSchema names (block-hooks.ts), show
 * the spec's texts when a load fails (001 §8), run the blocks' `onEnter` then the information modal
 * (001 §2), then render the engine. A seventh form declared in config needs nothing here.
 */
import { Alert, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { findForm } from '../../../../config/forms';
import type { PlainFormDeclaration, RequestFormDeclaration } from '../../../../config/forms/types';
import { textOf } from '../../../../config/texts';
import { messages as accountMessages } from '../../../shared/catalogues/account';
import { formatFormMessage, formMessages, type FormMessageKey } from '../../../shared/catalogues/forms';
import { legalParams, taxYear } from '../../../shared/legal-figures';
import { creditQueryOptions, queryKeys, userInfoQueryOptions } from '../../api/query-options';
import type { LoggedUserInfo } from '../../api/types';
import { useOfflineCapable } from '../../components/offline-capable';
import { routePath } from '../../components/route-link';
import { draftUserKey, type DraftKey } from '../../stores/form-drafts';
import { useSessionStore } from '../../stores/session';
import { formName, isRequestForm, replayToFormData, type AnyFormDeclaration } from '../../../shared/forms';
import { parseCents } from '../../../shared/money';
import { blocksOf } from './block-hooks';
import type { FormUser, FormWidgets } from '../../form-kit';
import { openInfoDialog, type OpenDialog } from './form-dialogs';
import { DraftOffer, DraftSaved, useFormDraft } from './form-draft';
import { FormEngine } from './form-engine';
import { FormIntro } from './form-intro';
import { useFormCode } from './form-code';
import {
  categoriesQueryOptions,
  noBlockQueryOptions,
  plainFormLoadQueryOptions,
  replayQueryOptions,
} from './form-queries';
import type { FormValues } from './validators';

export interface FormScreenProps {
  /** The form's route name (config/forms); ignored when `declaration` is given. */
  readonly routeName: string;
  /** `id_acq_replay`: the purchase the form starts from. */
  readonly replayId?: number;
  /** A declaration not in config/forms (tests of a form that exists only as a fixture). */
  readonly declaration?: RequestFormDeclaration;
  /** The named widgets, fields and block hooks (features/forms gives the portal's). */
  readonly widgets: FormWidgets;
}

export function FormScreen({ routeName, replayId, declaration, widgets }: FormScreenProps) {
  const form = declaration ?? findForm(routeName);
  if (!form) return <FormFailure message="formLoadError" embedded={false} />;
  // A new form or a new replay starts from scratch.
  return (
    <LoadedForm
      key={`${form.route_name}:${replayId ?? ''}`}
      declaration={form}
      replayId={replayId}
      widgets={widgets}
    />
  );
}

export interface PlainFormScreenProps {
  /** A declaration of config/plain-forms (or a test fixture). */
  readonly declaration: PlainFormDeclaration;
  /** Inside a page that has its own title (the back office): the form's title is a heading of level 2. */
  readonly embedded?: boolean;
  /** After a successful submission, before `then` (e.g. the page reads its list again), with the call's answer. */
  readonly onSubmitted?: (answer: unknown) => void;
  /** The named widgets, fields and block hooks (features/forms gives the portal's). */
  readonly widgets: FormWidgets;
}

export function PlainFormScreen({ declaration, embedded, onSubmitted, widgets }: PlainFormScreenProps) {
  // `reset` and `reload` start the form again: a new engine from the (re-read) initial data.
  const [round, setRound] = useState(0);
  return (
    <LoadedForm
      key={`${declaration.name}:${round}`}
      declaration={declaration}
      embedded={embedded === true}
      widgets={widgets}
      onRestart={(answer) => {
        onSubmitted?.(answer);
        setRound((count) => count + 1);
      }}
    />
  );
}

/**
 * The frame of a form in every state (loading, failed, loaded): a page of its own with the title as
 * its heading, or, `embedded` in a page that has its own title, a section whose title is a level-2
 * heading (one h1 per page, even while the form loads).
 */
function FormFrame({
  title,
  embedded,
  testId,
  children,
}: {
  title?: string;
  embedded: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Container
      size="sm"
      py={embedded ? 0 : { base: 'md', sm: 'xl' }}
      px={embedded ? 0 : { base: 'sm', sm: 'md' }}
      mx={embedded ? 0 : undefined}
    >
      <Stack gap="lg" data-testid={testId}>
        {title && (
          <Title order={embedded ? 2 : 1} size={embedded ? 'h3' : 'h2'}>
            {title}
          </Title>
        )}
        {children}
      </Stack>
    </Container>
  );
}

function FormFailure({
  message,
  title,
  embedded,
}: {
  message: FormMessageKey;
  title?: string;
  embedded: boolean;
}) {
  return (
    <FormFrame title={title} embedded={embedded}>
      <Alert color="red" role="alert" data-testid="form-load-error">
        {formMessages[message]}
      </Alert>
      <Button component={Link} to="/menu" variant="light" w={{ base: '100%', xs: 'auto' }}>
        {formMessages.formBackToMenu}
      </Button>
    </FormFrame>
  );
}

function FormLoading({ title, embedded }: { title: string; embedded: boolean }) {
  return (
    <FormFrame title={title} embedded={embedded}>
      <Stack align="center" py="xl" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden="true" />
        <Text c="dimmed">{formMessages.formLoading}</Text>
      </Stack>
    </FormFrame>
  );
}

/** The user's values a plain form may show read-only (`prefill.user`). */
function userValue(user: LoggedUserInfo, key: 'nome' | 'cognome' | 'email' | 'cod_fisc' | 'azienda'): string {
  return key === 'azienda' ? user.user_azi.nome : user.user_anag[key];
}

interface LoadedFormProps {
  readonly declaration: AnyFormDeclaration;
  readonly replayId?: number;
  /** A plain form's `reset` / `reload`: the host starts the form again. */
  readonly onRestart?: (answer?: unknown) => void;
  readonly embedded?: boolean;
  readonly widgets: FormWidgets;
}

function LoadedForm({ declaration, replayId, onRestart, embedded = false, widgets }: LoadedFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const formCode = useFormCode(declaration, widgets);
  const code = formCode.status === 'ready' ? formCode.code : undefined;
  const compiled = code?.compiled;
  const request = isRequestForm(declaration) ? declaration : null;
  const plain = isRequestForm(declaration) ? null : declaration;
  const categorySet = request?.categories ? request.categories.set : null;
  const load = plain?.prefill?.load;

  const userQuery = useQuery(userInfoQueryOptions());
  const creditQuery = useQuery({ ...creditQueryOptions(), enabled: request !== null });
  const categoriesQuery = useQuery({
    ...categoriesQueryOptions(categorySet ?? 0),
    enabled: categorySet !== null,
  });
  const replayQuery = useQuery({ ...replayQueryOptions(replayId ?? 0), enabled: replayId !== undefined });
  const loadQuery = useQuery({
    ...plainFormLoadQueryOptions(load?.path ?? '', load?.scope === 'company'),
    enabled: load !== undefined,
  });

  const userInfo = userQuery.data;
  // A request form keeps its draft on the device, per user and per form, and stays usable offline
  // (form-draft.tsx; issue 28): the same for every request form, a fixture's included.
  const customer = useSessionStore((state) => state.customer);
  const email = userInfo?.user_anag.email;
  const draftKey = useMemo<DraftKey | null>(
    () => (request && email ? [draftUserKey(customer, email), request.route_name] : null),
    [request, email, customer],
  );
  const drafts = useFormDraft(draftKey);
  const user = useMemo<FormUser | null>(() => {
    const anag = userInfo?.user_anag;
    if (!anag) return null;
    return { nome: anag.nome, cognome: anag.cognome, cod_fisc: anag.cod_fisc };
  }, [userInfo]);

  // The blocks' own data (e.g. the saved pension fund): a failure is not fatal, the hooks see undefined.
  const blocks = useMemo(
    () => blocksOf(declaration.uiSchema, widgets.blockHooks),
    [declaration.uiSchema, widgets.blockHooks],
  );
  const blockQueries = useMemo(
    () => blocks.map((block) => (userInfo ? (block.hooks.preload?.(userInfo) ?? null) : null)),
    [blocks, userInfo],
  );
  const preloads = useQueries({
    queries: blockQueries.map((query, index) =>
      query
        ? { queryKey: query.queryKey, queryFn: query.queryFn, staleTime: query.staleTime }
        : noBlockQueryOptions(index),
    ),
  });
  const preloaded = useMemo(() => {
    const answers: Record<string, unknown> = {};
    blocks.forEach((block, index) => {
      answers[block.field] = preloads[index]?.data ?? undefined;
    });
    return answers;
  }, [blocks, preloads]);

  const loaded =
    code !== undefined &&
    userQuery.isSuccess &&
    (request === null || creditQuery.isSuccess) &&
    (categorySet === null || categoriesQuery.isSuccess) &&
    (replayId === undefined || replayQuery.isSuccess) &&
    (load === undefined || loadQuery.isSuccess) &&
    preloads.every((query) => !query.isLoading);
  // Once loaded, a request form stays on screen offline (not covered by the offline screen).
  useOfflineCapable(request !== null && loaded);

  // The modals on entry, once the user is known: the blocks' (e.g. pension acceptance) first, then the
  // information unless a block's dialog already showed it (one modal on entry, never two in a row).
  const introStarted = useRef(false);
  const openDialogs = useRef<OpenDialog[]>([]);
  const userReady = loaded && userInfo !== undefined;
  useEffect(() => {
    if (!userReady || introStarted.current || !userInfo) return;
    introStarted.current = true;
    const { infoModal } = declaration.intro;
    let cancelled = false;
    const track = (dialog: OpenDialog) => {
      if (cancelled) dialog.close();
      else openDialogs.current.push(dialog);
    };
    const properties = compiled?.schema.properties ?? {};

    // Legal figures in the text (`{pensionDeductibilityLimit:euro}`...) are this tax year's, in Rome.
    const information = infoModal
      ? {
          title: textOf(accountMessages, infoModal.title),
          body: formatFormMessage(infoModal.body, legalParams(taxYear())),
        }
      : null;
    const run = async () => {
      // A block whose own dialog showed the information (the pension acceptance) replaces the modal.
      let informed = false;
      for (const { field, hooks } of blocks) {
        if (!hooks.onEnter) continue;
        const outcome = await hooks.onEnter({
          field,
          properties,
          userInfo,
          preloaded: preloaded[field],
          queryClient,
          information: informed ? null : information,
          track,
          cancelled: () => cancelled,
        });
        if (cancelled) return;
        if (!outcome) {
          void navigate({ to: '/menu' });
          return;
        }
        if (outcome === 'informed') informed = true;
      }
      if (information && !informed && !cancelled)
        track(await openInfoDialog(information.title, information.body));
    };
    void run();
    const dialogs = openDialogs.current;
    return () => {
      // Leaving the form (or React's development remount) closes what the form opened.
      cancelled = true;
      introStarted.current = false;
      for (const dialog of dialogs.splice(0)) dialog.close();
    };
    // The preloaded answers are read once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userReady, declaration, queryClient, navigate, blocks, compiled]);

  const loadAnswer = loadQuery.data;
  const replayAnswer = replayQuery.data;
  const initialData = useMemo<FormValues>(() => {
    const properties = compiled?.schema.properties ?? {};
    const preset: FormValues = {};
    if (userInfo) {
      for (const { field, hooks } of blocks) {
        Object.assign(
          preset,
          hooks.initialData?.({ field, properties, userInfo, preloaded: preloaded[field] }),
        );
      }
    }
    if (plain?.prefill?.user && userInfo) {
      for (const [field, key] of Object.entries(plain.prefill.user)) preset[field] = userValue(userInfo, key);
    }
    if (loadAnswer !== null && typeof loadAnswer === 'object' && !Array.isArray(loadAnswer)) {
      // Only the fields of the form's schema: the answer may carry more.
      for (const [key, value] of Object.entries(loadAnswer)) if (key in properties) preset[key] = value;
    }
    const replayed = request && replayAnswer !== undefined ? replayToFormData(request, replayAnswer) : {};
    return { ...preset, ...replayed };
  }, [compiled, blocks, preloaded, userInfo, plain, loadAnswer, request, replayAnswer]);

  const onCompleted = (answer?: unknown) => {
    if (plain) {
      const then = plain.success.then;
      if (then === 'reset') onRestart?.(answer);
      else if (then === 'reload') void loadQuery.refetch().then(() => onRestart?.(answer));
      else void navigate({ to: then === 'menu' ? '/menu' : routePath(then.route) });
      return;
    }
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

  if (
    formCode.status === 'failed' ||
    userQuery.isError ||
    (request && creditQuery.isError) ||
    (load && loadQuery.isError)
  )
    return (
      <FormFailure
        message="formLoadError"
        title={textOf(accountMessages, declaration.title)}
        embedded={embedded}
      />
    );
  if (categorySet !== null && categoriesQuery.isError)
    return (
      <FormFailure
        message="formCategoriesLoadError"
        title={textOf(accountMessages, declaration.title)}
        embedded={embedded}
      />
    );
  if (replayId !== undefined && replayQuery.isError)
    return (
      <FormFailure
        message="formReplayLoadError"
        title={textOf(accountMessages, declaration.title)}
        embedded={embedded}
      />
    );
  if (!loaded || !code || !user || !userInfo || (request && !creditQuery.data) || drafts.status === 'looking')
    return <FormLoading title={textOf(accountMessages, declaration.title)} embedded={embedded} />;

  const creditCents = request && creditQuery.data ? (parseCents(creditQuery.data[request.credit]) ?? 0) : 0;
  return (
    <FormFrame
      title={textOf(accountMessages, declaration.title)}
      embedded={embedded}
      testId={plain ? `plain-form-${formName(declaration)}` : undefined}
    >
      {drafts.status === 'offer' && drafts.offered && (
        <DraftOffer draft={drafts.offered} onRestore={drafts.restore} onDiscard={drafts.discard} />
      )}
      <FormIntro declaration={declaration} user={user} />
      <FormEngine
        key={drafts.round}
        restored={drafts.restored}
        onDraft={request ? drafts.save : undefined}
        onSent={request ? drafts.sent : undefined}
        declaration={declaration}
        code={code}
        initialData={initialData}
        creditCents={creditCents}
        categories={categoriesQuery.data ?? []}
        user={user}
        userInfo={userInfo}
        widgets={widgets}
        blocks={blocks}
        preloaded={preloaded}
        onCompleted={onCompleted}
      />
      {request && <DraftSaved savedAt={drafts.savedAt} />}
    </FormFrame>
  );
}
