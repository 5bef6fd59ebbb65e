/**
 * Request samples of an API operation in the six languages of the reference, written out when
 * the pages are generated, so readers get ready code and their browser runs no code generator.
 * Credentials are never written out: each sample reads them from environment variables.
 */

export type Part = {name: string; value: string} | {name: string; file: string};

/** A text of a sample, written out piece by piece: literal text, or the value of an environment variable. */
export type Pieces = (string | {env: string})[];

export type SampleRequest = {
  method: string;
  /** The URL; credentials sent in the query string are its pieces read from the environment. */
  url: Pieces;
  /** The headers that carry credentials, first in every sample. */
  credentials: [string, Pieces][];
  /** HTTP basic authentication: the environment variables of the user name and the password, sent as each language's own way says. */
  basic?: {user: string; password: string};
  /** Headers other than the credentials and the content type. */
  headers: [string, string][];
  /** A JSON body is sent as `application/json` unless `type` names another JSON type (`application/vnd.api+json`). */
  body?:
    | {json: unknown; type?: string}
    | {multipart: Part[]}
    | {form: [string, string][]}
    | {file: string; type: string}
    | {text: string; type: string};
  /** How the sample prints the answer: its JSON body, its body as text, or only its status (no body, or bytes). */
  answer: 'json' | 'text' | 'status';
};

export type Language = {id: string; label: string; highlight: string; write: (request: SampleRequest) => string};

const json = (value: unknown): string => JSON.stringify(value, null, 2);
const indent = (text: string, spaces: number): string => text.replaceAll('\n', `\n${' '.repeat(spaces)}`);
const quoted = (text: string): string => JSON.stringify(text);
const isFile = (part: Part): part is {name: string; file: string} => 'file' in part;

/** Pieces as one expression of a language: literals as `literal` writes them, variables as `variable` reads them, joined by `join`. */
const expression = (pieces: Pieces, literal: (text: string) => string, variable: (name: string) => string, join: string): string =>
  pieces.map((piece) => (typeof piece === 'string' ? literal(piece) : variable(piece.env))).join(join);

/** Pieces as one double-quoted shell word, the variables expanded by the shell. */
function shellWord(pieces: Pieces): string {
  const words = pieces.map((piece, index) => {
    if (typeof piece === 'string') return piece.replace(/[\\"$`]/g, (character) => `\\${character}`);
    const next = pieces[index + 1];
    return typeof next === 'string' && /^\w/.test(next) ? `\${${piece.env}}` : `$${piece.env}`;
  });
  return `"${words.join('')}"`;
}

function curl(request: SampleRequest): string {
  const shell = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  const url = request.url.length === 1 && typeof request.url[0] === 'string' ? shell(request.url[0]) : shellWord(request.url);
  // curl reads `{a,b}` and `[1-9]` in a URL as globs: a URL holding them (a path parameter left as a placeholder) is sent as written.
  const globoff = /[{}[\]]/.test(request.url.filter((piece) => typeof piece === 'string').join('')) ? ' -g' : '';
  const lines = [request.method === 'GET' ? `curl${globoff} ${url}` : `curl${globoff} -X ${request.method} ${url}`];
  if (request.basic) lines.push(`-u ${shellWord([{env: request.basic.user}, ':', {env: request.basic.password}])}`);
  for (const [name, value] of request.credentials) lines.push(`-H ${shellWord([`${name}: `, ...value])}`);
  for (const [name, value] of request.headers) lines.push(`-H ${shell(`${name}: ${value}`)}`);
  const body = request.body;
  if (body && 'json' in body) {
    lines.push(`-H ${shell(`Content-Type: ${body.type ?? 'application/json'}`)}`, `-d ${shell(json(body.json))}`);
  } else if (body && 'multipart' in body) {
    for (const part of body.multipart)
      lines.push(`-F ${shell(isFile(part) ? `${part.name}=@${part.file}` : `${part.name}=${part.value}`)}`);
  } else if (body && 'form' in body) {
    for (const [name, value] of body.form) lines.push(`--data-urlencode ${shell(`${name}=${value}`)}`);
  } else if (body) {
    lines.push(
      `-H ${shell(`Content-Type: ${body.type}`)}`,
      'file' in body ? `--data-binary ${shell(`@${body.file}`)}` : `-d ${shell(body.text)}`,
    );
  }
  return lines.join(' \\\n  ');
}

function nodejs(request: SampleRequest): string {
  const read = (pieces: Pieces) => expression(pieces, quoted, (name) => `process.env.${name}`, ' + ');
  const {basic} = request;
  const headers = [
    ...(basic
      ? [`"Authorization": "Basic " + Buffer.from(${read([{env: basic.user}, ':', {env: basic.password}])}).toString("base64")`]
      : []),
    ...request.credentials.map(([name, value]) => `${quoted(name)}: ${read(value)}`),
    ...request.headers.map(([name, value]) => `${quoted(name)}: ${quoted(value)}`),
  ];
  const options = [`method: ${quoted(request.method)}`];
  const before: string[] = [];
  const body = request.body;
  if (body && 'json' in body) {
    headers.push(`"Content-Type": ${quoted(body.type ?? 'application/json')}`);
    options.push(`body: JSON.stringify(${indent(json(body.json), 2)})`);
  } else if (body && 'form' in body) {
    options.push(
      `body: new URLSearchParams({\n    ${body.form.map(([name, value]) => `${quoted(name)}: ${quoted(value)}`).join(',\n    ')},\n  })`,
    );
  } else if (body && 'file' in body) {
    before.push(`import {readFile} from "node:fs/promises";`, '');
    headers.push(`"Content-Type": ${quoted(body.type)}`);
    options.push(`body: await readFile(${quoted(body.file)})`);
  } else if (body && 'text' in body) {
    headers.push(`"Content-Type": ${quoted(body.type)}`);
    options.push(`body: ${quoted(body.text)}`);
  } else if (body) {
    before.push(`import {readFile} from "node:fs/promises";`, '', 'const form = new FormData();');
    for (const part of body.multipart) {
      before.push(
        isFile(part)
          ? `form.append(${quoted(part.name)}, new Blob([await readFile(${quoted(part.file)})]), ${quoted(part.file)});`
          : `form.append(${quoted(part.name)}, ${quoted(part.value)});`,
      );
    }
    before.push('');
    options.push('body: form');
  }
  // A request without credentials or headers (security: [], a GET) has no headers option.
  if (headers.length) options.splice(1, 0, `headers: {\n    ${headers.join(',\n    ')},\n  }`);
  return [
    ...before,
    `const response = await fetch(${read(request.url)}, {\n  ${options.join(',\n  ')},\n});`,
    {
      json: 'console.log(response.status, await response.json());',
      text: 'console.log(response.status, await response.text());',
      status: 'console.log(response.status);',
    }[request.answer],
  ].join('\n');
}

/** A JSON value as a Python literal. */
function python(value: unknown, depth = 0): string {
  const pad = '    '.repeat(depth + 1);
  const end = '    '.repeat(depth);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) {
    return value.length === 0 ? '[]' : `[\n${value.map((item) => `${pad}${python(item, depth + 1)},`).join('\n')}\n${end}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0
      ? '{}'
      : `{\n${entries.map(([key, item]) => `${pad}${quoted(key)}: ${python(item, depth + 1)},`).join('\n')}\n${end}}`;
  }
  return JSON.stringify(value);
}

function pythonRequests(request: SampleRequest): string {
  const read = (pieces: Pieces) => expression(pieces, quoted, (name) => `os.environ[${quoted(name)}]`, ' + ');
  const headers = [
    ...request.credentials.map(([name, value]) => `${quoted(name)}: ${read(value)}`),
    ...request.headers.map(([name, value]) => `${quoted(name)}: ${quoted(value)}`),
  ];
  const body = request.body;
  if (body && 'type' in body && body.type) headers.push(`"Content-Type": ${quoted(body.type)}`);
  const args = [read(request.url), ...(headers.length ? [`headers={\n        ${headers.join(',\n        ')},\n    }`] : [])];
  if (request.basic) args.push(`auth=(${read([{env: request.basic.user}])}, ${read([{env: request.basic.password}])})`);
  if (body && 'json' in body) {
    args.push(`json=${python(body.json, 1)}`);
  } else if (body && 'form' in body) {
    args.push(`data={${body.form.map(([name, value]) => `${quoted(name)}: ${quoted(value)}`).join(', ')}}`);
  } else if (body && 'file' in body) {
    args.push(`data=open(${quoted(body.file)}, "rb")`);
  } else if (body && 'text' in body) {
    args.push(`data=${quoted(body.text)}`);
  } else if (body) {
    const files = body.multipart.filter(isFile).map((part) => `${quoted(part.name)}: open(${quoted(part.file)}, "rb")`);
    const data = body.multipart
      .filter((part) => !isFile(part))
      .map((part) => `${quoted(part.name)}: ${quoted((part as {value: string}).value)}`);
    if (data.length) args.push(`data={${data.join(', ')}}`);
    args.push(`files={${files.join(', ')}}`);
  }
  return [
    'import os',
    '',
    'import requests',
    '',
    `response = requests.${request.method.toLowerCase()}(\n    ${args.join(',\n    ')},\n)`,
    {
      json: 'print(response.status_code, response.json())',
      text: 'print(response.status_code, response.text)',
      status: 'print(response.status_code)',
    }[request.answer],
  ].join('\n');
}

function php(request: SampleRequest): string {
  const text = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  const read = (pieces: Pieces) => expression(pieces, text, (name) => `getenv(${text(name)})`, ' . ');
  const headers = [
    ...request.credentials.map(([name, value]) => read([`${name}: `, ...value])),
    ...request.headers.map(([name, value]) => text(`${name}: ${value}`)),
  ];
  const before = ['<?php', ''];
  const options = [`CURLOPT_CUSTOMREQUEST => '${request.method}'`];
  if (request.basic) options.push(`CURLOPT_USERPWD => ${read([{env: request.basic.user}, ':', {env: request.basic.password}])}`);
  const body = request.body;
  if (body && 'json' in body) {
    headers.push(text(`Content-Type: ${body.type ?? 'application/json'}`));
    before.push(`$body = <<<'JSON'\n${json(body.json)}\nJSON;`, '');
    options.push('CURLOPT_POSTFIELDS => $body');
  } else if (body && 'form' in body) {
    options.push(
      `CURLOPT_POSTFIELDS => http_build_query([\n        ${body.form.map(([name, value]) => `${text(name)} => ${text(value)}`).join(',\n        ')},\n    ])`,
    );
  } else if (body && 'file' in body) {
    headers.push(text(`Content-Type: ${body.type}`));
    options.push(`CURLOPT_POSTFIELDS => file_get_contents(${text(body.file)})`);
  } else if (body && 'text' in body) {
    headers.push(text(`Content-Type: ${body.type}`));
    before.push(`$body = <<<'BODY'\n${body.text}\nBODY;`, '');
    options.push('CURLOPT_POSTFIELDS => $body');
  } else if (body) {
    const parts = body.multipart.map(
      (part) => `${text(part.name)} => ${isFile(part) ? `new CURLFile(${text(part.file)})` : text(part.value)}`,
    );
    options.push(`CURLOPT_POSTFIELDS => [\n        ${parts.join(',\n        ')},\n    ]`);
  }
  if (headers.length) options.splice(1, 0, `CURLOPT_HTTPHEADER => [\n        ${headers.join(',\n        ')},\n    ]`);
  options.push('CURLOPT_RETURNTRANSFER => true');
  return [
    ...before,
    `$curl = curl_init(${read(request.url)});`,
    `curl_setopt_array($curl, [\n    ${options.join(',\n    ')},\n]);`,
    '$response = curl_exec($curl);',
    "echo curl_getinfo($curl, CURLINFO_HTTP_CODE), ' ', $response, PHP_EOL;",
  ].join('\n');
}

function java(request: SampleRequest): string {
  const imports = ['java.net.URI', 'java.net.http.HttpClient', 'java.net.http.HttpRequest', 'java.net.http.HttpResponse'];
  const before: string[] = [];
  const read = (pieces: Pieces) => expression(pieces, quoted, (name) => `System.getenv(${quoted(name)})`, ' + ');
  const builder = [`HttpRequest.newBuilder(URI.create(${read(request.url)}))`];
  if (request.basic) {
    imports.push('java.nio.charset.StandardCharsets', 'java.util.Base64');
    const login = read([{env: request.basic.user}, ':', {env: request.basic.password}]);
    builder.push(`.header("Authorization", "Basic " + Base64.getEncoder().encodeToString((${login}).getBytes(StandardCharsets.UTF_8)))`);
  }
  builder.push(...request.credentials.map(([name, value]) => `.header(${quoted(name)}, ${read(value)})`));
  for (const [name, value] of request.headers) builder.push(`.header(${quoted(name)}, ${quoted(value)})`);
  const body = request.body;
  let publisher = 'HttpRequest.BodyPublishers.noBody()';
  if (body && 'json' in body) {
    builder.push(`.header("Content-Type", ${quoted(body.type ?? 'application/json')})`);
    const block = json(body.json).replaceAll('\\', '\\\\');
    publisher = `HttpRequest.BodyPublishers.ofString("""\n        ${indent(block, 8)}\n        """)`;
  } else if (body && 'form' in body) {
    builder.push(`.header("Content-Type", "application/x-www-form-urlencoded")`);
    const encoded = body.form.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
    publisher = `HttpRequest.BodyPublishers.ofString(${quoted(encoded)})`;
  } else if (body && 'file' in body) {
    imports.push('java.nio.file.Path');
    builder.push(`.header("Content-Type", ${quoted(body.type)})`);
    publisher = `HttpRequest.BodyPublishers.ofFile(Path.of(${quoted(body.file)}))`;
  } else if (body && 'text' in body) {
    builder.push(`.header("Content-Type", ${quoted(body.type)})`);
    publisher = `HttpRequest.BodyPublishers.ofString(${quoted(body.text)})`;
  } else if (body) {
    imports.push('java.io.ByteArrayOutputStream', 'java.nio.file.Files', 'java.nio.file.Path');
    before.push('String boundary = "form-" + System.nanoTime();', 'ByteArrayOutputStream form = new ByteArrayOutputStream();');
    for (const part of body.multipart) {
      const disposition = isFile(part)
        ? `Content-Disposition: form-data; name=\\"${part.name}\\"; filename=\\"${part.file}\\"\\r\\n\\r\\n`
        : `Content-Disposition: form-data; name=\\"${part.name}\\"\\r\\n\\r\\n`;
      before.push(`form.write(("--" + boundary + "\\r\\n${disposition}").getBytes());`);
      before.push(
        isFile(part) ? `form.write(Files.readAllBytes(Path.of(${quoted(part.file)})));` : `form.write(${quoted(part.value)}.getBytes());`,
      );
      before.push('form.write("\\r\\n".getBytes());');
    }
    before.push('form.write(("--" + boundary + "--\\r\\n").getBytes());', '');
    builder.push('.header("Content-Type", "multipart/form-data; boundary=" + boundary)');
    publisher = 'HttpRequest.BodyPublishers.ofByteArray(form.toByteArray())';
  }
  if (request.method === 'GET' || request.method === 'DELETE') {
    builder.push(`.${request.method}()`);
  } else {
    builder.push(`.method(${quoted(request.method)}, ${publisher})`);
  }
  builder.push('.build();');
  return [
    ...imports.map((name) => `import ${name};`),
    '',
    ...before,
    `HttpRequest request = ${builder.join('\n    ')}`,
    'HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());',
    'System.out.println(response.statusCode() + " " + response.body());',
  ].join('\n');
}

function csharp(request: SampleRequest): string {
  const method = `${request.method[0]}${request.method.slice(1).toLowerCase()}`;
  const read = (pieces: Pieces) => expression(pieces, quoted, (name) => `Environment.GetEnvironmentVariable(${quoted(name)})`, ' + ');
  const lines = [
    'using System.Text;',
    '',
    'using var client = new HttpClient();',
    `var request = new HttpRequestMessage(HttpMethod.${method}, ${read(request.url)});`,
    ...(request.basic
      ? [
          `var login = Encoding.UTF8.GetBytes(${read([{env: request.basic.user}, ':', {env: request.basic.password}])});`,
          'request.Headers.Authorization = new System.Net.Http.Headers.AuthenticationHeaderValue("Basic", Convert.ToBase64String(login));',
        ]
      : []),
    ...request.credentials.map(([name, value]) => `request.Headers.Add(${quoted(name)}, ${read(value)});`),
    ...request.headers.map(([name, value]) => `request.Headers.Add(${quoted(name)}, ${quoted(value)});`),
  ];
  const body = request.body;
  if (body && 'json' in body) {
    // StringContent takes the media type without parameters, and adds the charset of its encoding.
    const type = (body.type ?? 'application/json').split(';')[0]!.trim();
    lines.push(`request.Content = new StringContent("""\n    ${indent(json(body.json), 4)}\n    """, Encoding.UTF8, ${quoted(type)});`);
  } else if (body && 'form' in body) {
    const entries = body.form.map(([name, value]) => `[${quoted(name)}] = ${quoted(value)},`);
    lines.push(`request.Content = new FormUrlEncodedContent(new Dictionary<string, string>\n{\n    ${entries.join('\n    ')}\n});`);
  } else if (body && 'file' in body) {
    lines.push(`request.Content = new ByteArrayContent(File.ReadAllBytes(${quoted(body.file)}));`);
    lines.push(`request.Content.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue(${quoted(body.type)});`);
  } else if (body && 'text' in body) {
    lines.push(`request.Content = new StringContent(${quoted(body.text)}, Encoding.UTF8, ${quoted(body.type)});`);
  } else if (body) {
    lines.push('var form = new MultipartFormDataContent();');
    for (const part of body.multipart) {
      lines.push(
        isFile(part)
          ? `form.Add(new ByteArrayContent(File.ReadAllBytes(${quoted(part.file)})), ${quoted(part.name)}, ${quoted(part.file)});`
          : `form.Add(new StringContent(${quoted(part.value)}), ${quoted(part.name)});`,
      );
    }
    lines.push('request.Content = form;');
  }
  lines.push(
    'var response = await client.SendAsync(request);',
    'Console.WriteLine($"{(int)response.StatusCode} {await response.Content.ReadAsStringAsync()}");',
  );
  return lines.join('\n');
}

/** The six languages, in the order of their tabs. */
export const languages: [Language, ...Language[]] = [
  {id: 'curl', label: 'cURL', highlight: 'bash', write: curl},
  {id: 'nodejs', label: 'Node.js', highlight: 'javascript', write: nodejs},
  {id: 'python', label: 'Python', highlight: 'python', write: pythonRequests},
  {id: 'php', label: 'PHP', highlight: 'php', write: php},
  {id: 'java', label: 'Java', highlight: 'java', write: java},
  {id: 'csharp', label: 'C#', highlight: 'csharp', write: csharp},
];
