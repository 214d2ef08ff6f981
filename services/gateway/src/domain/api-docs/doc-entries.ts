import { pathParamNames, type EndpointDefinition, type EndpointDocEntry } from '@shm/contracts';
import { fieldsOf, templatePath, toJsonSchema, typeLabel } from './json-schema';

type Parameter = EndpointDocEntry['parameters'][number];

function parametersOf(endpoint: EndpointDefinition): Parameter[] {
  const params: Parameter[] = [];
  const pathFields = endpoint.pathParams ? fieldsOf(toJsonSchema(endpoint.pathParams, 'input')) : [];
  for (const name of pathParamNames(endpoint.path)) {
    const field = pathFields.find((f) => f.name === name);
    params.push({
      name,
      type: field ? `${typeLabel(field.schema)} (path)` : 'string (path)',
      required: true,
      description: field?.schema.description ?? '',
    });
  }
  if (endpoint.query) {
    for (const field of fieldsOf(toJsonSchema(endpoint.query, 'input'))) {
      params.push({ name: field.name, type: `${typeLabel(field.schema)} (query)`, required: field.required, description: field.schema.description ?? '' });
    }
  }
  if (endpoint.adminOnly) {
    params.push({ name: 'Authorization', type: 'string (header)', required: true, description: 'Bearer <adminToken>' });
  }
  if (endpoint.body) {
    for (const field of fieldsOf(toJsonSchema(endpoint.body, 'input'))) {
      params.push({ name: field.name, type: typeLabel(field.schema), required: field.required, description: field.schema.description ?? '' });
    }
  }
  return params;
}

/** The API docs page's entries (spec §3), built from the registry; admin-only ones only for an admin. */
export function toDocEntries(endpoints: EndpointDefinition[], isAdmin: boolean): EndpointDocEntry[] {
  return endpoints
    .filter((endpoint) => isAdmin || !endpoint.adminOnly)
    .map((endpoint) => ({
      category: endpoint.category,
      method: endpoint.method,
      path: templatePath(endpoint.path),
      title: endpoint.title,
      description: endpoint.description,
      ...(endpoint.authentication ? { authentication: endpoint.authentication } : {}),
      parameters: parametersOf(endpoint),
      ...(endpoint.body ? { requestBody: { contentType: 'application/json', example: endpoint.bodyExample ?? {} } } : {}),
      responses: endpoint.responses.map(({ status, description, example }) => ({
        status,
        description,
        ...(example === undefined ? {} : { example }),
      })),
    }));
}
