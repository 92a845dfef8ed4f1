import {
  CONFIDENTIAL_MAIL_TEXT,
  laiExtensionMail,
  notificationMail,
  publicBaseUrl,
  temporaryPasswordMail,
} from './mail-templates';

const job = {
  notificationId: '42',
  to: 'ana@prefeitura.test',
  name: 'Ana <Souza>',
  title: 'Processo encaminhado',
  message: 'Rui encaminhou o processo 10001.000012/2026-34 ("Obra & <reparo>") de A para B.',
  link: '/semgi/process-details/10001.000012%2F2026-34',
  confidential: false,
};

describe('mail templates (pt-BR, text and escaped HTML)', () => {
  const baseUrl = publicBaseUrl({ PUBLIC_URL: 'https://semgi.prefeitura.gov.br/', PORT: 3005 });

  it('a notification: its title as subject, its message, the absolute link, HTML escaped', () => {
    const mail = notificationMail(job, baseUrl);
    expect(mail.subject).toBe('SEMGI: Processo encaminhado');
    expect(mail.messageId).toBe('<notification-42@semgi>');
    expect(mail.text).toContain(job.message);
    expect(mail.text).toContain('https://semgi.prefeitura.gov.br/semgi/process-details/10001.000012%2F2026-34');
    expect(mail.html).toContain('(&quot;Obra &amp; &lt;reparo&gt;&quot;)');
    expect(mail.html).toContain('Olá, Ana &lt;Souza&gt;.');
    expect(mail.html).not.toContain('<reparo>');
  });

  it('a LAI extension: number, days, new due day and the justification, escaped, with the requester footer', () => {
    const mail = laiExtensionMail(
      {
        to: 'joana@cidada.test',
        name: 'Joana',
        processId: '10001.000012/2026-34',
        days: 10,
        unit: 'calendar',
        due: '2027-04-01',
        justification: 'Arquivo <geral> & digitalização',
      },
      'lai-extension-7',
      baseUrl,
    );
    expect(mail.subject).toBe('SEMGI: prazo do pedido de acesso à informação 10001.000012/2026-34 prorrogado');
    expect(mail.messageId).toBe('<lai-extension-7@semgi>');
    expect(mail.text).toContain('foi prorrogado por 10 dias corridos');
    expect(mail.text).toContain('O novo prazo vence em 01/04/2027.');
    expect(mail.text).toContain('Justificativa: Arquivo <geral> & digitalização');
    expect(mail.text).toContain('https://semgi.prefeitura.gov.br/semgi/consulta');
    expect(mail.text).toContain('é o requerente deste pedido');
    expect(mail.html).toContain('Arquivo &lt;geral&gt; &amp; digitalização');
  });

  it('a confidential process: the fixed sentence and the link, nothing of the process', () => {
    const mail = notificationMail({ ...job, confidential: true }, baseUrl);
    expect(mail.subject).toBe('SEMGI: processo sigiloso para consultar');
    expect(mail.text).toContain(CONFIDENTIAL_MAIL_TEXT);
    expect(mail.text).toContain('/semgi/process-details/');
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('Obra');
      expect(part).not.toContain('encaminhou');
    }
  });

  it("a notification with nothing to open ('#') has no link", () => {
    expect(notificationMail({ ...job, link: '#' }, baseUrl).text).not.toContain('http');
  });

  it('a temporary password: user name, password and the login link', () => {
    const mail = temporaryPasswordMail(
      { userId: 'u', to: 'rui@x.test', name: 'Rui', username: 'rui', tempPassword: 'Xy#12345abc', reason: 'reset' },
      'temporary-password-1',
      baseUrl,
    );
    expect(mail.subject).toBe('SEMGI: sua senha foi redefinida');
    expect(mail.text).toContain('Usuário: rui\nSenha temporária: Xy#12345abc');
    expect(mail.html).toContain('https://semgi.prefeitura.gov.br/semgi/login');
  });

  it('the base of links: PUBLIC_URL without its trailing slash, else http://localhost:PORT', () => {
    expect(baseUrl).toBe('https://semgi.prefeitura.gov.br');
    expect(publicBaseUrl({ PUBLIC_URL: undefined, PORT: 3005 })).toBe('http://localhost:3005');
  });
});
