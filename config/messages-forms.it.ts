/**
 * Texts of the request forms (spec 001 §2-5, §8, §9; 000 §5 "Files", §8 dialogs), verbatim where the
 * spec gives them. Read by the form engine and widgets (a lazy chunk: these never weigh on the login
 * route) and by the server, which answers the same rule messages (`messages-api.it.ts` includes them).
 *
 * Sections are per area so that parallel work edits different lines.
 */
export const formMessages = {
  // --- Engine: submission flow, dialogs, loading (001 §8, 000 §8) -----------------------------
  formLoading: 'Caricamento del modulo…',
  formLoadError:
    "Si è verificato un errore nel caricamento dei dati del form... Tornare alla homepage e riprovare... Se il problema persiste contattare l'assistenza.",
  formCategoriesLoadError:
    "Si è verificato un errore nel caricamento delle categorie... Tornare alla homepage e riprovare... Se il problema persiste contattare l'assistenza.",
  formReplayLoadError:
    "Non è stato possibile caricare i dati della richiesta da ripetere. Se il problema persiste contattare l'assistenza.",
  formSubmit: 'Invia richiesta',
  formSubmitting: 'Richiesta in corso, attendere...',
  formFixErrors: 'Alcuni campi non sono corretti: verificare e riprovare.',
  formConfirmTitle: 'Riepilogo operazione',
  formConfirmCurrentCredit: 'Credito welfare attuale',
  formConfirmCurrentCreditArt51c3: 'Credito welfare ART 51 C.3 attuale',
  formConfirmAmount: 'Importo operazione',
  formConfirmResidual: 'Nuovo credito welfare residuo',
  formConfirmResidualArt51c3: 'Nuovo credito welfare ART 51 C.3 residuo',
  formConfirmQuestion: 'Sei sicuro di proseguire?',
  formSuccessTitle: 'Richiesta inviata',
  formSuccessBody: "La richiesta è stata inviata con successo con l'id {id}",
  formSuccessMailFollows: "Riceverai un'ulteriore notifica via e-mail.",

  // --- Purchase engine: declared purchases (config/purchases, src/client/engine/purchase) ------
  formPurchaseBuy: 'Acquista',
  formPurchaseCutsLabel: 'Scegli il taglio',
  formPurchaseFreeHint: 'Da {min:euro} a {max:euro}, a multipli di {step:euro}.',
  formPurchaseAmountMissing: "Indicare l'importo da acquistare.",
  formPurchaseAmountNotACut: "L'importo scelto non è tra i tagli disponibili.",
  formPurchaseAmountOutOfRange: "L'importo deve essere compreso tra {min:euro} e {max:euro}.",
  formPurchaseAmountStep: "L'importo deve salire a multipli di {step:euro} a partire da {min:euro}.",
  formPurchaseTickMissing: 'È necessario spuntare la casella per proseguire.',
  formPurchaseDeclarationLabel: "Dichiaro di aver letto e di accettare le condizioni d'acquisto.",
  formPurchaseConditionsLabel: 'Accetto le condizioni del servizio.',
  formPurchasePinMissing:
    'Per acquistare è necessario un PIN identificativo: generarlo dalla pagina di gestione del PIN.',
  formPurchaseSuccessGeneric: "L'acquisto è stato registrato: lo trovi nello storico dei movimenti.",
  formPurchaseLinkMissing: 'Non è stato possibile aprire il servizio: collegamento non disponibile.',
  formTutorialBanner: 'Guarda il video tutorial',
  formUserDataTitle: 'I tuoi dati',
  formRequiredField: 'Campo obbligatorio.',
  formInvalidValue: 'Valore non valido.',
  formTooLong: 'Il valore supera la lunghezza massima di {limit} caratteri.',
  formMinimum: 'Il valore deve essere almeno {limit}.',
  formMaximum: 'Il valore deve essere al massimo {limit}.',
  formInvalidDate: 'Data non valida.',
  formChooseOption: 'Selezionare un valore tra quelli proposti.',
  formBackToMenu: 'Torna alla homepage',
  formFundConfirmProceed: 'Conferma modifica',
  formSavedFund: 'il fondo salvato',
  // Texts of rjsf's own controls (its `translateString`), so no English reaches the user.
  formUiAdd: 'Aggiungi',
  formUiRemove: 'Rimuovi',
  formUiMoveUp: 'Sposta su',
  formUiMoveDown: 'Sposta giù',
  formUiCopy: 'Copia',
  formUiClear: 'Cancella',
  formUiNow: 'Adesso',
  formUiChooseDate: 'Scegli una data',
  formUiItem: 'Elemento',
  formUiEmptyList: 'Nessun elemento.',
  formUiOption: 'Opzione {n}',
  formUiValue: 'Valore',
  formUiIncrease: 'Aumenta di 1',
  formUiDecrease: 'Diminuisci di 1',
  formUiUnsupported: 'Campo non disponibile.',

  // --- Success texts per form (after the id) ---------------------------------------------------
  formSuccessOndemand:
    'Il preventivo verrà verificato dagli operatori e potrai seguirne lo stato nello storico.',
  formSuccessExpenses:
    'Il rimborso verrà validato nei giorni lavorativi successivi e pagato nella busta paga del mese successivo.',
  formSuccessInterest: "Il rimborso degli interessi verrà accreditato sull'IBAN indicato.",
  formSuccessBills:
    "Il rimborso delle bollette, relativo all'anno solare in corso, verrà pagato nella busta paga del mese successivo.",
  formSuccessRent:
    "Il rimborso di affitto o mutuo prima casa, relativo all'anno solare in corso, verrà pagato nella busta paga del mese successivo.",
  formSuccessPension:
    'Il versamento al fondo di previdenza integrativa verrà effettuato dopo la validazione.',

  // --- Information modals on load (001 §2) ------------------------------------------------------
  formInfoExpenses:
    'Le richieste di rimborso vengono validate nei giorni lavorativi successivi all’inserimento. Allegare documenti leggibili: il giustificativo di pagamento e il documento di acquisto sono obbligatori. Una volta inviata, la richiesta non può essere annullata.',
  formInfoInterest:
    'Il rimborso degli interessi passivi sui mutui viene accreditato sull’IBAN indicato. Allegare la quietanza dell’ultima rata e il piano di ammortamento. La prima rata rimborsabile deve essere successiva di almeno un mese alla data della richiesta.',
  formInfoBills:
    'Il rimborso delle utenze domestiche (acqua, luce, gas) si riferisce all’anno solare in corso e utilizza il credito ART 51 C.3. Allegare la bolletta, l’autocertificazione e la ricevuta di pagamento.',
  formInfoRent:
    'Il rimborso di affitto o interessi del mutuo della prima casa si riferisce all’anno solare in corso e utilizza il credito ART 51 C.3. Per i mutui è richiesto il piano di ammortamento.',
  formInfoPension:
    'Il versamento ai fondi di previdenza complementare è deducibile fino a {pensionDeductibilityLimit:euro} all’anno, elevabili a {pensionDeductibilityLimitWithResultBonus:euro} quando deriva dalla conversione di un premio di risultato.',

  // --- Amount widget (001 §5) -------------------------------------------------------------------
  formAmountOverCredit:
    "Attenzione, l'importo immesso supera il tuo attuale credito welfare che è di {n:euro}. Non sarai in grado di completare la richiesta.",
  formAmountOverCreditArt51c3:
    "Attenzione, l'importo immesso supera il tuo attuale credito welfare ART 51 C.3 che è di {n:euro}. Non sarai in grado di completare la richiesta.",
  formAmountOverCreditPension:
    "Attenzione, l'importo immesso supera il tuo attuale credito welfare che è di {n:euro}. Non sarai in grado di completare la procedura.",
  formAmountInvalid: 'Inserire un importo in euro valido (es. 120.50).',
  formAmountZero: "L'importo deve essere maggiore di zero.",
  // euro inputs read amounts the Italian way (issue 28)
  formAmountItalian:
    'Importo non valido: scrivi i decimali dopo la virgola e, se vuoi, il punto tra le migliaia (es. 1.234,50).',
  // Shared by the form widgets (select and date inputs).
  formNothingFound: 'Nessun risultato trovato.',
  formCategoryPlaceholder: 'Cerca o scegli una categoria',
  formDatePlaceholder: 'GG-MM-AAAA',
  formDateClear: 'Cancella la data',

  // --- Beneficiary block (001 §3-5) ---------------------------------------------------------------
  formBeneficiaryTitle: 'Beneficiario',
  formBeneficiaryMyself: 'Me stesso',
  formBeneficiaryFamily: 'Familiare',
  formBeneficiaryTaxCode: 'Codice fiscale del beneficiario',
  formBeneficiaryName: 'Nome e cognome del beneficiario',
  formBeneficiaryRelation: 'Relazione di parentela',
  formBeneficiaryForcedMyself: 'Per questa categoria il beneficiario può essere solo il dipendente.',
  formTaxCodeInvalid: 'Codice fiscale errato',
  formBeneficiaryNotFound: 'Impossibile trovare il beneficiario indicato.',
  formBeneficiaryIncomplete: 'I dati del benificiario non risultano completi, verificare e riprovare.',
  formBeneficiaryRelationNotAllowed: 'La relazione di parentela indicata non è ammessa.',
  formBeneficiaryDocumentRequired: "E' necessario caricare la documentazione richiesta per il beneficiario.",
  formTaxCodeValid: 'Codice fiscale corretto',

  // --- Supplier block (001 §3, §5; 000 §8) ---------------------------------------------------------
  formSupplierTitle: 'Fornitore',
  formSupplierVat: 'Partita IVA del fornitore',
  formSupplierName: 'Ragione sociale',
  formSupplierAddress: 'Indirizzo',
  formSupplierCity: 'Città',
  formSupplierIban: 'IBAN del fornitore (facoltativo)',
  formVatInvalid: 'Partita IVA non valida',
  formSupplierNotFound: 'Impossibile trovare il fornitore.',
  formSupplierIncomplete: 'I dati sul fornitore non risultano corretti, verificare e riprovare.',
  formVatValid: 'Partita IVA corretta',

  // --- IBAN, pension fund, months, loan (001 §5, §9) ---------------------------------------------------
  formIbanInvalid: 'Codice IBAN non valido',
  formIbanValid: 'IBAN corretto',
  formFundSearch: 'Cerca il fondo',
  formFundSearchPlaceholder: 'Cerca per nome, istituto o codice COVIP',
  formFundInstitute: 'Istituto',
  formFundName: 'Nome del fondo',
  formFundCovipCode: 'Codice COVIP',
  formFundNotSelected: 'Non risulta ancora selezionato nessun fondo...',
  formFundChanged: 'Hai modificato il fondo di previdenza salvato.',
  formFundCancelChange: 'Annulla modifica',
  formFundConfirmTitle: 'Conferma Modifica Fondo',
  formFundConfirmBody:
    'Il fondo indicato è diverso da quello salvato ({from}). Confermi la modifica del fondo in {to}?',
  formPensionConsentRequired: 'È necessario accettare le condizioni per proseguire.',
  formPensionAcceptTitle: 'Informativa previdenza integrativa',
  formPensionAcceptBody:
    'Prima di proseguire leggi l’informativa sulla previdenza complementare: il versamento viene effettuato al fondo indicato ed è deducibile nei limiti di legge.',
  formPensionAcceptContinue: 'Accetta e Continua',
  formPensionInformationLink: 'Leggi l’informativa completa',
  formMonthsRequired: 'Selezionare almeno un mese per effettuare il rimborso',
  formAmortizationRequired:
    "E' richiesto il caricamento di un piano di ammortamento per i rimborsi relativi ai mutui.",
  formAmortizationNotAllowed: 'Il piano di ammortamento è previsto solo per le categorie di mutuo.',
  formLoanMaximum: 'Importo massimo rimborsabile: {n:euro}',
  formLoanFull: 'Importo massimo rimborsabile',
  formLoanPartial: 'Importo parziale',
  formLoanOverMaximum: "L'importo non può superare il massimo rimborsabile di {n:euro}.",
  formLoanMaximumMismatch: 'Il massimo rimborsabile non corrisponde agli importi indicati.',
  formLoanHoldersMinimum: 'Il numero di intestatari deve essere almeno 1.',
  formLoanDateTooEarly:
    'La data della rata deve essere successiva di almeno un mese alla data odierna ({date}).',
  formLoanFullOverCredit:
    'Attenzione, il massimo rimborsabile supera il tuo attuale credito welfare che è di {n:euro}. Non sarai in grado di completare la richiesta.',

  // --- Upload slots (000 §5 "Files", 001 §9) --------------------------------------------------------
  formDocumentRequired: 'È necessario caricare il documento richiesto: {slot}.',
  formQuoteRequired: "E' necessario caricare il file del preventivo per proseguire",
  formNoFileUploaded: 'Nessun file caricato.',
  formUploadDocType: 'Tipo documento',
  formUploadDocDate: 'Data documento',
  formUploadChooseFiles: 'Scegli i file (jpg, png, pdf)',
  formUploadSend: 'Carica',
  formUploadProgress: 'Caricamento in corso… {percent}%',
  formUploadMerging: 'Unione dei file in un unico PDF…',
  formUploadDone: 'Documento caricato',
  formUploadRemove: 'Rimuovi documento',
  formUploadReuse: 'Usa un documento già caricato',
  formUploadNoExisting: 'Nessun documento già caricato per questo tipo.',
  formUploadTooMany: 'Si possono caricare al massimo {max} file: selezione annullata.',
  formUploadTooLarge: 'Il file {name} supera la dimensione massima di 3 MB: selezione annullata.',
  formUploadWrongType: 'Il file {name} non è di un tipo ammesso (jpg, png, pdf): selezione annullata.',
  formUploadDocTypeRequired: 'Selezionare il tipo di documento.',
  formUploadDocDateRequired: 'Indicare la data del documento.',
  formUploadFailed: 'Caricamento non riuscito, riprovare.',
  formUploadRequiredMark: 'obbligatorio',
  formUploadFilesRequired: 'Selezionare almeno un file.',
  formUploadDateFuture: 'La data del documento non può essere futura.',
  formUploadMergeFailed:
    'Non è stato possibile unire i file in un unico PDF: verificare che i PDF non siano protetti da password.',
  formUploadMergedTooLarge:
    'Il PDF ottenuto unendo i file supera la dimensione massima di 3 MB: ridurre il numero o la dimensione dei file.',
  formUploadTypesError: 'Non è stato possibile caricare i tipi di documento, riprovare più tardi.',
  formUploadProgressLabel: 'Avanzamento del caricamento',
  formUploadFileName: 'Nome file',
  formUploadRemoveFailed: 'Non è stato possibile rimuovere il documento, riprovare.',
  formUploadReuseTitle: 'Documenti già caricati',
  formUploadReuseClose: "Chiudi l'elenco",
  formUploadReuseUse: 'Usa questo documento',
  formUploadReuseUseNamed: 'Usa il documento {name}',
  formUploadReuseLoading: 'Caricamento dei documenti già caricati…',
  formUploadReuseError: 'Non è stato possibile leggere i documenti già caricati, riprovare.',
  formUploadReuseFailed: 'Non è stato possibile usare il documento scelto, riprovare.',

  // --- Plain forms: support, top-up, settings, internal message (002 §2.7, §2.9, §5, §8) ---------------
  formPlainSent: 'Richiesta inviata correttamente.',
  formSupportReceived:
    'Abbiamo ricevuto il tuo messaggio, sarà nostra cura risponderti nel più breve tempo possibile.',
  formPhoneInvalid: 'Controllare il numero di telefono, il campo non è stato compilato o non è valido',
  // Support form (issue 15)
  formPhoneLetters: 'Il numero di telefono non può contenere lettere.',
  formSupportRequestNumber: 'Il numero della richiesta deve essere un numero intero positivo.',
  formSupportCategoryRequired: 'Selezionare una categoria.',
  formSupportCategoryPlaceholder: 'Scegli la categoria della richiesta',
  formDocumentationAll: 'Tutta la documentazione del servizio',
  formSaveErrorIntro: 'Si è verificato un errore nel salvataggio dei dati, il sistema riporta:',
  formMessageSendErrorIntro: "Si è verificato un errore nell'invio del messaggio:",
  formSend: 'Invia',
  formSave: 'Salva',
  formSettingsSaved: 'Impostazioni salvate.',
  formMessageSent: 'Messaggio inviato.',
  formPinSent: 'Il nuovo PIN è stato inviato al tuo indirizzo e-mail.',
  formPinGenerate: 'Genera un nuovo PIN',

  // --- Partner portals, conv-request-form, benefit-hub (001 §2, §5, §8; 002 §2.1, §2.7) ----------
  formPartnerConditions:
    'Dichiaro di aver letto e di accettare le condizioni del servizio del portale {title}',
  formPartnerAccess: 'Accedi al portale {title}',
  formPartnerLoading: 'Preparazione dell’accesso al portale…',
  formPartnerNewTab: 'Il portale si apre in una nuova scheda.',
  formPartnerLinkMissing: 'Il portale partner non ha restituito un indirizzo valido: riprovare più tardi.',
  formRequestFormText:
    'Il modulo di richiesta di una convenzione on demand si apre in una nuova scheda; questa pagina torna al menu.',
  formRequestFormOpen: 'Apri il modulo di richiesta',
  formRequestFormUnavailable:
    'Il modulo di richiesta delle convenzioni non è disponibile. Per una nuova convenzione scrivi all’assistenza.',
  formBenefitHubIntro:
    'Il Benefit Hub è il portale di sconti riservato ai dipendenti: iscriviti con il codice cliente della tua azienda.',
  formBenefitHubCodeLabel: 'Il tuo codice cliente',
  formBenefitHubCopy: 'Copia il codice',
  formBenefitHubCodeUnavailable:
    'Il codice cliente della tua azienda per il Benefit Hub non è ancora disponibile: per riceverlo scrivi all’assistenza.',
  formBenefitHubCopied: 'Codice copiato negli appunti',
  formBenefitHubCopyFailed: 'Non è stato possibile copiare il codice: selezionalo e copialo a mano.',
  formBenefitHubTutorialTitle: 'Come usare il Benefit Hub',
  formBenefitHubVideoFallback: 'Il tuo browser non riproduce il video: apri il video in una nuova scheda.',
  formBenefitHubSubscribe: 'Iscriviti al Benefit Hub',
  formBenefitHubLoadError:
    "Si è verificato un errore nel caricamento delle informazioni, si prega di riprovare, se il problema persiste contattare l'assistenza",
  // --- Showcases: engine, vouchers, fuel bonus, app vouchers, mutual aid (001 §2, §5, §8; issue 13) ---
  formShowcaseLoading: 'Caricamento della vetrina…',
  formShowcaseLoadError:
    "Si è verificato un errore nel caricamento della vetrina... Tornare alla homepage e riprovare... Se il problema persiste contattare l'assistenza.",
  formShowcaseEmpty: 'Nessun elemento disponibile.',
  formShowcaseSearchLabel: 'Cerca un prodotto',
  formShowcaseSearchHint: 'Digitare almeno {n} caratteri.',
  formProductUndefined: "Impossibile proseguire con l'acquisto, articolo da acquistare non definito.",
  formVoucherInsufficient: 'Non hai sufficiente credito per proseguire...',
  // --- Conventions: home-fornitori, showcases, articles, consortia, vouchers, PIN (002 §2.1-§2.6; issue 14) ---
  formSellersIntro: 'Scegli una categoria per vedere i fornitori convenzionati e i consorzi della tua zona.',
  formSellersCategories: 'Categorie',
  formSellersBackToCategories: 'Torna alle categorie',
  formSellersProvince: 'Provincia',
  formSellersAllProvinces: 'Tutte le province',
  formSellersCompanySearch: 'Cerca per nome e cognome',
  formSellersPinButton: 'Gestione PIN',
  formSellersVouchersButton: 'Stato buoni multiuso',
  formSellersSuppliersEmpty: 'Nessun fornitore per questa categoria e provincia.',
  formSellersDisclaimerTitle: 'Condizioni d’uso delle convenzioni',
  formSellersDisclaimerBeneficiaries:
    'Gli acquisti sono riservati al titolare dell’account e ai familiari indicati: coniuge non legalmente separato, figli o discendenti prossimi, genitori o ascendenti prossimi, parte dell’unione civile.',
  formSellersDisclaimerPurpose:
    'Gli acquisti sono consentiti solo per le finalità previste dall’art. 100 del TUIR.',
  formSellersDisclaimerTruthful:
    'Dichiaro che i dati dei familiari indicati sono veritieri e accetto che mi venga fatturato l’importo se un beneficiario risulta privo dei requisiti.',
  formSellersDisclaimerAccept: 'Accetta e prosegui',
  formSellersArticleSearch: 'Cerca un articolo',
  formSellersArticlesEmpty: 'Nessun articolo disponibile.',
  formSellersBackToSuppliers: 'Torna ai fornitori',
  formSellersTemplateNotFound: 'Template non trovato',
  formSellersPrice: 'Prezzo',
  formSellersDiscount: 'Sconto {n}%',
  formSellersDiscounted: 'Prezzo scontato',
  formSellersAvailability: 'Disponibilità: {n}',
  formSellersSoldOut: 'Articolo esaurito',
  formSellersFruizione: 'Modalità di fruizione',
  formSellersOtherInfo: 'Altre informazioni',
  formSellersWebsite: 'Sito web',
  formSellersPhone: 'Telefono',
  formSellersArticleCode: 'Codice articolo: {code}',
  formSellersImageAlt: 'Immagine {n} di {total}: {name}',
  formSellersArticleSuccess:
    'Riceverai per e-mail le istruzioni per usufruire dell’articolo presso il fornitore.',
  formSellersContacts: 'Contatti',
  formSellersMaps: 'Apri l’indirizzo su Google Maps',
  formSellersAffiliatesButton: 'Vedi i fornitori affiliati',
  formSellersAffiliatesTitle: 'Fornitori affiliati al consorzio',
  formSellersAffiliatesEmpty: 'Il consorzio non ha ancora fornitori affiliati.',
  formSellersVoucherTitle: 'Acquista un buono multiuso',
  formSellersVoucherCut: 'Importo del buono',
  formSellersVoucherCutPlaceholder: 'Scegli un importo',
  formSellersVoucherDeclaration:
    'Dichiaro di essere consapevole che, ai sensi dell’art. 51 c.3 del TUIR, il valore dei beni e servizi ricevuti nel periodo d’imposta non deve superare {limit:euro}: in caso contrario l’intero valore concorre al reddito ed è interamente tassato.',
  formSellersVoucherCredit: 'Il tuo credito welfare ART 51 C.3: {n:euro}',
  formSellersVoucherGoToPin: 'Vai alla gestione del PIN',
  formSellersVoucherSuccess:
    'Il buono multiuso è pronto: codice e credito sono nella pagina Stato buoni multiuso.',
  formSellersVouchersTitle: 'Stato dei buoni multiuso',
  formSellersVouchersIntro:
    'I buoni multiuso acquistati dai consorzi, con il credito residuo e i movimenti presso i fornitori affiliati.',
  formSellersPinTitle: 'PIN identificativo',
  formSellersPinIntro:
    'Il PIN ti identifica quando usi un buono multiuso presso un fornitore convenzionato: comunicalo solo al fornitore al momento dell’uso.',
  formSellersPinExists: 'Hai un PIN identificativo attivo.',
  formSellersPinMissing:
    'Non hai ancora un PIN identificativo: generalo per poter acquistare i buoni multiuso.',
  formSellersPinGenerate: 'Genera il PIN',
  formSellersPinConfirmTitle: 'Nuovo PIN identificativo',
  formSellersPinConfirm: 'Il nuovo PIN sostituirà quello attuale, che non sarà più valido. Vuoi proseguire?',
  formSellersPinSent: 'Ti abbiamo inviato il PIN per e-mail. Per sicurezza non viene mostrato sul portale.',
  formSellersPinUserError:
    'Si è verificato un errore nel caricamento dei dati dell’utente: le informazioni mostrate potrebbero non essere corrette.',
  formRetailersEmpty: 'Nessun negozio disponibile al momento.',
  formRetailerProductsEmpty: 'Nessun buono trovato.',
  formRetailerSearchLabel: 'Cerca un buono',
  formRetailersBack: 'Torna ai negozi',
  formVoucherSuccess:
    "Il codice ti arriverà tra le notifiche e via e-mail; lo trovi anche nel dettaglio dell'acquisto.",
  formVoucherHowTo:
    'Presenta il codice alla cassa del negozio oppure inseriscilo sul suo sito al momento del pagamento: vale per l’importo acquistato.',
  formFuelHowTo:
    'Attiva la carta carburante con il codice presso un distributore aderente: il credito vale per il rifornimento.',
  formAppVoucherHowTo:
    "Inserisci il codice nell'app del servizio, nella sezione dei buoni, per caricarne l'importo.",
  formAppVoucherNoneChosen: "Nessun buono selezionato, scegliere l'importo desiderato per proseguire.",
  formAppVoucherNoCredit: "Non si dispone di sufficiente credito per l'acquisto",
  formAppVoucherDownload: "Scarica l'app",
  formAppVoucherIos: 'App Store',
  formAppVoucherAndroid: 'Google Play',
  formTodubaIntro:
    "Scegli l'importo del buono Toduba da caricare nell'app: sono offerti solo i tagli entro il tuo credito ART 51 C.3.",
  formAppagaIntro:
    "Scegli l'importo del buono Appaga da caricare nell'app: sono offerti solo i tagli entro il tuo credito ART 51 C.3.",
  formAppagaUnavailable: "L'invio delle richieste Appaga non è al momento disponibile.",
  formOllipayIntro:
    "Scegli l'importo del buono Welfare Di Marca: sono offerti solo i tagli entro il tuo credito ART 51 C.3.",
  formOllipayInfo:
    "Con l'app Ollipay usi il tuo credito welfare nei negozi convenzionati: scaricala e accedi con le credenziali del portale.",
  formFuelIntro:
    'La carta carburante si acquista una sola volta, per un importo massimo di {limit:euro} nel {year}.',
  formFuelNone: 'Nessuna carta carburante disponibile.',
  formFuelReasons:
    'Può dipendere dal fatto che la carta è già stata acquistata (si può acquistare una sola volta) oppure che il credito ART 51 C.3 non basta per nessun taglio disponibile.',
  formStockEmpty:
    'Questo prodotto è esaurito: i codici del fornitore sono terminati. Riprova nei prossimi giorni; il tuo credito non è stato toccato.',
  formFuelAlreadyBought: 'La carta carburante è già stata acquistata: si può acquistare una sola volta.',
  formFuelOverLimit: 'La carta supera il limite del bonus carburante di {limit:euro} per il {year}.',
  formEureteSuccess:
    "La tua adesione al prodotto di mutuo soccorso è stata registrata: il codice di adesione ti arriverà tra le notifiche e via e-mail; lo trovi anche nel dettaglio dell'acquisto.",
  formEureteHowTo:
    'Indica il codice di adesione quando chiedi a Eurete le prestazioni del prodotto e conservalo fino alla sua scadenza.',
  formEureteHealthSuccess:
    "Premi Ok per completare l'adesione sul portale dell'assistenza sanitaria, che si apre in una nuova finestra.",
  formEureteDisclaimerTitle: 'Informativa Welfare sociale Eurete',
  formEureteDisclaimerHolders:
    "Gli acquisti sono consentiti solo per il titolare o per i familiari indicati: coniuge non legalmente separato, figli o discendenti prossimi, genitori o ascendenti prossimi, parte dell'unione civile.",
  formEureteDisclaimerPurpose: "Gli acquisti sono consentiti solo per le finalità dell'art. 100 del TUIR.",
  formEureteDisclaimerTruth:
    "Dichiaro che i dati dei familiari indicati sono veritieri e accetto che mi sia fatturato l'acquisto se un beneficiario non ha i requisiti.",
  formEureteDisclaimerAccept: 'Ho letto e accetto le condizioni',
  formEureteDisclaimerRequired:
    "Per proseguire è necessario accettare l'informativa del Welfare sociale Eurete.",
  formEureteSectionsEmpty: 'Nessuna sezione disponibile al momento.',
  formEureteSectionEmpty: 'Nessun elemento acquistabile con il credito Art51c3 a disposizione',
  formEureteHealthEmpty: 'Nessun elemento acquistabile con il credito welfare a disposizione',
  formEureteTechSheet: 'Scheda tecnica',
  formEureteRules: 'Regolamento',
  formEureteBack: 'Torna alle sezioni',
  formEureteSsoNoPurchase:
    'Nessun acquisto di assistenza sanitaria integrativa risulta per il prodotto indicato.',
  formDeliveredCode: 'Il tuo codice',
  formDeliveredHowTo: 'Come usarlo',
  formDeliveredLoadError: "Non è stato possibile caricare il dettaglio dell'acquisto.",
  formDeliveredOpen: 'Dettaglio acquisto',
  formVouchersIntro: 'Scegli il negozio: i buoni si pagano con il credito welfare ART 51 C.3.',
  formHealthIntro: 'I piani di assistenza sanitaria integrativa si pagano con il credito welfare totale.',
  formTitleEurete100: 'Welfare sociale Eurete art. 100',
  formEurete100Intro:
    "I prodotti di mutuo soccorso per le finalità dell'art. 100 del TUIR si pagano con il credito welfare totale.",
  // Loyalty and Incentive top-up (office-incentive-toduba, spec 002 §2.9): the live figures
  formTopupFigures: 'Importi della richiesta',
  formTopupFee: 'Commissione di servizio ({percent}%)',
  formTopupVat: 'IVA sulla commissione ({percent}%)',
  formTopupTotal: 'Totale fattura',
  // Document slots of the request forms (config/forms) and the support request's categories
  formSlotQuote: 'File del preventivo',
  formSlotExtra: 'Documento aggiuntivo (facoltativo)',
  formSlotFamily: 'Documentazione del familiare beneficiario',
  formSlotFamilyHelp: 'Stato di famiglia o certificato che attesti la relazione di parentela.',
  formSlotPayment: 'Documento di pagamento',
  formSlotPaymentHelp: 'La data del documento è la data del pagamento.',
  formSlotPurchase: 'Documento di acquisto',
  formSlotLastInstalment: "Quietanza dell'ultima rata pagata",
  formSlotAmortization: 'Piano di ammortamento',
  formSlotBill: 'Bolletta (documento di acquisto)',
  formSlotSelfCertification: 'Autocertificazione',
  formSlotCashReceipt: 'Ricevuta di pagamento in contanti (facoltativa)',
  formSlotContract: 'Contratto di locazione o di mutuo',
  formSlotReceipt: 'Ricevuta di pagamento',
  formSupportExpenses: 'Rimborsi Spese',
  formSupportInterest: 'Rimborsi Interessi',
  formSupportVouchers: 'Buoni {product}',
  formSupportVouchers10: 'Buoni {product} 10',
  formSupportExperiences: 'Convenzioni Esperienze',
  formSupportTravel: 'Convenzioni Viaggi su misura',
  formSupportParks: 'Convenzioni Parchi di Divertimento',
  formSupportPension: 'Welfare Sociale Previdenza integrativa',
  formSupportHealth: 'Welfare Sociale Assistenza sanitaria integrativa',
} as const;

export type FormMessageKey = keyof typeof formMessages;
