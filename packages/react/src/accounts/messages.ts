/**
 * Messages of `<RampAccounts />` in the four locales of the checkout. Every locale has exactly the
 * English keys (a test checks it).
 */
const en = {
  'accounts.title': 'Your accounts',
  'accounts.notVerified': 'Verify your identity in the checkout to open accounts.',
  'accounts.review': 'Your identity is being checked. Accounts open once you are verified.',
  'accounts.rejected':
    'We could not verify your identity, so accounts cannot be opened. Contact support and quote the reason below.',
  'accounts.rejected.reason': 'Reason given: {reason}',
  'accounts.suspended': 'This account is suspended, so accounts cannot be opened. Contact support.',
  'accounts.deposit.bank':
    'Pay {currency} by bank transfer from an account in your own name to the account above. It shows in your balance once it arrives.',
  'accounts.deposit.wallet':
    'Send only {currency} on {network} to this address. Another token, or another network, is lost.',
  'accounts.provisioning': 'Your accounts are being set up. This takes a moment.',
  'accounts.none': 'You have no accounts yet.',
  'accounts.open': 'Open an account',
  'accounts.open.currency': 'Currency',
  'accounts.open.stablecoin': '{currency} on {network}',
  'accounts.open.submit': 'Open account',
  'accounts.balance': 'Balance',
  'accounts.status': 'Status',
  'accounts.status.pending': 'Being set up',
  'accounts.status.active': 'Active',
  'accounts.deposit': 'How to add money',
  'accounts.deposit.pending': 'The details to add money appear once the account is active.',
  'accounts.holder': 'Account holder',
  'accounts.bankName': 'Bank',
  'accounts.accountNumber': 'Account number',
  'accounts.bankCode': 'Bank code',
  'accounts.swift': 'SWIFT/BIC',
  'accounts.wallet': 'Wallet address',
  'accounts.network': 'Network',
  'accounts.payoutBanks': 'Banks it pays out to ({count})',
  'accounts.event.credited': 'Money arrived in your {currency} account.',
  'accounts.event.sent': 'A transfer from your {currency} account was sent.',
  'accounts.event.failed': 'A transfer from your {currency} account failed.',
  'accounts.event.other': 'Your {currency} account was updated.',
  'accounts.keys': 'Wallets that approve your orders',
  'accounts.keys.none': 'No wallet approves your orders yet.',
  'accounts.keys.revoke': 'Revoke',
  'accounts.keys.revoked': 'Revoked',
  'accounts.keys.done': 'The wallet {address} can no longer approve your orders.',
} as const

export type AccountsMessageKey = keyof typeof en
type AccountsMessages = Record<AccountsMessageKey, string>

const fr: AccountsMessages = {
  'accounts.title': 'Vos comptes',
  'accounts.notVerified':
    'Vérifiez votre identité dans le parcours d’achat pour ouvrir des comptes.',
  'accounts.review': 'Votre identité est en cours de vérification. Les comptes s’ouvrent ensuite.',
  'accounts.rejected':
    'Nous n’avons pas pu vérifier votre identité : les comptes ne peuvent pas être ouverts. Contactez le support en citant le motif ci-dessous.',
  'accounts.rejected.reason': 'Motif indiqué : {reason}',
  'accounts.suspended':
    'Ce compte est suspendu : les comptes ne peuvent pas être ouverts. Contactez le support.',
  'accounts.deposit.bank':
    'Payez en {currency} par virement bancaire depuis un compte à votre nom vers le compte ci-dessus. Le montant apparaît dans votre solde dès son arrivée.',
  'accounts.deposit.wallet':
    'Envoyez uniquement des {currency} sur {network} à cette adresse. Tout autre jeton, ou tout autre réseau, est perdu.',
  'accounts.provisioning': 'Vos comptes sont en cours de création. Cela prend un instant.',
  'accounts.none': 'Vous n’avez pas encore de compte.',
  'accounts.open': 'Ouvrir un compte',
  'accounts.open.currency': 'Devise',
  'accounts.open.stablecoin': '{currency} sur {network}',
  'accounts.open.submit': 'Ouvrir le compte',
  'accounts.balance': 'Solde',
  'accounts.status': 'Statut',
  'accounts.status.pending': 'En cours de création',
  'accounts.status.active': 'Actif',
  'accounts.deposit': 'Comment l’alimenter',
  'accounts.deposit.pending': 'Les coordonnées s’affichent dès que le compte est actif.',
  'accounts.holder': 'Titulaire',
  'accounts.bankName': 'Banque',
  'accounts.accountNumber': 'Numéro de compte',
  'accounts.bankCode': 'Code banque',
  'accounts.swift': 'SWIFT/BIC',
  'accounts.wallet': 'Adresse du portefeuille',
  'accounts.network': 'Réseau',
  'accounts.payoutBanks': 'Banques de versement ({count})',
  'accounts.event.credited': 'De l’argent est arrivé sur votre compte {currency}.',
  'accounts.event.sent': 'Un virement depuis votre compte {currency} a été envoyé.',
  'accounts.event.failed': 'Un virement depuis votre compte {currency} a échoué.',
  'accounts.event.other': 'Votre compte {currency} a été mis à jour.',
  'accounts.keys': 'Portefeuilles qui approuvent vos ordres',
  'accounts.keys.none': 'Aucun portefeuille n’approuve encore vos ordres.',
  'accounts.keys.revoke': 'Révoquer',
  'accounts.keys.revoked': 'Révoqué',
  'accounts.keys.done': 'Le portefeuille {address} ne peut plus approuver vos ordres.',
}

const pt: AccountsMessages = {
  'accounts.title': 'As suas contas',
  'accounts.notVerified': 'Verifique a sua identidade no checkout para abrir contas.',
  'accounts.review': 'A sua identidade está a ser verificada. As contas abrem depois.',
  'accounts.rejected':
    'Não foi possível verificar a sua identidade, por isso não pode abrir contas. Contacte o apoio e indique o motivo abaixo.',
  'accounts.rejected.reason': 'Motivo indicado: {reason}',
  'accounts.suspended':
    'Esta conta está suspensa, por isso não pode abrir contas. Contacte o apoio.',
  'accounts.deposit.bank':
    'Pague em {currency} por transferência bancária, a partir de uma conta em seu nome, para a conta acima. O valor aparece no seu saldo quando chegar.',
  'accounts.deposit.wallet':
    'Envie apenas {currency} na rede {network} para este endereço. Outro token, ou outra rede, perde-se.',
  'accounts.provisioning': 'As suas contas estão a ser criadas. Demora um momento.',
  'accounts.none': 'Ainda não tem contas.',
  'accounts.open': 'Abrir uma conta',
  'accounts.open.currency': 'Moeda',
  'accounts.open.stablecoin': '{currency} na rede {network}',
  'accounts.open.submit': 'Abrir conta',
  'accounts.balance': 'Saldo',
  'accounts.status': 'Estado',
  'accounts.status.pending': 'Em criação',
  'accounts.status.active': 'Ativa',
  'accounts.deposit': 'Como carregar',
  'accounts.deposit.pending': 'Os dados para carregar aparecem quando a conta estiver ativa.',
  'accounts.holder': 'Titular',
  'accounts.bankName': 'Banco',
  'accounts.accountNumber': 'Número de conta',
  'accounts.bankCode': 'Código do banco',
  'accounts.swift': 'SWIFT/BIC',
  'accounts.wallet': 'Endereço da carteira',
  'accounts.network': 'Rede',
  'accounts.payoutBanks': 'Bancos para pagamentos ({count})',
  'accounts.event.credited': 'Chegou dinheiro à sua conta em {currency}.',
  'accounts.event.sent': 'Foi enviada uma transferência da sua conta em {currency}.',
  'accounts.event.failed': 'Falhou uma transferência da sua conta em {currency}.',
  'accounts.event.other': 'A sua conta em {currency} foi atualizada.',
  'accounts.keys': 'Carteiras que aprovam as suas ordens',
  'accounts.keys.none': 'Nenhuma carteira aprova ainda as suas ordens.',
  'accounts.keys.revoke': 'Revogar',
  'accounts.keys.revoked': 'Revogada',
  'accounts.keys.done': 'A carteira {address} já não pode aprovar as suas ordens.',
}

const sw: AccountsMessages = {
  'accounts.title': 'Akaunti zako',
  'accounts.notVerified': 'Thibitisha utambulisho wako kwenye malipo ili kufungua akaunti.',
  'accounts.review': 'Utambulisho wako unakaguliwa. Akaunti zitafunguliwa ukishathibitishwa.',
  'accounts.rejected':
    'Hatukuweza kuthibitisha utambulisho wako, kwa hiyo huwezi kufungua akaunti. Wasiliana na huduma kwa wateja na utaje sababu iliyo hapa chini.',
  'accounts.rejected.reason': 'Sababu iliyotolewa: {reason}',
  'accounts.suspended':
    'Akaunti hii imesimamishwa, kwa hiyo huwezi kufungua akaunti. Wasiliana na huduma kwa wateja.',
  'accounts.deposit.bank':
    'Lipa {currency} kwa uhamisho wa benki kutoka akaunti iliyo kwa jina lako kwenda akaunti iliyo hapo juu. Zitaonekana kwenye salio lako zikifika.',
  'accounts.deposit.wallet':
    'Tuma {currency} kwenye {network} pekee kwa anwani hii. Sarafu nyingine, au mtandao mwingine, itapotea.',
  'accounts.provisioning': 'Akaunti zako zinaandaliwa. Itachukua muda mfupi.',
  'accounts.none': 'Bado huna akaunti.',
  'accounts.open': 'Fungua akaunti',
  'accounts.open.currency': 'Sarafu',
  'accounts.open.stablecoin': '{currency} kwenye {network}',
  'accounts.open.submit': 'Fungua akaunti',
  'accounts.balance': 'Salio',
  'accounts.status': 'Hali',
  'accounts.status.pending': 'Inaandaliwa',
  'accounts.status.active': 'Inatumika',
  'accounts.deposit': 'Jinsi ya kuweka pesa',
  'accounts.deposit.pending': 'Maelezo ya kuweka pesa yataonekana akaunti ikianza kutumika.',
  'accounts.holder': 'Mmiliki wa akaunti',
  'accounts.bankName': 'Benki',
  'accounts.accountNumber': 'Namba ya akaunti',
  'accounts.bankCode': 'Msimbo wa benki',
  'accounts.swift': 'SWIFT/BIC',
  'accounts.wallet': 'Anwani ya pochi',
  'accounts.network': 'Mtandao',
  'accounts.payoutBanks': 'Benki za kulipia ({count})',
  'accounts.event.credited': 'Pesa zimeingia kwenye akaunti yako ya {currency}.',
  'accounts.event.sent': 'Uhamisho kutoka akaunti yako ya {currency} umetumwa.',
  'accounts.event.failed': 'Uhamisho kutoka akaunti yako ya {currency} umeshindwa.',
  'accounts.event.other': 'Akaunti yako ya {currency} imesasishwa.',
  'accounts.keys': 'Pochi zinazoidhinisha oda zako',
  'accounts.keys.none': 'Bado hakuna pochi inayoidhinisha oda zako.',
  'accounts.keys.revoke': 'Batilisha',
  'accounts.keys.revoked': 'Imebatilishwa',
  'accounts.keys.done': 'Pochi {address} haiwezi tena kuidhinisha oda zako.',
}

/** `<RampAccounts />`'s messages by locale; another locale falls back to English. */
export const ACCOUNTS_MESSAGES: Record<'en' | 'fr' | 'pt' | 'sw', AccountsMessages> = {
  en,
  fr,
  pt,
  sw,
}
