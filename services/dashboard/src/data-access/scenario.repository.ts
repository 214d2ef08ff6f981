import { Schema, type Connection } from 'mongoose';
import { CalculatorParamsSchema, ScenarioResultsSchema, type Scenario, type ScenarioSummary } from '@shm/contracts';
import type { ScenarioStore } from '../domain/ports';
import { ownedRepository, type OwnedDoc } from './owned.repository';

/** Spec §3: parameters and results are stored as serialised text. */
interface ScenarioDoc extends OwnedDoc {
  scenarioName: string;
  profileId: string | null;
  parameters: string;
  results: string;
}

const schema = new Schema<ScenarioDoc>(
  { _id: String, wallet: String, scenarioName: String, profileId: String, parameters: String, results: String, createdAt: Date, updatedAt: Date },
  { versionKey: false },
);
schema.index({ wallet: 1, createdAt: -1 });

const SUMMARY_FIELDS = { parameters: 0, results: 0 } as const;

/** Saved scenarios in `scenarios`; the stored text is parsed back through the calc contracts. */
export async function scenarioRepository(connection: Connection): Promise<ScenarioStore> {
  const Scenarios = connection.model<ScenarioDoc>('Scenario', schema, 'scenarios');
  await Scenarios.createIndexes();
  const repository = ownedRepository<Scenario, ScenarioDoc>(Scenarios, {
    toFields: ({ parameters, results, ...rest }) => ({
      ...rest,
      ...(parameters ? { parameters: JSON.stringify(parameters) } : {}),
      ...(results ? { results: JSON.stringify(results) } : {}),
    }) as Omit<ScenarioDoc, keyof OwnedDoc>,
    fromFields: (doc) => ({
      scenarioName: doc.scenarioName,
      profileId: doc.profileId ?? null,
      parameters: CalculatorParamsSchema.parse(JSON.parse(doc.parameters)),
      results: ScenarioResultsSchema.parse(JSON.parse(doc.results)),
    }),
  });
  const summary = (doc: ScenarioDoc): ScenarioSummary => ({
    id: doc._id,
    walletAddress: doc.wallet,
    scenarioName: doc.scenarioName,
    profileId: doc.profileId ?? null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  });
  return {
    ...repository,
    async list(wallet) {
      const docs = await Scenarios.find({ wallet }, SUMMARY_FIELDS).sort({ createdAt: -1, _id: -1 }).lean<ScenarioDoc[]>();
      return docs.map(summary);
    },
  };
}
