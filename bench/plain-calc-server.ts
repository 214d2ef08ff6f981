// The economics engine behind one plain express process (no gateway, no logging, no validation
// frame): the baseline the gateway path is compared against in `npm run bench:calc`.
import express from 'express';
import { EconomicsRequestSchema } from '@shm/contracts';
import { calculateEconomics } from '../services/calc/src/domain/calculate-economics';

const app = express();
app.use(express.json());
app.post('/api/calculations/economics', (req, res) => {
  const parsed = EconomicsRequestSchema.safeParse(req.body);
  if (!parsed.success) return void res.status(400).json({ error: parsed.error.issues });
  res.json({ results: calculateEconomics(parsed.data.params) });
});
const port = Number(process.env.PORT ?? 0);
const server = app.listen(port, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : port}`);
});
