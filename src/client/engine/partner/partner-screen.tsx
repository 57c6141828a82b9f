/**
 * The one partner login page (spec 001 §2, §4, §5, §8; config/partners.ts): every declaration renders
 * here with no per-partner code. The conditions box (when declared) reveals "Accedi al portale {title}";
 * pressing it makes the declared call and hands the user over as declared (hidden form POST in a new
 * tab, link, blank window first, bonusx), then the route is replaced by conv-redirect. bonusx makes its
 * call on load: the button appears once it answered; its error shows the backend error box, then menu.
 */
import { Button, Card, Checkbox, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { formatFormMessage, formMessages } from '../../../shared/catalogues/forms';
import {
  partnerCallMethod,
  partnerDescription,
  partnerTitle,
  type PartnerDeclaration,
} from '../../../../config/partners';
import type { BonusxLogin, PartnerLink, PartnerLogin } from '../../../../schemas/wire-types.gen';
import { ApiError, apiRequest } from '../../api/client';
import { showBackendError } from '../../components/backend-error-box';
import { isPartnerAddress, openBlankWindow, openInNewTab, postToNewTab } from './handoff';

type Answer = Partial<PartnerLogin & PartnerLink & BonusxLogin>;

function callPartner(partner: PartnerDeclaration): Promise<Answer> {
  const method = partnerCallMethod(partner.call.name);
  return apiRequest<Answer>(`/${partner.call.name}/${partner.route_name}`, {
    method,
    ...(method === 'POST' && partner.call.body ? { body: partner.call.body } : {}),
  });
}

const missingAddress = () => new ApiError(0, { detail: formMessages.formPartnerLinkMissing });

export function PartnerScreen({ partner }: { partner: PartnerDeclaration }) {
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(!partner.conditions);
  const [busy, setBusy] = useState(false);
  const [bonusx, setBonusx] = useState<Answer | null>(null);
  const mounted = useRef(true);
  const isBonusx = partner.handoff.kind === 'bonusx';

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // bonusx: the call on load (001 §2); its error: the backend error box, then menu (001 §8).
  useEffect(() => {
    if (!isBonusx) return;
    let live = true;
    callPartner(partner)
      .then((answer) => {
        if (!live) return;
        if (!isPartnerAddress(answer.login_url) || !answer.payload?.data) throw missingAddress();
        setBonusx(answer);
      })
      .catch((error: unknown) => {
        if (!live) return;
        void showBackendError(error instanceof ApiError ? error.data : error, () => {
          void navigate({ to: '/menu', replace: true });
        });
      });
    return () => {
      live = false;
    };
  }, [isBonusx, partner, navigate]);

  const toRedirect = () =>
    navigate({ to: '/conv-redirect', search: { page_title: partnerTitle(partner) }, replace: true });

  const access = async () => {
    if (busy) return;
    const { handoff } = partner;
    if (handoff.kind === 'bonusx') {
      if (!bonusx?.login_url || !bonusx.payload) return;
      postToNewTab(bonusx.login_url, { data: bonusx.payload.data, clientId: bonusx.client_id ?? '' });
      void toRedirect();
      return;
    }
    // Salabam: the window is opened blank now, while the click still counts as the user's gesture.
    const popup = handoff.kind === 'blank-window' ? openBlankWindow() : null;
    setBusy(true);
    try {
      const answer = await callPartner(partner);
      if (!isPartnerAddress(answer.login_url)) throw missingAddress();
      if (handoff.kind === 'form-post') {
        if (!answer.enc_data) throw missingAddress();
        postToNewTab(answer.login_url, {
          d: answer.enc_data,
          ...(handoff.cat !== undefined ? { cat: String(handoff.cat) } : {}),
        });
      } else if (handoff.kind === 'link') {
        openInNewTab(answer.login_url);
      } else {
        popup?.go(answer.login_url);
      }
      void toRedirect();
    } catch (error) {
      popup?.close();
      if (mounted.current) setBusy(false);
      void showBackendError(error instanceof ApiError ? error.data : error);
    }
  };

  const ready = !isBonusx || bonusx !== null;
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <Card withBorder radius="lg" padding="xl" shadow="xs">
        <Stack gap="md">
          <Title order={1} size="h2">
            {partnerTitle(partner)}
          </Title>
          <Text>{partnerDescription(partner)}</Text>
          {partner.conditions && (
            <Checkbox
              checked={accepted}
              onChange={(event) => setAccepted(event.currentTarget.checked)}
              label={formatFormMessage('formPartnerConditions', { title: partnerTitle(partner) })}
              data-testid="partner-conditions"
              disabled={busy}
            />
          )}
          {!ready && <Loader aria-label={formMessages.formPartnerLoading} />}
          {ready && accepted && (
            <Stack gap={4} align="flex-start">
              <Button
                size="md"
                rightSection={<IconExternalLink size={18} aria-hidden="true" />}
                loading={busy}
                onClick={() => void access()}
                data-testid="partner-access"
              >
                {formatFormMessage('formPartnerAccess', { title: partnerTitle(partner) })}
              </Button>
              <Text size="sm">{formMessages.formPartnerNewTab}</Text>
            </Stack>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
