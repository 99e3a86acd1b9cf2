import type {
  IAuthenticateGeneric,
  ICredentialTestRequest,
  ICredentialType,
  INodeProperties,
} from 'n8n-workflow';

export class TrackerApi implements ICredentialType {
  name = 'trackerApi';

  displayName = 'Tracker API';

  icon = {
    light: 'file:../nodes/Tracker/tracker.svg',
    dark: 'file:../nodes/Tracker/tracker.dark.svg',
  } as const;

  documentationUrl = 'https://www.npmjs.com/package/@trackerkit/n8n-nodes-tracker#credentials';

  properties: INodeProperties[] = [
    {
      displayName: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      default: '',
      required: true,
      placeholder: 'e.g. https://api.example.com/v1',
      description: 'The service address, including the version segment /v1',
    },
    {
      displayName: 'API Token',
      name: 'apiToken',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      required: true,
      description: 'Created in the web console under Account, then API Tokens (starts with qapi_)',
    },
  ];

  authenticate: IAuthenticateGeneric = {
    type: 'generic',
    properties: {
      headers: { Authorization: '=Bearer {{$credentials.apiToken}}' },
    },
  };

  test: ICredentialTestRequest = {
    request: {
      baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
      url: '/api/spaces',
      qs: { page_size: 1 },
    },
    // n8n shows the bare status text otherwise ("Unauthorized", "Not Found").
    rules: [
      {
        type: 'responseCode',
        properties: {
          value: 401,
          message:
            'The service refused the API Token: paste a token from the web console (Account, then API Tokens; it starts with qapi_)',
        },
      },
      {
        type: 'responseCode',
        properties: {
          value: 403,
          message: 'The API Token may not list spaces: check its account in the web console',
        },
      },
      {
        type: 'responseCode',
        properties: {
          value: 404,
          message:
            'Nothing answers at Base URL + /api/spaces: the Base URL must include the version segment, e.g. https://api.example.com/v1',
        },
      },
    ],
  };
}
