import 'reflect-metadata';
import { DataSource, type EntityManager } from 'typeorm';
import { loadEnv } from '../config/env';
import { useRunningEmbeddedDatabase } from '#server/config/local-services';
import { PROCESS_HISTORY_ACTIONS as ACTIONS, type ProcessStatus } from '../contracts/processes';
import { DEFAULT_DEPARTMENTS } from '../contracts/users';
import { dataSourceOptions } from '../database/data-source-options';
import {
  OutboxEventEntity,
  ProcessConfidentialAccessEntity,
  ProcessEntity,
  ProcessHistoryEntity,
  ProcessResponseEntity,
  ProtocolEntity,
  UserEntity,
} from '../database/entities';
import { migrateDatabase } from '../database/migrate';
import { hashPassword } from '../modules/auth/passwords';
import { nextProcessNumber } from '../modules/processes/process-numbering';
import { ProcessesRepository } from '#server/repositories/processes.repository';
import { demoCalendar, seedDemoDeadlines } from './demo-deadlines';
import { seedDemoPurchaseOrders } from './demo-purchase-orders';

/**
 * `npm run seed:demo`: demo staff (three per default department, password DEMO_PASSWORD, default
 * 'demo1234', no forced change) and a few hundred processes with their history, some confidential,
 * some without update for 21+ and 30+ days; a material catalogue and purchase orders in every status. Seed rows are data, not user actions: no audit or
 * outbox entries are written. Refuses to run twice (it looks for the demo users).
 */
const PROCESS_COUNT = 320;
const PURCHASE_ORDER_COUNT = 60;
const DAY = 86_400_000;

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gabriela',
  'Hugo',
  'Isabela',
  'João',
  'Larissa',
  'Marcos',
];
const LAST_NAMES = [
  'Silva',
  'Souza',
  'Oliveira',
  'Santos',
  'Pereira',
  'Costa',
  'Almeida',
  'Ferreira',
  'Rodrigues',
  'Lima',
];
const SUBJECTS = [
  ['Solicitação de reparo de iluminação pública', 'Poste sem funcionamento na Rua {n}, bairro Centro.'],
  ['Pedido de licença-prêmio', 'Servidor(a) solicita usufruto de licença-prêmio referente ao quinquênio vencido.'],
  [
    'Requerimento de certidão negativa de débitos',
    'Contribuinte solicita certidão negativa para participação em licitação.',
  ],
  ['Solicitação de poda de árvore', 'Árvore com galhos sobre a rede elétrica na Avenida {n}.'],
  ['Pedido de férias', 'Solicitação de férias regulamentares para o próximo mês.'],
  ['Recurso de multa de trânsito', 'Recurso contra o auto de infração nº {n}/2024.'],
  ['Solicitação de tapa-buraco', 'Buraco de grandes dimensões na Rua {n}, risco de acidentes.'],
  ['Pedido de alvará de funcionamento', 'Abertura de estabelecimento comercial no endereço informado.'],
  ['Compra de material de expediente', 'Reposição de papel, toner e material de escritório do setor.'],
  ['Parecer sobre contrato de locação', 'Análise jurídica da renovação do contrato de locação do prédio anexo.'],
  ['Solicitação de diárias para capacitação', 'Participação de servidores em curso de gestão pública de {n} horas.'],
  ['Manutenção preventiva da frota', 'Revisão dos veículos oficiais conforme cronograma anual.'],
] as const;
const FORWARD_COMMENTS = [
  'Encaminho para análise e providências.',
  'Segue para parecer técnico.',
  'Solicito manifestação do setor.',
  'Para ciência e demais providências cabíveis.',
];
const RESPONSES = [
  'Demanda analisada; equipe designada.',
  'Documentação conferida e aprovada.',
  'Aguardando orçamento do fornecedor.',
];
const FINAL_NOTES = [
  'Atendimento concluído. Arquive-se.',
  'Serviço executado conforme solicitado.',
  'Pedido deferido.',
];

let seed = 20241122;
/** Deterministic pseudo-random numbers: the same demo data on every machine. */
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

async function createUsers(manager: EntityManager, password: string): Promise<UserEntity[]> {
  const passwordHash = await hashPassword(password);
  const users: UserEntity[] = [];
  let n = 0;
  for (const department of DEFAULT_DEPARTMENTS) {
    for (let i = 0; i < 3; i++) {
      const first = FIRST_NAMES[n % FIRST_NAMES.length];
      const last = LAST_NAMES[(n * 7 + i) % LAST_NAMES.length];
      const username = `demo.${slug(first)}.${slug(last)}${n}`;
      users.push(
        await manager.getRepository(UserEntity).save({
          username,
          name: `${first} ${last}`,
          email: `${username}@prefeitura.demo`,
          department,
          role: n === 0 ? 'admin' : 'operator',
          level: i === 0 ? 'Chefia' : 'Funcionário',
          phone:
            i === 2 ? null : `(11) 9${String(8000_0000 + n * 1379).slice(0, 4)}-${String(1000 + n * 37).slice(-4)}`,
          passwordHash,
          mustChangePassword: false,
        }),
      );
      n++;
    }
  }
  return users;
}

/** Days since the last update: most are recent, a share sits in the 21–29 and 30+ alert ranges. */
function ageInDays(): number {
  const r = random();
  if (r < 0.12) return 30 + Math.floor(random() * 60);
  if (r < 0.22) return 21 + Math.floor(random() * 9);
  return Math.floor(random() * 20);
}

async function createProcess(
  manager: EntityManager,
  users: UserEntity[],
  index: number,
  unitCode: string,
  calendar: ReturnType<typeof demoCalendar>,
): Promise<void> {
  const creator = pick(users);
  const others = DEFAULT_DEPARTMENTS.filter((d) => d !== creator.department);
  const destination = pick(others);
  const lastUpdate = new Date(Date.now() - ageInDays() * DAY - Math.floor(random() * DAY));
  const createdAt = new Date(lastUpdate.getTime() - Math.floor(random() * 40) * DAY - Math.floor(random() * DAY));
  const [subject, template] = pick(SUBJECTS);
  const roll = random();
  const forwardTo = roll < 0.65 ? pick(DEFAULT_DEPARTMENTS.filter((d) => d !== destination)) : null;
  const status: ProcessStatus = roll < 0.3 ? 'concluído' : forwardTo ? 'em andamento' : 'pendente';
  const current = forwardTo ?? destination;
  const confidential = index % 11 === 0;
  const id = await nextProcessNumber(new ProcessesRepository(manager.connection), manager, unitCode, createdAt);
  const actorIn = (department: string) => users.find((u) => u.department === department) ?? creator;

  await manager.getRepository(ProcessEntity).insert({
    id,
    subject,
    description: template.replace('{n}', String(10 + (index % 90))),
    status,
    currentDepartment: current,
    originDepartment: creator.department,
    confidential,
    createdBy: creator.id,
    requesterUserId: creator.id,
    requesterExternalId: null,
    createdAt,
    updatedAt: lastUpdate,
    lastUpdate,
  });
  await manager.getRepository(ProtocolEntity).insert({
    processId: id,
    type: index % 3 === 0 ? 'external' : 'internal',
    status: status === 'concluído' ? 'completed' : forwardTo ? 'in-progress' : 'pending',
    priority: pick(['low', 'normal', 'normal', 'high', 'urgent'] as const),
    dueDate: null,
    subject,
    createdAt,
  });
  if (confidential) {
    const allowed = users.filter((u) => u.department === current || u.department === 'Gabinete').slice(0, 2);
    await manager
      .getRepository(ProcessConfidentialAccessEntity)
      .insert(allowed.map((u) => ({ processId: id, userId: u.id })));
  }
  const history = manager.getRepository(ProcessHistoryEntity);
  const entry = (
    user: UserEntity,
    date: Date,
    action: string,
    comment: string,
    from: string | null,
    to: string | null,
  ) =>
    history.insert({
      processId: id,
      date,
      action,
      comment,
      fromDepartment: from,
      toDepartment: to,
      userId: user.id,
      userName: user.name,
      userDepartment: user.department,
    });
  await entry(
    creator,
    createdAt,
    ACTIONS.created,
    `Processo criado e enviado para ${destination}.`,
    creator.department,
    destination,
  );
  if (forwardTo) {
    const mid = new Date((createdAt.getTime() + lastUpdate.getTime()) / 2);
    const actor = actorIn(destination);
    await entry(actor, mid, ACTIONS.responded, pick(RESPONSES), destination, null);
    await manager.getRepository(ProcessResponseEntity).insert({
      processId: id,
      kind: 'response',
      text: pick(RESPONSES),
      userId: actor.id,
      userName: actor.name,
      userDepartment: actor.department,
      createdAt: mid,
    });
    const forwardAt = status === 'concluído' ? new Date(mid.getTime() + 3_600_000) : lastUpdate;
    await entry(actor, forwardAt, ACTIONS.forwarded, pick(FORWARD_COMMENTS), destination, forwardTo);
  }
  if (status === 'concluído') {
    const actor = actorIn(current);
    const note = pick(FINAL_NOTES);
    await manager.getRepository(ProcessResponseEntity).insert({
      processId: id,
      kind: 'final',
      text: note,
      userId: actor.id,
      userName: actor.name,
      userDepartment: actor.department,
      createdAt: lastUpdate,
    });
    await entry(actor, lastUpdate, ACTIONS.finalized, note, current, null);
  }
  const forward = forwardTo ? { from: destination, to: forwardTo, by: actorIn(destination).id } : null;
  await seedDemoDeadlines(
    manager,
    { id, status, createdAt, lastUpdate, createdBy: creator.id, forward },
    index,
    calendar,
  );
}

async function main(): Promise<void> {
  useRunningEmbeddedDatabase();
  const env = loadEnv();
  const password = env.DEMO_PASSWORD;
  await migrateDatabase(env);
  const dataSource = new DataSource(dataSourceOptions(env, 2));
  await dataSource.initialize();
  try {
    const existing = await dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where(`u.username LIKE 'demo.%'`)
      .getCount();
    if (existing > 0) {
      console.log('Os dados de demonstração já foram carregados neste banco; nada foi alterado.');
      return;
    }
    const users = await dataSource.transaction((manager) => createUsers(manager, password));
    const calendar = demoCalendar(env.HOLIDAYS_STATE, env.TIME_ZONE);
    await dataSource.transaction(async (manager) => {
      for (let i = 0; i < PROCESS_COUNT; i++) {
        await createProcess(manager, users, i, env.PROTOCOL_UNIT_CODE, calendar);
      }
    });
    const purchasing = await dataSource.transaction((manager) =>
      seedDemoPurchaseOrders(manager, users, PURCHASE_ORDER_COUNT),
    );
    // The worker's relay picks this up (or its boot recomputes): the dashboard shows the new processes.
    await dataSource
      .getRepository(OutboxEventEntity)
      .insert({ type: 'processes.imported', payload: { count: PROCESS_COUNT, source: 'seed:demo' } });
    console.log(
      `Dados de demonstração carregados: ${users.length} usuários, ${PROCESS_COUNT} processos, ` +
        `${purchasing.materials} materiais e ${purchasing.orders} pedidos de material.`,
    );
    console.log(`Usuários (senha "${password}"):`);
    for (const u of users) console.log(`  ${u.username.padEnd(32)} ${u.department.padEnd(18)} ${u.role}/${u.level}`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
